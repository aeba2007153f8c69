/** What every stored event carries: its id and its place in its stream. */
export interface StoredEvent {
  _id: string;
  stream: string;
  seq: number;
}

/** Thrown by an event store when the (stream, seq) place is taken: another writer got there first. */
export class SeqTakenError extends Error {
  constructor(
    readonly stream: string,
    readonly seq: number,
  ) {
    super(`event ${stream}#${seq} exists already`);
  }
}

/** The event store a command needs. */
export interface EventStorePort<E extends StoredEvent> {
  /** The highest seq of the stream (0 when empty); may be behind the store, never ahead. */
  head(stream: string): Promise<number>;
  /** Inserts at exactly `event.seq`; throws `SeqTakenError` when that place is taken. */
  insert(event: E): Promise<E>;
}

/**
 * Optimistic concurrency: read the head, decide on the state read after it, insert at head + 1;
 * when another writer took that place, read and decide again. Sequences stay gapless and unique.
 * `decide` returning null appends nothing (the command changes nothing).
 */
export const appendWithRetry = async <E extends StoredEvent, N extends { stream: string }>(
  store: EventStorePort<E>,
  stream: string,
  /** The event without its id and seq, which the append gives it (`E` is `N` with those two). */
  decide: (head: number) => Promise<N | null>,
  newId: () => string,
  maxAttempts = 50,
): Promise<E | null> => {
  for (let attempt = 1; ; attempt += 1) {
    const head = await store.head(stream);
    const decided = await decide(head);
    if (!decided) return null;
    try {
      return await store.insert({ ...decided, _id: newId(), seq: head + 1 } as unknown as E);
    } catch (error) {
      if (!(error instanceof SeqTakenError) || attempt >= maxAttempts) throw error;
    }
  }
};
