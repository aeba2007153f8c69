import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Database as SqliteDatabase } from 'better-sqlite3';

/**
 * What a start must not serve (contract §15): a DATA_DIR that an earlier run used, without its
 * store, would start an empty community beside that run's secret and uploads (a wrong mount, a
 * restore half done); a damaged store would start and then fail reads. Each is one line naming
 * the file and what to do, and the process exits non-zero.
 */
export class StartRefusal extends Error {
  override readonly name = 'StartRefusal';
}

/** What a run leaves in DATA_DIR besides the store (the NeDB folder `db/` is taken over, not a trace). */
const TRACES = ['jwt-secret', 'uploads', 'db.nedb-imported', '.private'] as const;

/** The traces of an earlier run in DATA_DIR, read before this start writes any (the secret). */
export const earlierRunTraces = (dataDir: string): string[] => TRACES.filter((name) => existsSync(path.join(dataDir, name)));

export const refuseMissingStore = (dataDir: string, file: string, traces: readonly string[]): void => {
  if (traces.length === 0 || existsSync(path.join(dataDir, 'db'))) return;
  const size = statSync(file, { throwIfNoEntry: false })?.size;
  if (size !== undefined && size > 0) return;
  throw new StartRefusal(
    `${file} is ${size === undefined ? 'missing' : 'empty'}, but ${dataDir} holds what an earlier run left (${traces.join(', ')}): ` +
      'put the store back (README, "Restore"), or set DATA_DIR to the folder that has it; a new installation takes a new, empty DATA_DIR.',
  );
};

/**
 * Written when the server closes the store cleanly: the file's size, time and inode then. A start
 * that finds the file exactly so skips the full check (it costs seconds at a million messages);
 * after a crash, a restore or any change made while stopped, the check runs. Removed at open.
 */
const markerOf = (file: string) => `${file}.closed-clean`;
const fingerprint = (file: string): string | null => {
  const stat = statSync(file, { throwIfNoEntry: false, bigint: true });
  return stat ? `${stat.size}:${stat.mtimeNs}:${stat.ino}` : null;
};

export const markClosedClean = (file: string): void => {
  const print = fingerprint(file);
  if (print && !existsSync(`${file}-wal`)) writeFileSync(markerOf(file), `${print}\n`, { mode: 0o600 });
};

/** Whether the file is the one the server closed cleanly; forgets it either way. */
export const takeClosedClean = (file: string): boolean => {
  const marker = markerOf(file);
  let recorded: string | null = null;
  try {
    recorded = readFileSync(marker, 'utf8').trim();
  } catch {
    return false;
  }
  const same = recorded === fingerprint(file) && !existsSync(`${file}-wal`);
  rmSync(marker, { force: true });
  return same;
};

/**
 * SQLite's `quick_check` (every page and b-tree, without matching indexes to rows): about 0.4 s
 * at 100,000 messages and 4–5 s at 1,000,000 on these machines (docs/decisions/003-sqlite-embedded-store.md); run
 * unless the file is the one closed cleanly, when only its schema is read.
 */
export const refuseDamagedStore = (db: SqliteDatabase | null, file: string, options: { full: boolean; error?: unknown }): void => {
  const problem = options.error !== undefined ? damageIn(options.error) : db ? findDamage(db, options.full) : null;
  if (problem !== null) {
    throw new StartRefusal(
      `${file} fails SQLite's integrity check (${problem.replace(/\s+/g, ' ')}): stop here and restore it from a backup (README, "Restore"); the damaged file is left as it is.`,
    );
  }
};

/** An error opening the file that says it is damaged or no database; another error is not ours to word. */
const damageIn = (error: unknown): string | null => {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^SQLITE_(CORRUPT|NOTADB)/.test(code) ? (error as Error).message : null;
};

const findDamage = (db: SqliteDatabase, full: boolean): string | null => {
  try {
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    if (!full) return null;
    const rows = db.pragma('quick_check(5)') as { quick_check: string }[];
    return rows.map((row) => row.quick_check).find((finding) => finding !== 'ok') ?? null;
  } catch (error) {
    return (error as Error).message;
  }
};
