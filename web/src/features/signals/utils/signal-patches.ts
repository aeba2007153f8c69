import type { Signal, SignalEventPayload } from '@le/contracts';

/**
 * The open signals as this viewer sees them, kept current from the `signals` stream (contract §8):
 * `head` is the last seq applied without a hole. An event at `head + 1` applies; one at or below
 * `head` was applied already; one further on waits in `pending` (a gap: the feed reads
 * `GET /signals/events?after=head`). A signal is only replaced by a version with a higher seq, and
 * leaves the list once closed or cancelled.
 */
export interface OpenSignalsData {
  /** Open signals, newest first (by opening time). */
  signals: Signal[];
  /** The last seq applied in order (a lower bound right after seeding: the catch-up moves it on). */
  head: number;
  /** Seeded from `GET /signals?status=open` for the current viewer. */
  loaded: boolean;
  /** Events past a hole, ascending, applied once the hole is filled. */
  pending: SignalEventPayload[];
  /** An event arrived past a hole: the log must be read. */
  gap: boolean;
}

export const emptyOpenSignals = (): OpenSignalsData => ({ signals: [], head: 0, loaded: false, pending: [], gap: false });

const newestFirst = (a: Signal, b: Signal): number =>
  a.openedAt === b.openedAt ? (a._id < b._id ? 1 : a._id > b._id ? -1 : 0) : a.openedAt < b.openedAt ? 1 : -1;

/** The list with this version of a signal in it (open) or out of it (closed, cancelled); an older version changes nothing. */
export const upsertSignal = (signals: Signal[], signal: Signal): Signal[] => {
  const index = signals.findIndex((item) => item._id === signal._id);
  const current = index === -1 ? null : signals[index]!;
  if (current && current.seq >= signal.seq) return signals;
  if (signal.status !== 'open') return index === -1 ? signals : signals.filter((item) => item._id !== signal._id);
  const next = index === -1 ? [...signals, signal] : signals.map((item) => (item._id === signal._id ? signal : item));
  return next.sort(newestFirst);
};

/** Keep pending events past `head` only, ascending, each seq once. */
const queue = (pending: SignalEventPayload[], head: number): SignalEventPayload[] => {
  const bySeq = new Map<number, SignalEventPayload>();
  for (const event of pending) if (event.seq > head && !bySeq.has(event.seq)) bySeq.set(event.seq, event);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
};

/** Apply what is contiguous with `head` from the pending queue. */
const drain = (state: OpenSignalsData, applied: SignalEventPayload[]): OpenSignalsData => {
  let { signals, head } = state;
  const pending = queue(state.pending, head);
  while (pending.length > 0 && pending[0]!.seq === head + 1) {
    const event = pending.shift()!;
    signals = upsertSignal(signals, event.signal);
    head = event.seq;
    applied.push(event);
  }
  return { ...state, signals, head, pending, gap: pending.length > 0 };
};

/** Pure: one event into the state, and the events it made take effect (pushed onto `applied`). */
export const applySignalEvent = (state: OpenSignalsData, event: SignalEventPayload, applied: SignalEventPayload[] = []): OpenSignalsData => {
  if (state.loaded && event.seq <= state.head) return state;
  if (state.pending.some((item) => item.seq === event.seq)) return state;
  const next = { ...state, pending: [...state.pending, event] };
  // Before the first seed nothing applies: the events wait, the seed decides which are old.
  if (!state.loaded) return next;
  return drain(next, applied);
};

/** Pure: start over from an open list read now; pending events past its head still apply. */
export const seedSignals = (state: OpenSignalsData, signals: Signal[], head: number, applied: SignalEventPayload[] = []): OpenSignalsData => {
  const start = Math.max(head, ...signals.map((signal) => signal.seq), 0);
  const open = signals.filter((signal) => signal.status === 'open').sort(newestFirst);
  return drain({ signals: open, head: start, loaded: true, pending: state.pending, gap: false }, applied);
};


/** A list's filters (api/keys.ts), as far as a signal's own fields can answer them. */
export interface ListFilters {
  status: 'open' | 'closed' | 'all';
  side?: Signal['side'];
}

/** Whether this version of a signal belongs in a list under these filters (as the server's list would say). */
export const matchesFilters = (signal: Signal, filters: ListFilters): boolean => {
  if (filters.status === 'open' && signal.status !== 'open') return false;
  if (filters.status === 'closed' && signal.status === 'open') return false;
  // A side the viewer may not see (null while open) never matches a side asked for: the server leaves it out too.
  return !filters.side || signal.side === filters.side;
};

/**
 * Pure: one version of a signal into a list read newest first (by opening), as the server would list
 * it now: replaced when it holds an older version, taken out when it no longer matches, put in at its
 * place when it matches and that place lies within what was read (`complete`: the list has no further
 * page, so any place does). Answers the same array when nothing changes.
 */
export const patchSignalRows = (rows: Signal[], signal: Signal, filters: ListFilters, complete: boolean): Signal[] => {
  const index = rows.findIndex((row) => row._id === signal._id);
  if (index !== -1) {
    if (rows[index]!.seq >= signal.seq) return rows;
    if (!matchesFilters(signal, filters)) return rows.filter((row) => row._id !== signal._id);
    return rows.map((row) => (row._id === signal._id ? signal : row));
  }
  if (!matchesFilters(signal, filters)) return rows;
  const at = rows.findIndex((row) => newestFirst(signal, row) < 0);
  if (at === -1) return complete ? [...rows, signal] : rows;
  return [...rows.slice(0, at), signal, ...rows.slice(at)];
};

/**
 * Pure: a signal into a list read a page at a time: the page it belongs on (the last page only when
 * it is the end of the list), or out of the page that holds it. Answers the same pages when nothing changes.
 */
export const patchSignalPages = <P extends { signals: Signal[]; nextCursor: string | null }>(pages: P[], signal: Signal, filters: ListFilters): P[] => {
  const holder = pages.findIndex((page) => page.signals.some((row) => row._id === signal._id));
  let changed = false;
  const next = pages.map((page, index) => {
    // Held already: only its page changes. New: the first page whose rows reach past it takes it.
    if (holder !== -1 && index !== holder) return page;
    if (holder === -1 && changed) return page;
    const last = index === pages.length - 1;
    const signals = patchSignalRows(page.signals, signal, filters, last && page.nextCursor === null);
    if (signals === page.signals) return page;
    changed = true;
    return { ...page, signals };
  });
  return changed ? next : pages;
};
