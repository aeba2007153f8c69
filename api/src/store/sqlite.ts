import { AsyncLocalStorage } from 'node:async_hooks';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import Database, { SqliteError, type Database as SqliteDatabase, type Statement } from 'better-sqlite3';
import {
  DuplicateKeyError,
  type Collection,
  type Doc,
  type Filter,
  type FindOptions,
  type IndexSpec,
  type StoreDriver,
  type Update,
} from './collection';
import { decodeDocument, encodeDocument, encodeValue } from './sqlite-codec';

/** The one database file of the embedded store, inside DATA_DIR. */
export const SQLITE_FILE = 'store.sqlite';

/**
 * A field of a document as SQL sees it. Every query and every index is written through this one
 * function, so SQLite recognises the index expression in a WHERE or ORDER BY and uses the index.
 */
const fieldExpression = (field: string): string => {
  if (field === '_id') return '_id';
  const jsonPath = `$${field.split('.').map((part) => `."${part.replace(/["\\]/g, '')}"`).join('')}`;
  return `json_extract(doc, '${jsonPath.replace(/'/g, "''")}')`;
};

const fieldType = (field: string): string => fieldExpression(field).replace(/^json_extract/, 'json_type');

const quoteName = (name: string): string => `"${name.replace(/"/g, '""')}"`;

const indexName = (collection: string, index: IndexSpec): string =>
  `ix_${collection}_${Object.keys(index.fields).join('_').replace(/[^A-Za-z0-9_]/g, '_')}`;

/** Binds as SQLite can: booleans as 1/0 (as json_extract reads them), dates as the codec writes them. */
const bindable = (value: unknown): unknown => {
  if (typeof value === 'boolean') return value ? 1 : 0;
  return encodeValue(value);
};

/** Translates the Filter subset of collection.ts into a WHERE clause and its parameters. */
const translate = (filter: Filter, params: unknown[]): string => {
  const parts: string[] = [];
  for (const [key, condition] of Object.entries(filter)) {
    if (key === '$or' || key === '$and') {
      const branches = (condition as Filter[]).map((branch) => `(${translate(branch, params)})`);
      parts.push(branches.length === 0 ? (key === '$or' ? '0' : '1') : `(${branches.join(key === '$or' ? ' OR ' : ' AND ')})`);
      continue;
    }
    const column = fieldExpression(key);
    const isOperators =
      condition !== null && typeof condition === 'object' && !(condition instanceof Date) && Object.keys(condition).every((k) => k.startsWith('$'));
    if (isOperators && Object.keys(condition as object).length === 0) throw new Error(`empty condition on ${key}`);
    if (!isOperators) {
      // Equality with an object or array has no one meaning in SQL: no repository asks for it.
      if (condition !== null && typeof condition === 'object' && !(condition instanceof Date)) throw new Error(`unsupported equality on ${key}`);
      if (condition === null || condition === undefined) parts.push(`${column} IS NULL`);
      else {
        parts.push(`${column} = ?`);
        params.push(bindable(condition));
      }
      continue;
    }
    for (const [operator, operand] of Object.entries(condition as Record<string, unknown>)) {
      switch (operator) {
        case '$gt':
        case '$gte':
        case '$lt':
        case '$lte': {
          const sign = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' }[operator];
          parts.push(`${column} ${sign} ?`);
          params.push(bindable(operand));
          break;
        }
        case '$ne':
          if (operand === null) parts.push(`${column} IS NOT NULL`);
          else {
            parts.push(`${column} IS NOT ?`);
            params.push(bindable(operand));
          }
          break;
        case '$in': {
          // As in MongoDB, a null in the list also matches a missing field.
          const values = (operand as unknown[]).filter((value) => value !== null);
          const orNull = values.length < (operand as unknown[]).length ? ` OR ${column} IS NULL` : '';
          if (values.length === 0) parts.push(orNull ? `${column} IS NULL` : '0');
          else {
            parts.push(`(${column} IN (${values.map(() => '?').join(', ')})${orNull})`);
            params.push(...values.map(bindable));
          }
          break;
        }
        case '$exists':
          parts.push(key === '_id' ? (operand ? '1' : '0') : `${fieldType(key)} IS ${operand ? 'NOT ' : ''}NULL`);
          break;
        case '$regex': {
          const pattern = operand as RegExp;
          parts.push(`le_regexp(?, ?, ${column})`);
          params.push(pattern.source, pattern.flags);
          break;
        }
        default:
          throw new Error(`unsupported filter operator ${operator}`);
      }
    }
  }
  return parts.length === 0 ? '1' : parts.join(' AND ');
};

