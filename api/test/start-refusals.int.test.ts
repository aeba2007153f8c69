import { mkdir, open, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { tempDir, type TempDir } from '@le/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createStore } from '../src/store';
import { SQLITE_FILE } from '../src/store/sqlite';
import { runScript } from './support/run-script';

/**
 * Contract §15: the start refuses what it must not serve, with one line naming the file and what
 * to do, and a non-zero exit: a used DATA_DIR without its store or with an empty one, and a store
 * that fails SQLite's integrity check.
 */
const start = (dataDir: string) =>
  runScript('api/src/cli.ts', ['all'], { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'boss-password-1' });

const dirs: TempDir[] = [];
const newDir = async () => {
  const dir = await tempDir('le-refuse-');
  dirs.push(dir);
  return dir.path;
};
afterEach(async () => {
  for (const dir of dirs.splice(0)) await dir.remove();
});

/** A DATA_DIR an earlier run used: its secret, its uploads, a store with some history. */
const usedDataDir = async (): Promise<string> => {
  const dataDir = await newDir();
  await writeFile(path.join(dataDir, 'jwt-secret'), `${'s'.repeat(48)}\n`, { mode: 0o600 });
  await mkdir(path.join(dataDir, 'uploads'), { mode: 0o700 });
  const store = await createStore({ mongodbUrl: null, dataDir });
  for (let index = 0; index < 400; index += 1) {
    await store.activity.record({
      _id: `${index.toString(16).padStart(24, '0')}`, userId: null, username: 'guest', role: 'guest', ipAddress: 'Unknown', serverIp: '127.0.0.1',
      page: `/page/${index}/${'p'.repeat(200)}`, message: 'Visited page', createdAt: new Date(),
    });
  }
  await store.close();
  return dataDir;
};

const expectRefused = (result: Awaited<ReturnType<typeof start>>, file: string, words: RegExp) => {
  expect(result.code, result.output).not.toBe(0);
  expect(result.signal).toBeNull();
  const lines = result.output.trim().split('\n');
  expect(lines, result.output).toHaveLength(1);
  expect(lines[0]).toContain(file);
  expect(lines[0]).toMatch(words);
};

describe('a start that refuses', () => {
  it('a used DATA_DIR whose store is missing', async () => {
    const dataDir = await usedDataDir();
    const file = path.join(dataDir, SQLITE_FILE);
    await rm(file);
    const result = await start(dataDir);
    expectRefused(result, file, /missing.*jwt-secret.*uploads.*Restore/);
  });

  it('a used DATA_DIR whose store is empty (0 bytes)', async () => {
    const dataDir = await usedDataDir();
    const file = path.join(dataDir, SQLITE_FILE);
    await writeFile(file, '');
    expectRefused(await start(dataDir), file, /empty.*Restore/);
  });

  it('a store with damaged pages', async () => {
    const dataDir = await usedDataDir();
    const file = path.join(dataDir, SQLITE_FILE);
    // Pages 3 to 6 overwritten with zeros, as a bad disk or a torn copy leaves them.
    const handle = await open(file, 'r+');
    await handle.write(Buffer.alloc(4096 * 4), 0, 4096 * 4, 4096 * 2);
    await handle.close();
    expectRefused(await start(dataDir), file, /integrity check.*backup/);
  });

  it('a file that is no database at all', async () => {
    const dataDir = await usedDataDir();
    const file = path.join(dataDir, SQLITE_FILE);
    await writeFile(file, 'not a database '.repeat(1000));
    expectRefused(await start(dataDir), file, /integrity check/);
  });

  it('a new DATA_DIR starts, and starts again after a clean stop', async () => {
    const dataDir = await newDir();
    const store = await createStore({ mongodbUrl: null, dataDir, earlierRun: [] });
    await store.close();
    // A clean close leaves its fingerprint: the next open skips the full check, and still opens.
    const again = await createStore({ mongodbUrl: null, dataDir, earlierRun: ['jwt-secret'] });
    await again.close();
  });
});
