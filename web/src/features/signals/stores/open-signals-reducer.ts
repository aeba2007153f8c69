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