const orderBy = (sort: FindOptions['sort']): string => {
  if (!sort || Object.keys(sort).length === 0) return '';
  return ` ORDER BY ${Object.entries(sort)
    .map(([field, direction]) => `${fieldExpression(field)} ${direction === -1 ? 'DESC' : 'ASC'}`)
    .join(', ')}`;
};

/** Sets a value at a dotted path, making the objects on the way. */
const setPath = (doc: Record<string, unknown>, field: string, value: unknown): void => {
  const parts = field.split('.');
  let target = doc;
  for (const part of parts.slice(0, -1)) {
    if (target[part] === null || typeof target[part] !== 'object') target[part] = {};
    target = target[part] as Record<string, unknown>;
  }
  target[parts.at(-1)!] = value;
};

const getPath = (doc: Record<string, unknown>, field: string): unknown =>
  field.split('.').reduce<unknown>((value, part) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined), doc);

const unsetPath = (doc: Record<string, unknown>, field: string): void => {
  const parts = field.split('.');
  const parent = parts.length === 1 ? doc : getPath(doc, parts.slice(0, -1).join('.'));
  if (parent !== null && typeof parent === 'object') delete (parent as Record<string, unknown>)[parts.at(-1)!];
};

/** Applies the Update subset of collection.ts to a copy of the document. */
export const applyUpdate = <T extends Doc>(doc: T, update: Update): T => {
  const next = structuredClone(doc) as unknown as Record<string, unknown>;
  for (const [field, value] of Object.entries(update.$set ?? {})) {
    if (field !== '_id') setPath(next, field, value);
  }
  for (const field of Object.keys(update.$unset ?? {})) unsetPath(next, field);
  for (const [field, amount] of Object.entries(update.$inc ?? {})) {
    const current = getPath(next, field);
    setPath(next, field, (typeof current === 'number' ? current : 0) + amount);
  }
  for (const [field, value] of Object.entries(update.$push ?? {})) {
    const current = getPath(next, field);
    setPath(next, field, [...(Array.isArray(current) ? current : []), value]);
  }
  return next as unknown as T;
};

interface Waiter {
  generation: number;
  resolve(): void;
  reject(error: unknown): void;
}

/** What `deferDurability` hands back: the work's value, and when the writes it made are durable. */
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
 * `deferDurability` a write resolves once applied, so a command's several writes cost one turn
 * and one commit; the command awaits the returned `durable()` before it answers or publishes.
 */
class WriteBatcher {
  /** The number of the open transaction (or of the last one): each BEGIN starts a new generation. */
  private generation = 0;
  /** Every generation up to this one has committed or failed. */
  private settledUpTo = 0;
  /** Generations that were rolled back, with why (the newest few hundred). */
  private readonly failures = new Map<number, unknown>();
  private waiters: Waiter[] = [];
  private scheduled = false;
  /** Inside deferDurability: the generations the work wrote in. */
  private readonly deferred = new AsyncLocalStorage<Set<number>>();
  private readonly rollbackListeners: (() => void)[] = [];

  constructor(private readonly db: SqliteDatabase) {}

  run<R>(work: () => R): Promise<R> {
    if (!this.db.inTransaction) {
      this.db.exec('BEGIN IMMEDIATE');
      this.generation += 1;
    }
    const generation = this.generation;
    let result: R;
    try {
      result = this.db.transaction(work)();
    } catch (error) {
      // A constraint undoes only this write's savepoint; a full disk or an I/O error makes SQLite
      // abandon the whole transaction, and every write of it is lost, however it was answered.
      if (this.db.inTransaction) this.schedule();
      else this.fail(generation, error);
      return Promise.reject(error);
    }
    const touched = this.deferred.getStore();
    if (touched) {
      touched.add(generation);
      this.schedule();
      return Promise.resolve(result);
    }
    return this.settled(generation).then(() => result);
  }

  async deferDurability<R>(work: () => Promise<R>): Promise<Deferred<R>> {
    const touched = new Set<number>();
    const value = await this.deferred.run(touched, work);
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
    this.failures.set(generation, error);
    if (this.failures.size > 500) this.failures.delete(this.failures.keys().next().value!);
    for (const listener of this.rollbackListeners) listener();
    this.settle(generation);
  }

  /** Commits what is open now; safe to call at any time (close() does). */
  flush(): void {
    this.scheduled = false;
    if (!this.db.inTransaction) return;
    const generation = this.generation;
    try {
      this.db.exec('COMMIT');
    } catch (error) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      this.fail(generation, error);
      return;
    }
    this.settle(generation);
  }
}

class SqliteCollection<T extends Doc> implements Collection<T> {
  private readonly statements = new Map<string, Statement>();

