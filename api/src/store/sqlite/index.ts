import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import Database, { type Database as SqliteDatabase } from 'better-sqlite3';
import type { Doc, IndexSpec, StoreDriver } from '../collection';
import { markClosedClean } from '../start-checks';
import { WriteHealth } from '../write-health';
import { OWNER_ONLY_FILE } from './backup';
import { fieldExpression, indexName, quoteName } from './query';
import { SqliteCollection } from './sqlite-collection';
import { WriteBatcher } from './write-batcher';

export { backupDatabase } from './backup';
export { applyUpdate } from './update';
export type { Deferred } from './write-batcher';

/** The one database file of the embedded store, inside DATA_DIR. */
export const SQLITE_FILE = 'store.sqlite';

export interface SqliteDriver extends StoreDriver {
  readonly kind: 'embedded';
  readonly db: SqliteDatabase;
  collection<T extends Doc>(name: string, indexes?: IndexSpec[]): Promise<SqliteCollection<T>>;
  /** Runs `work` as one transaction, committed before the promise resolves. */
  transaction<R>(work: () => R): Promise<R>;
}

export type { SqliteCollection };

/**
 * The embedded store: one SQLite file in DATA_DIR (WAL), one table per collection holding each
 * document as JSON, with an index on the expression of every indexed field.
 *
 * Durability: journal_mode=WAL with synchronous=FULL, so a write whose promise resolved has been
 * fsynced (the WAL is synced at each commit) and survives a power cut, not just a kill -9. The cost
 * of that fsync is paid once per turn of the event loop by the group commit (WriteBatcher).
 */
export const createSqliteDriver = (
  dataDir: string,
  options: {
    file?: string;
    /** Told the text of every statement SQLite runs (transaction control included): for tests that count them. */
    trace?: (sql: string) => void;
  } = {},
): SqliteDriver => {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = options.file ?? path.join(dataDir, SQLITE_FILE);
  // Made before SQLite opens it, with no bits for other users; the -wal and -shm files SQLite
  // makes next to it take the same permissions.
  closeSync(openSync(file, 'a', OWNER_ONLY_FILE));
  const db = new Database(file, options.trace ? { verbose: (sql) => options.trace!(String(sql)) } : {});
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
  const health = new WriteHealth();
  const writes = new WriteBatcher(db, health);
  const open = new Map<string, SqliteCollection<Doc>>();
  // Health's probe: one small row rewritten, committed with the other writes of its turn.
  db.exec('CREATE TABLE IF NOT EXISTS le_health (_id TEXT PRIMARY KEY NOT NULL, at TEXT NOT NULL)');
  const probe = db.prepare("INSERT INTO le_health (_id, at) VALUES ('probe', ?) ON CONFLICT(_id) DO UPDATE SET at = excluded.at");
  health.setProbe(() => writes.run(() => probe.run(new Date().toISOString()), { single: true }).then(() => undefined));

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
    unitOfWork: (work) => writes.unitOfWork(work),
    durable: () => writes.durable(),
    onRollback: (listener) => writes.onRollback(listener),
    health,
    async close() {
      writes.flush();
      if (db.open) {
        try {
          db.pragma('optimize');
        } finally {
          db.close();
        }
        markClosedClean(file);
      }
    },
  };
};
