import type { SignalSide } from '@le/contracts';

/** The list's filters: which statuses ('closed' = closed or cancelled) and which side; absent = every side. */
export type SignalStatusFilter = 'open' | 'closed' | 'all';

export interface SignalFilters {
  status: SignalStatusFilter;
  side?: SignalSide | null;
}

/** How many signals the home page's feed shows (components/latest-signals-feed.tsx). */
export const HOME_FEED_LIMIT = 4;

/** The signals' query keys: the filtered lists (the filters in the key), one signal with its timeline, the record, the open feed. */
export const signalKeys = {
  all: ['signals'] as const,
  lists: () => [...signalKeys.all, 'list'] as const,
  list: (filters: SignalFilters) => [...signalKeys.lists(), { status: filters.status, side: filters.side ?? null }] as const,
  /** The newest few of every status (the home page's feed); under `lists()`, so a new event refreshes it. */
  latest: (limit: number) => [...signalKeys.lists(), { latest: limit }] as const,
  details: () => [...signalKeys.all, 'detail'] as const,
  detail: (id: string) => [...signalKeys.details(), id] as const,
  stats: () => [...signalKeys.all, 'stats'] as const,
  open: () => [...signalKeys.all, 'open'] as const,
};
