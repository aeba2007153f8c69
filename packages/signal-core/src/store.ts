import { SIGNALS_STREAM, type NewSignalEvent, type SignalEvent } from './events';
import { evolveSignal, type SignalDoc } from './projection';

/** Thrown by an event store when the seq is taken: another writer got there first. */
export class SignalSeqTakenError extends Error {
  constructor(readonly seq: number) {
    super(`signal event #${seq} exists already`);
  }
}

/** The event store a command handler needs. */
export interface SignalEventStorePort {
  head(): Promise<number>;
  /** Inserts at exactly `event.seq`; throws `SignalSeqTakenError` when that place is taken. */
  insert(event: SignalEvent): Promise<SignalEvent>;
}

/** The projection a command handler writes. */
export interface SignalProjectionPort {
  findSignal(signalId: string): Promise<SignalDoc | null>;
  /** Keeps the document unless the stored one has folded further (a higher seq). */
  saveSignal(doc: SignalDoc): Promise<void>;
}

/**
 * Optimistic concurrency: read the head, decide on the state read after it, insert at head + 1;
 * when another writer took that place, read and decide again. Sequences stay gapless and unique.
 */
export const appendSignalEvent = async (
  store: SignalEventStorePort,
  decide: (head: number) => Promise<NewSignalEvent | null>,
  newId: () => string,
  maxAttempts = 50,
): Promise<SignalEvent | null> => {
  for (let attempt = 1; ; attempt += 1) {
    const head = await store.head();
    const decided = await decide(head);
    if (!decided) return null;
    try {
      return await store.insert({ ...decided, _id: newId(), seq: head + 1 } as SignalEvent);
    } catch (error) {
      if (!(error instanceof SignalSeqTakenError) || attempt >= maxAttempts) throw error;
    }
  }
};

/** Folds the event into its signal's projected document and saves it; returns the signal after it. */
export const applySignalEvent = async (projection: SignalProjectionPort, event: SignalEvent): Promise<SignalDoc | null> => {
  const before = await projection.findSignal(event.data.signalId);
  const after = evolveSignal(before, event);
  if (after && after !== before) await projection.saveSignal(after);
  return after;
};

const tick = async (): Promise<void> => {
  for (let i = 0; i < 3; i += 1) await Promise.resolve();
};
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Events and the projection in memory: the reference adapter for tests (every call yields, like I/O). */
export class MemorySignalStore implements SignalEventStorePort, SignalProjectionPort {
  readonly events: SignalEvent[] = [];
  readonly signals = new Map<string, SignalDoc>();

  async head(): Promise<number> {
    await tick();
    return this.events.reduce((max, event) => Math.max(max, event.seq), 0);
  }

  async insert(event: SignalEvent): Promise<SignalEvent> {
    await tick();
    if (event.stream !== SIGNALS_STREAM || this.events.some((other) => other.seq === event.seq)) throw new SignalSeqTakenError(event.seq);
    this.events.push(clone(event));
    return event;
  }

  async findSignal(signalId: string): Promise<SignalDoc | null> {
    await tick();
    const doc = this.signals.get(signalId);
    return doc ? clone(doc) : null;
  }

  async saveSignal(doc: SignalDoc): Promise<void> {
    await tick();
    const stored = this.signals.get(doc._id);
    if (!stored || stored.seq < doc.seq) this.signals.set(doc._id, clone(doc));
  }
}
