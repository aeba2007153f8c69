import type { Store } from '../store';

/**
 * The write path every event-sourced stream shares, written once:
 * - a per-stream queue: within this process the writes to one stream run one after the other, so
 *   projections follow the event order (other processes are kept apart by the event store's
 *   unique (stream, seq), see `appendWithRetry` of `@le/event-kit`);
 * - a unit of work: the append and its projections share one commit (one transaction on MongoDB),
 *   so no event is kept without its projection; the stream's next command may start meanwhile;
 * - publish after durable: nothing is answered or published before that commit is durable.
 *
 * One writer per service instance (one per app): its queues must be shared by all its callers.
 * A new stream type (moderation's room settings, reports, timeouts) gets its own stream names and
 * reuses it as chat and signals do:
 *
 *     writer.write(stream, async () => {
 *       const event = await appendWithRetry(store.myEvents, stream, decide, newId);
 *       return event && { event, doc: await project(event) };
 *     }, (written) => written && publish(written));
 */
export class StreamWriter {
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(private readonly store: Pick<Store, 'unitOfWork'>) {}

  /** Runs `work` after every earlier write to the same stream of this process. */
  private serial<T>(stream: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(stream) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => undefined);
    this.queues.set(stream, settled);
    void settled.then(() => {
      if (this.queues.get(stream) === settled) this.queues.delete(stream);
    });
    return next;
  }

  /**
   * Runs `work` (decide, append, project) in its stream's queue as one unit of work, waits until
   * it is durable, hands its value to `publish` (awaited when it returns a promise: a publish that
   * first reads what it sends, kept in order by its caller), and returns it. A failure anywhere
   * keeps nothing of the work and publishes nothing.
   */
  async write<R>(stream: string, work: () => Promise<R>, publish?: (value: R) => void | Promise<void>): Promise<R> {
    const unit = await this.serial(stream, () => this.store.unitOfWork(work));
    await unit.durable();
    await publish?.(unit.value);
    return unit.value;
  }
}
