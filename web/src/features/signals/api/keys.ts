import type { SignalSide } from '@le/contracts';

/** The list's filters: which statuses ('closed' = closed or cancelled) and which side; absent = every side. */
export type SignalStatusFilter = 'open' | 'closed' | 'all';

export interface SignalFilters {
  status: SignalStatusFilter;
  side?: SignalSide | null;
}

/** How many signals the home page's feed shows (components/latest-signals-feed.tsx). */
export const HOME_FEED_LIMIT = 4;

/**
 * The signals' query keys: the filtered lists (the filters in the key), the home page's feed, one
 * signal with its timeline, the record, the open signals. A `signal:event` patches the lists, the
 * feed and the open signals in place (api/open-signals.ts); it makes only the timeline and the record stale.
 */
export const signalKeys = {
  all: ['signals'] as const,
  lists: () => [...signalKeys.all, 'list'] as const,
  list: (filters: SignalFilters) => [...signalKeys.lists(), { status: filters.status, side: filters.side ?? null }] as const,
  /** The newest few of every status (the home page's feed); patched by events, as the lists. */
  latest: (limit: number) => [...signalKeys.all, 'latest', limit] as const,
  details: () => [...signalKeys.all, 'detail'] as const,
  detail: (id: string) => [...signalKeys.details(), id] as const,
  stats: () => [...signalKeys.all, 'stats'] as const,
  /** The open signals of one view (a new viewer, or new rights, is a new view: read anew). */
  opens: () => [...signalKeys.all, 'open'] as const,
  open: (view: number) => [...signalKeys.opens(), view] as const,
  /** The public ledger checked in the browser. */
  ledger: () => [...signalKeys.all, 'ledger'] as const,
};
