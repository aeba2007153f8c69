import type { WriteHealth } from './write-health';
/**
 * The small document-collection surface both backends implement (a subset of MongoDB's that
 * NeDB supports with the same meaning). Repositories are written once against it.
 */

export interface Doc {
  _id: string;
}

/** Filters use plain equality plus $gt/$gte/$lt/$lte/$ne/$in/$exists/$or/$and, and $regex with a RegExp object. */
export type Filter = Record<string, unknown>;

/** Updates use $set, $unset, $inc and $push. */
export interface Update {
  $set?: Record<string, unknown>;
  $unset?: Record<string, true | '' | 1>;
  $inc?: Record<string, number>;
  $push?: Record<string, unknown>;
}

export interface FindOptions {
  sort?: Record<string, 1 | -1>;
  limit?: number;
  skip?: number;
}

export interface IndexSpec {
  fields: Record<string, 1 | -1>;
  unique?: boolean;
  /** Only documents that have the (first) field take part: unique among those present. */
  sparse?: boolean;
}

export interface Collection<T extends Doc> {
  insertOne(doc: T): Promise<T>;
  findOne(filter: Filter): Promise<T | null>;
  find(filter: Filter, options?: FindOptions): Promise<T[]>;
  count(filter: Filter): Promise<number>;
  /** Counts the matches per value of `field` (a string field): value → count, values without a match absent. */
  countBy(filter: Filter, field: string): Promise<Map<string, number>>;
  /** Atomically updates the first match; returns it as it is after the update, or null. */
  updateOne(filter: Filter, update: Update): Promise<T | null>;
  updateMany(filter: Filter, update: Update): Promise<number>;
  /**
   * One atomic step that only moves a document forward: inserts `doc` when no document has its
   * `_id`; otherwise, when the stored `forward.field` is below `forward.below` (or missing), writes
   * `doc` over it, or with `set` only those (dotted) fields. A document as far along is left as it
   * is. Resolves whether it wrote.
   */
  upsertForward(doc: T, forward: { field: string; below: number }, set?: Record<string, unknown>): Promise<boolean>;
  deleteMany(filter: Filter): Promise<number>;
}

export interface StoreDriver {
  readonly kind: 'embedded' | 'mongodb';
  collection<T extends Doc>(name: string, indexes?: IndexSpec[]): Promise<Collection<T>>;
  /**
   * A unit of work: `work`'s writes are kept together or not at all (one commit on SQLite, one
   * transaction on MongoDB). They resolve as soon as they are applied, before they are durable;
   * the caller awaits the returned `durable()` before it acknowledges anything (it rejects when
   * any of those writes was rolled back).
   */
  unitOfWork<R>(work: () => Promise<R>): Promise<{ value: R; durable(): Promise<void> }>;
  /** A read barrier: resolves once what was written so far has been committed (or abandoned). */
  durable(): Promise<void>;
  /** Called when writes that had been applied were rolled back (a failed commit): drop caches. */
  onRollback(listener: () => void): void;
  /** Whether the store can write now: what its writes and a probe write of its own say. */
  readonly health: WriteHealth;
  close(): Promise<void>;
}

/** A unique index refused a write; `field` names the index's first field when known. */
export class DuplicateKeyError extends Error {
  constructor(readonly field: string | null) {
    super(`duplicate value for ${field ?? 'a unique field'}`);
  }
}