  constructor(
    private readonly db: SqliteDatabase,
    private readonly writes: WriteBatcher,
    private readonly table: string,
    /** Index name → its first field, to name the field of a unique violation. */
    private readonly uniqueFields: Map<string, string>,
  ) {}

  private statement(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private duplicate(error: unknown): unknown {
    if (!(error instanceof SqliteError) || !error.code.startsWith('SQLITE_CONSTRAINT')) return error;
    const index = /index '([^']+)'/.exec(error.message)?.[1];
    if (index) return new DuplicateKeyError(this.uniqueFields.get(index) ?? null);
    if (/\._id\b/.test(error.message)) return new DuplicateKeyError('_id');
    return new DuplicateKeyError(null);
  }

  private select(filter: Filter, options: FindOptions & { columns?: string } = {}): { sql: string; params: unknown[] } {
    const params: unknown[] = [];
    let sql = `SELECT ${options.columns ?? 'doc'} FROM ${quoteName(this.table)} WHERE ${translate(filter, params)}${orderBy(options.sort)}`;
    if (options.limit !== undefined || options.skip) {
      sql += ' LIMIT ? OFFSET ?';
      params.push(options.limit && options.limit > 0 ? options.limit : -1, options.skip ?? 0);
    }
    return { sql, params };
  }

  insertOne(doc: T): Promise<T> {
    return this.writes
      .run(() => {
        this.statement(`INSERT INTO ${quoteName(this.table)} (_id, doc) VALUES (?, ?)`).run(doc._id, encodeDocument(doc));
        return doc;
      })
      .catch((error: unknown) => Promise.reject(this.duplicate(error)));
  }

  /** Many documents in one write (the takeover, a rebuild, the benchmark's fill). */
  insertMany(docs: T[]): Promise<number> {
    return this.writes
      .run(() => {
        const insert = this.statement(`INSERT INTO ${quoteName(this.table)} (_id, doc) VALUES (?, ?)`);
        for (const doc of docs) insert.run(doc._id, encodeDocument(doc));
        return docs.length;
      })
      .catch((error: unknown) => Promise.reject(this.duplicate(error)));
  }

  async findOne(filter: Filter): Promise<T | null> {
    const { sql, params } = this.select(filter, { limit: 1 });
    const row = this.statement(sql).get(...params) as { doc: string } | undefined;
    return row ? decodeDocument<T>(row.doc) : null;
  }

  async find(filter: Filter, options: FindOptions = {}): Promise<T[]> {
    const { sql, params } = this.select(filter, options);
    return (this.statement(sql).all(...params) as { doc: string }[]).map((row) => decodeDocument<T>(row.doc));
  }

  async count(filter: Filter): Promise<number> {
    const params: unknown[] = [];
    const sql = `SELECT count(*) AS n FROM ${quoteName(this.table)} WHERE ${translate(filter, params)}`;
    return (this.statement(sql).get(...params) as { n: number }).n;
  }

  async countBy(filter: Filter, field: string): Promise<Map<string, number>> {
    const params: unknown[] = [];
    const key = fieldExpression(field);
    const sql = `SELECT ${key} AS k, count(*) AS n FROM ${quoteName(this.table)} WHERE ${translate(filter, params)} GROUP BY ${key}`;
    const rows = this.statement(sql).all(...params) as { k: unknown; n: number }[];
    return new Map(rows.map((row) => [String(row.k), row.n]));
  }

  updateOne(filter: Filter, update: Update): Promise<T | null> {
    return this.writes
      .run(() => {
        const { sql, params } = this.select(filter, { limit: 1, columns: '_id, doc' });
        const row = this.statement(sql).get(...params) as { _id: string; doc: string } | undefined;
        if (!row) return null;
        const next = applyUpdate(decodeDocument<T>(row.doc), update);
        this.statement(`UPDATE ${quoteName(this.table)} SET doc = ? WHERE _id = ?`).run(encodeDocument(next), row._id);
        return next;
      })
      .catch((error: unknown) => Promise.reject(this.duplicate(error)));
  }

  updateMany(filter: Filter, update: Update): Promise<number> {
    return this.writes
      .run(() => {
        const { sql, params } = this.select(filter, { columns: '_id, doc' });
        const rows = this.statement(sql).all(...params) as { _id: string; doc: string }[];
        const write = this.statement(`UPDATE ${quoteName(this.table)} SET doc = ? WHERE _id = ?`);
        for (const row of rows) write.run(encodeDocument(applyUpdate(decodeDocument<T>(row.doc), update)), row._id);
        return rows.length;
      })
      .catch((error: unknown) => Promise.reject(this.duplicate(error)));
  }

  deleteMany(filter: Filter): Promise<number> {
    return this.writes.run(() => {
      const params: unknown[] = [];
      const sql = `DELETE FROM ${quoteName(this.table)} WHERE ${translate(filter, params)}`;
      return this.statement(sql).run(...params).changes;
    });
  }
}

