/**
 * `pnpm backup <file>`: a consistent copy of the embedded store (DATA_DIR/store.sqlite) taken with
 * SQLite's online backup, while the server runs. Reads the same configuration as the server.
 * The copy is checked (integrity_check) and its record counts printed, then what it does not hold:
 * the signing secret (DATA_DIR/jwt-secret, or JWT_SECRET) and DATA_DIR/uploads (README, "Backup
 * and restore").
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { loadConfigOrExit } from './config';
import { backupDatabase, SQLITE_FILE } from './store/sqlite';

const fail = (message: string): never => {
  process.stderr.write(`${message}\n`);
  process.exit(1);
};

const target = process.argv[2];
if (!target) fail('usage: pnpm backup <file>   (a new file: the copy of DATA_DIR/store.sqlite)');
const config = loadConfigOrExit();
if (config.mongodbUrl) fail('MONGODB_URL is set: the store is MongoDB; back it up with mongodump.');
const source = path.join(config.dataDir, SQLITE_FILE);
const destination = path.resolve(process.env.INIT_CWD ?? process.cwd(), target!);
if (!existsSync(source)) fail(`There is no embedded store at ${source}.`);
if (existsSync(destination)) fail(`${destination} exists already; name a new file.`);

const db = new Database(source, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
try {
  await backupDatabase(db, destination);
} finally {
  db.close();
}

const copy = new Database(destination, { readonly: true, fileMustExist: true });
try {
  const integrity = copy.pragma('integrity_check', { simple: true });
  if (integrity !== 'ok') fail(`The copy failed its integrity check: ${String(integrity)}`);
  const tables = (copy.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]).map((row) => row.name);
  const counts = tables.map((name) => `${name} ${(copy.prepare(`SELECT count(*) AS n FROM "${name.replace(/"/g, '""')}"`).get() as { n: number }).n}`);
  process.stdout.write(`Backed up ${source} to ${destination} (${statSync(destination).size} bytes): ${counts.join(', ')}\n`);
  // What the database copy does not hold: without the secret every session ends at the restore.
  const dataDir = config.dataDir;
  const secret = process.env.JWT_SECRET ? 'the JWT_SECRET of this server (set in its environment)' : path.join(dataDir, 'jwt-secret');
  process.stdout.write(
    `Copy these too: ${secret} (keeps everyone signed in after a restore) and ${path.join(dataDir, 'uploads')}/ (the images), e.g. rsync -a; README "Backup and restore".\n`,
  );
} finally {
  copy.close();
}
