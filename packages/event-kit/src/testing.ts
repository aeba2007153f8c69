import { SeqTakenError, type EventStorePort, type StoredEvent } from './append';

/** Lets other pending writers run in between, as real I/O would. */
export const tick = async (): Promise<void> => {
  for (let i = 0; i < 3; i += 1) await Promise.resolve();
};

/** A deep copy, as a store's round trip gives. */
export const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * An event log in memory, unique on (stream, seq): the reference adapter for tests (every call
 * yields once, like I/O). The cores' in-memory stores are built on it.
 */
export class MemoryEventLog<E extends StoredEvent> implements EventStorePort<E> {
  readonly events: E[] = [];

  async head(stream: string): Promise<number> {
    await tick();
    return this.events.filter((event) => event.stream === stream).reduce((max, event) => Math.max(max, event.seq), 0);
  }

  async insert(event: E): Promise<E> {
    await tick();
    if (this.events.some((other) => other.stream === event.stream && other.seq === event.seq)) {
      throw new SeqTakenError(event.stream, event.seq);
    }
    this.events.push(clone(event));
    return event;
  }

  /** The stored events of a stream that pass `keep`, in seq order, copied. */
  async select(stream: string, keep: (event: E) => boolean = () => true): Promise<E[]> {
    await tick();
    return this.events
      .filter((event) => event.stream === stream && keep(event))
      .sort((a, b) => a.seq - b.seq)
      .map((event) => clone(event));
  }
}