export interface SqliteDriver extends StoreDriver {
  readonly kind: 'embedded';
  readonly db: SqliteDatabase;
  collection<T extends Doc>(name: string, indexes?: IndexSpec[]): Promise<SqliteCollection<T>>;
  /** Runs `work` as one transaction, committed before the promise resolves. */
  transaction<R>(work: () => R): Promise<R>;
}

export type { SqliteCollection };

/**
 * SQLite's online backup into a new owner-only file, in ONE step: copied a hundred pages at a
 * time (the default), every commit of another connection restarts it, and under steady writes it
 * never ends. One step holds a read transaction, which in WAL mode blocks no writer.
 */
export const backupDatabase = async (db: SqliteDatabase, destination: string): Promise<void> => {
  closeSync(openSync(destination, 'wx', OWNER_ONLY_FILE));
  await db.backup(destination, { progress: ({ totalPages }) => Math.max(totalPages, 1) * 2 });
};

const OWNER_ONLY_FILE = 0o600;

/**
 * The embedded store: one SQLite file in DATA_DIR (WAL), one table per collection holding each
 * document as JSON, with an index on the expression of every indexed field.
 *
 * Durability: journal_mode=WAL with synchronous=FULL, so a write whose promise resolved has been
 * fsynced (the WAL is synced at each commit) and survives a power cut, not just a kill -9. The cost
 * of that fsync is paid once per turn of the event loop by the group commit (WriteBatcher).
 */
export const createSqliteDriver = (dataDir: string, options: { file?: string } = {}): SqliteDriver => {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = options.file ?? path.join(dataDir, SQLITE_FILE);
  // Made before SQLite opens it, with no bits for other users; the -wal and -shm files SQLite
  // makes next to it take the same permissions.
  closeSync(openSync(file, 'a', OWNER_ONLY_FILE));
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = OFF');
  db.pragma('busy_timeout = 5000');
  // 16 MiB of page cache (SQLite's default is 2 MiB): the hot ends of the indexes stay in memory.
  db.pragma('cache_size = -16384');
  // The search boxes' "contains" filters: one compiled RegExp per pattern, not one per row.
  const patterns = new Map<string, RegExp>();
  db.function('le_regexp', { deterministic: true }, (source: unknown, flags: unknown, value: unknown) => {
    if (typeof value !== 'string') return 0;
    const key = `${String(flags)}/${String(source)}`;
    let pattern = patterns.get(key);
    if (!pattern) {
      if (patterns.size > 200) patterns.clear();
      pattern = new RegExp(String(source), String(flags));
      patterns.set(key, pattern);
    }
    return pattern.test(value) ? 1 : 0;
  });
  const writes = new WriteBatcher(db);
  const open = new Map<string, SqliteCollection<Doc>>();

  return {
    kind: 'embedded',
    db,
    async collection<T extends Doc>(name: string, indexes: IndexSpec[] = []): Promise<SqliteCollection<T>> {
      const existing = open.get(name);
      if (existing) return existing as unknown as SqliteCollection<T>;
      const table = quoteName(name);
      const uniqueFields = new Map<string, string>();
      writes.flush();
      db.transaction(() => {
        db.exec(`CREATE TABLE IF NOT EXISTS ${table} (_id TEXT PRIMARY KEY NOT NULL, doc TEXT NOT NULL)`);
        for (const index of indexes) {
          const fields = Object.keys(index.fields);
          const indexed = indexName(name, index);
          const columns = fields.map(fieldExpression).join(', ');
          const where = index.sparse ? ` WHERE ${fieldExpression(fields[0]!)} IS NOT NULL` : '';
          db.exec(`CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS ${quoteName(indexed)} ON ${table} (${columns})${where}`);
          if (index.unique) uniqueFields.set(indexed, fields[0]!);
        }
      })();
      const collection = new SqliteCollection<T>(db, writes, name, uniqueFields);
      open.set(name, collection as unknown as SqliteCollection<Doc>);
      return collection;
    },
    transaction<R>(work: () => R): Promise<R> {
      return writes.run(work);
    },
    deferDurability: (work) => writes.deferDurability(work),
    durable: () => writes.durable(),
    onRollback: (listener) => writes.onRollback(listener),
    async close() {
      writes.flush();
      if (db.open) {
        db.pragma('optimize');
        db.close();
      }
    },
  };
};
