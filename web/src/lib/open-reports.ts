import { useQueryData } from './query-client';

/**
 * The open reports' count (admins, contract §13): its query key. The app's moderation layer reads and
 * keeps it (features/moderation/hooks/use-moderation-live.ts); the top bar and the queue only show it.
 * Outside `['moderation', …]`, so that a new report making the queue stale does not read it again.
 */
export const openReportsKey = ['moderation-open-count'] as const;

/** The open reports as the cache holds them (0 until read, and for everyone but admins). */
export const useOpenReports = (): number => {
  const count = useQueryData<number>(openReportsKey);
  return typeof count === 'number' && Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
};
