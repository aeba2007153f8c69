import { SqliteError, type Database as SqliteDatabase, type Statement } from 'better-sqlite3';
import { DuplicateKeyError, type Collection, type Doc, type Filter, type FindOptions, type Update } from '../collection';
import { decodeDocument, encodeDocument } from './codec';
import { fieldExpression, jsonPath, orderBy, quoteName, translate } from './query';
import { applyUpdate } from './update';
import type { WriteBatcher } from './write-batcher';

/** One collection of the embedded store: a table of `_id` and the document as JSON. */
export class SqliteCollection<T extends Doc> implements Collection<T> {
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
      .run(
        () => {
          this.statement(`INSERT INTO ${quoteName(this.table)} (_id, doc) VALUES (?, ?)`).run(doc._id, encodeDocument(doc));
          return doc;
        },
        { single: true },
      )
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
      .run(
        () => {
          const { sql, params } = this.select(filter, { limit: 1, columns: '_id, doc' });
          const row = this.statement(sql).get(...params) as { _id: string; doc: string } | undefined;
          if (!row) return null;
          const next = applyUpdate(decodeDocument<T>(row.doc), update);
          this.statement(`UPDATE ${quoteName(this.table)} SET doc = ? WHERE _id = ?`).run(encodeDocument(next), row._id);
          return next;
        },
        { single: true },
      )
      .catch((error: unknown) => Promise.reject(this.duplicate(error)));
  }

  upsertForward(doc: T, forward: { field: string; below: number }, set?: Record<string, unknown>): Promise<boolean> {
    // Each value is encoded as inside a document (a Date keeps its mark: the codec reads a member's
    // holder). Paths are parameters, so a reader's own field (`reads.<id>`) does not make a statement of its own.
    const entries = Object.entries(set ?? {});
    const assign = set ? `json_set(doc, ${entries.map(() => '?, json(?)').join(', ')})` : 'excluded.doc';
    const sql =
      `INSERT INTO ${quoteName(this.table)} (_id, doc) VALUES (?, ?) ON CONFLICT(_id) DO UPDATE SET doc = ${assign}` +
      ` WHERE coalesce(json_extract(doc, ?) < ?, 1)`;
    const params = [doc._id, encodeDocument(doc), ...entries.flatMap(([field, value]) => [jsonPath(field), encodeDocument([value]).slice(1, -1)]), jsonPath(forward.field), forward.below];
    return this.writes
      .run(() => this.statement(sql).run(...params).changes > 0, { single: true })
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
    return this.writes.run(
      () => {
        const params: unknown[] = [];
        const sql = `DELETE FROM ${quoteName(this.table)} WHERE ${translate(filter, params)}`;
        return this.statement(sql).run(...params).changes;
      },
      { single: true },
    );
  }
}
