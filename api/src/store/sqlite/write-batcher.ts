import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database as SqliteDatabase } from 'better-sqlite3';
import { isStoreUnavailable } from '../../lib/store-failures';
import type { WriteHealth } from '../write-health';

interface Waiter {
  generation: number;
  resolve(): void;
  reject(error: unknown): void;
}

/** What `unitOfWork` hands back: the work's value, and when the writes it made are durable. */
export interface Deferred<R> {
  value: R;
  /** Resolves once every write of the work is committed; rejects if any was rolled back. */
  durable(): Promise<void>;
}

/**
 * Group commit. Every write runs at once inside a transaction that stays open until the end of
 * the current turn of the event loop; then one COMMIT (one fsync with synchronous=FULL) makes all
 * of them durable together, and only then do their promises resolve. Each write is its own
 * savepoint, so a refused one (a unique index) undoes only itself; an error that makes SQLite
 * abandon the whole transaction (a full disk, an I/O error) or a failed COMMIT rejects every
 * write of that transaction (its generation) and tells the rollback listeners. Inside
 * `unitOfWork` a write resolves once applied, so a command's several writes cost one turn
 * and one commit; the command awaits the returned `durable()` before it answers or publishes.
 */
export class WriteBatcher {
  /** The number of the open transaction (or of the last one): each BEGIN starts a new generation. */
  private generation = 0;
  /** Every generation up to this one has committed or failed. */
  private settledUpTo = 0;
  /** Generations that were rolled back, with why (the newest few hundred). */
  private readonly failures = new Map<number, unknown>();
  private waiters: Waiter[] = [];
  private scheduled = false;
  /** Inside unitOfWork: the generations the work wrote in. */
  private readonly deferred = new AsyncLocalStorage<Set<number>>();
  private readonly rollbackListeners: (() => void)[] = [];

  constructor(
    private readonly db: SqliteDatabase,
    private readonly health: WriteHealth,
  ) {}

  /**
   * `single`: the work changes the database with one statement at most, which SQLite undoes by
   * itself when it fails (a unique index): no savepoint is needed around it.
   */
  run<R>(work: () => R, options: { single?: boolean } = {}): Promise<R> {
    if (!this.db.inTransaction) {
      try {
        this.db.exec('BEGIN IMMEDIATE');
      } catch (error) {
        this.health.failed(error);
        return Promise.reject(error);
      }
      this.generation += 1;
    }
    const generation = this.generation;
    const touched = this.deferred.getStore();
    // A command whose earlier write was rolled back writes nothing more: its projection must not
    // land in a later commit without the event it follows.
    const lost = touched ? [...touched].find((written) => this.failures.has(written)) : undefined;
    if (lost !== undefined) {
      this.schedule();
      return Promise.reject(this.failures.get(lost));
    }
    let result: R;
    try {
      result = options.single ? work() : this.db.transaction(work)();
    } catch (error) {
      this.health.failed(error);
      // A constraint undoes only this write's savepoint. Our own failure (a full disk, an I/O
      // error) abandons the whole transaction: SQLite may have done so already, and otherwise a
      // command's event could commit without the projection that failed after it. Every write
      // of it is told (none was answered yet: answers wait for the commit).
      if (this.db.inTransaction && isStoreUnavailable(error)) this.abandon();
      if (this.db.inTransaction) this.schedule();
      else this.fail(generation, error);
      return Promise.reject(error);
    }
    if (touched) {
      touched.add(generation);
      this.schedule();
      return Promise.resolve(result);
    }
    return this.settled(generation).then(() => result);
  }

  async unitOfWork<R>(work: () => Promise<R>): Promise<Deferred<R>> {
    const touched = new Set<number>();
    let value: R;
    try {
      value = await this.deferred.run(touched, work);
    } catch (error) {
      // A command that fails between its writes (its event in, its projection refused) keeps
      // none of them: the open transaction goes, and every write of it is told (none was
      // answered yet: answers wait for the commit).
      if (this.db.inTransaction && touched.has(this.generation)) {
        this.abandon();
        this.fail(this.generation, error);
      }
      throw error;
    }
    return { value, durable: () => Promise.all([...touched].map((generation) => this.settled(generation))).then(() => undefined) };
  }

  /** A read barrier: resolves once what is open now has been committed or abandoned. */
  durable(): Promise<void> {
    if (!this.db.inTransaction) return Promise.resolve();
    return this.settled(this.generation).catch(() => undefined);
  }

  onRollback(listener: () => void): void {
    this.rollbackListeners.push(listener);
  }

  private settled(generation: number): Promise<void> {
    if (generation <= this.settledUpTo) {
      return this.failures.has(generation) ? Promise.reject(this.failures.get(generation)) : Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      this.waiters.push({ generation, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  private settle(generation: number): void {
    this.settledUpTo = Math.max(this.settledUpTo, generation);
    const due = this.waiters.filter((waiter) => waiter.generation <= this.settledUpTo);
    this.waiters = this.waiters.filter((waiter) => waiter.generation > this.settledUpTo);
    for (const waiter of due) {
      if (this.failures.has(waiter.generation)) waiter.reject(this.failures.get(waiter.generation));
      else waiter.resolve();
    }
  }

  private fail(generation: number, error: unknown): void {
    this.health.failed(error);
    this.failures.set(generation, error);
    if (this.failures.size > 500) this.failures.delete(this.failures.keys().next().value!);
    for (const listener of this.rollbackListeners) listener();
    this.settle(generation);
  }

  private abandon(): void {
    try {
      this.db.exec('ROLLBACK');
    } catch {
      // already rolled back by SQLite
    }
  }

  /** Commits what is open now; safe to call at any time (close() does). */
  flush(): void {
    this.scheduled = false;
    if (!this.db.inTransaction) return;
    const generation = this.generation;
    try {
      this.db.exec('COMMIT');
    } catch (error) {
      if (this.db.inTransaction) this.abandon();
      this.fail(generation, error);
      return;
    }
    this.health.succeeded();
    this.settle(generation);
  }
}
