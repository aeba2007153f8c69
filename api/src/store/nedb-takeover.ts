import { existsSync } from 'node:fs';
import { readdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { encodeDocument } from './sqlite/codec';
import type { SqliteDriver } from './sqlite';

/** Where the NeDB store of earlier builds kept its files, and where they go once imported. */
export const NEDB_DIR = 'db';
export const NEDB_IMPORTED_DIR = 'db.nedb-imported';

const TAKEOVER_KEY = 'nedb-takeover';

export interface TakeoverReport {
  /** Documents imported per collection (file name without `.db`). */
  imported: Record<string, number>;
  /** Lines NeDB itself would have skipped: a torn last line after a crash. */
  skippedLines: number;
  /** Where the old files are now. */
  movedTo: string;
  /** True when an earlier start had imported them and only the move was left to do. */
  resumed: boolean;
}

export interface TakeoverOptions {
  /** Called inside the transaction after each collection (the crash test stops the process there). */
  onCollection?: (name: string, count: number) => void;
}

/** NeDB's own reading of a line: `{"$$date": ms}` is a Date (its model.deserialize). */
const parseNedbLine = (line: string): Record<string, unknown> =>
  JSON.parse(line, function (key, value: unknown) {
    if (key === '$$date') return new Date(value as number);
    if (value && typeof value === 'object' && '$$date' in value) return (value as { $$date: Date }).$$date;
    return value;
  }) as Record<string, unknown>;

/**
 * One NeDB data file as NeDB loads it (persistence.treatRawData): the file is a log; the last
 * line of an `_id` wins, `$$deleted` removes it, index lines are not documents. When the file is
 * missing but its `~` copy exists (NeDB died while compacting), that copy is the data, as NeDB's
 * ensureDatafileIntegrity decides.
 */
const readNedbFile = async (file: string): Promise<{ docs: Record<string, unknown>[]; skipped: number }> => {
  const source = existsSync(file) ? file : `${file}~`;
  const text = await readFile(source, 'utf8');
  const byId = new Map<string, Record<string, unknown>>();
  let skipped = 0;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    let doc: Record<string, unknown>;
    try {
      doc = parseNedbLine(line);
    } catch {
      skipped += 1;
      continue;
    }
    if (typeof doc._id !== 'string') continue;
    if (doc.$$deleted === true) byId.delete(doc._id);
    else byId.set(doc._id, doc);
  }
  return { docs: [...byId.values()], skipped };
};

const collectionFiles = async (dir: string): Promise<string[]> => {
  if (!existsSync(dir)) return [];
  const names = new Set<string>();
  for (const entry of await readdir(dir)) {
    const match = /^([A-Za-z0-9_-]+)\.db~?$/.exec(entry);
    if (match) names.add(match[1]!);
  }
  return [...names].sort();
};

const freePath = (base: string): string => {
  if (!existsSync(base)) return base;
  for (let n = 2; ; n += 1) if (!existsSync(`${base}-${n}`)) return `${base}-${n}`;
};

/**
 * Takes over a DATA_DIR written by a NeDB build (contract §11): every document of every
 * `db/*.db` file goes into the SQLite tables of the same names in ONE transaction, together with
 * a marker row; then the folder is renamed to `db.nedb-imported`. A kill at any point before the
 * commit leaves the old files untouched and nothing imported, so the next start does it again; a
 * kill between the commit and the rename is finished by the next start without importing twice.
 * Returns null when there is nothing to take over.
 */
export const takeOverNedbDataDir = async (
  dataDir: string,
  driver: SqliteDriver,
  options: TakeoverOptions = {},
): Promise<TakeoverReport | null> => {
  const dir = path.join(dataDir, NEDB_DIR);
  const names = await collectionFiles(dir);
  if (names.length === 0) return null;
  const { db } = driver;
  db.exec('CREATE TABLE IF NOT EXISTS le_meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL)');
  const done = db.prepare('SELECT value FROM le_meta WHERE key = ?').get(TAKEOVER_KEY) as { value: string } | undefined;

  let report: Omit<TakeoverReport, 'movedTo'>;
  if (done) {
    report = { ...(JSON.parse(done.value) as Pick<TakeoverReport, 'imported' | 'skippedLines'>), resumed: true };
  } else {
    const files = await Promise.all(names.map(async (name) => ({ name, ...(await readNedbFile(path.join(dir, `${name}.db`))) })));
    const imported: Record<string, number> = {};
    const skippedLines = files.reduce((sum, file) => sum + file.skipped, 0);
    // The driver makes each table (the store's own already exist, with their indexes).
    for (const { name } of files) await driver.collection(name);
    await driver.transaction(() => {
      for (const { name, docs } of files) {
        const insert = db.prepare(`INSERT INTO "${name}" (_id, doc) VALUES (?, ?)`);
        for (const doc of docs) insert.run(doc._id, encodeDocument(doc));
        imported[name] = docs.length;
        options.onCollection?.(name, docs.length);
      }
      db.prepare('INSERT INTO le_meta (key, value) VALUES (?, ?)').run(
        TAKEOVER_KEY,
        JSON.stringify({ imported, skippedLines, at: new Date().toISOString() }),
      );
    });
    report = { imported, skippedLines, resumed: false };
  }
  const movedTo = freePath(path.join(dataDir, NEDB_IMPORTED_DIR));
  await rename(dir, movedTo);
  return { ...report, movedTo };
};

/** The one log line of a takeover. */
export const describeTakeover = (report: TakeoverReport): string => {
  const counts = Object.entries(report.imported)
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');
  const verb = report.resumed ? 'had been imported by the previous start' : 'imported into SQLite';
  return `NeDB data ${verb} (${counts}${report.skippedLines ? `; ${report.skippedLines} torn lines skipped` : ''}); the old files are kept in ${report.movedTo}`;
};
