import { closeSync, openSync } from 'node:fs';
import type { Database as SqliteDatabase } from 'better-sqlite3';

/** No bits for other users on the database files (and on a backup of them). */
export const OWNER_ONLY_FILE = 0o600;

/**
 * SQLite's online backup into a new owner-only file, in ONE step: copied a hundred pages at a
 * time (the default), every commit of another connection restarts it, and under steady writes it
 * never ends. One step holds a read transaction, which in WAL mode blocks no writer.
 */
export const backupDatabase = async (db: SqliteDatabase, destination: string): Promise<void> => {
  closeSync(openSync(destination, 'wx', OWNER_ONLY_FILE));
  await db.backup(destination, { progress: ({ totalPages }) => Math.max(totalPages, 1) * 2 });
};
