import { copyFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, tempDir, type TempDir } from '@le/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { startServer } from '../src/main';
import { createStore } from '../src/store';
import { newId } from '../src/lib/ids';
import { createSqliteDriver, SQLITE_FILE } from '../src/store/sqlite';
import { ADMIN } from './helpers';
import { runScript } from './support/run-script';

/** `pnpm backup` while the server writes, a restore from the copy, and the projection check on SQLite. */
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');

const run = (script: string, args: string[], env: Record<string, string>) => runScript(path.join(root, 'api/src', script), args, env);

describe('operator tools on the embedded store', () => {
  let live: TempDir;
  let restored: TempDir;
  beforeAll(async () => {
    live = await tempDir('le-backup-live-');
    restored = await tempDir('le-backup-restored-');
  });
  afterAll(async () => {
    await live.remove();
    await restored.remove();
  });

  it('pnpm backup copies the database while the server keeps writing; the copy starts as a DATA_DIR', async () => {
    // Some history first (about 20 MB): a backup copied a hundred pages at a time would restart at
    // every commit of the server and never end.
    const filler = createSqliteDriver(live.path);
    const activity = await filler.collection<{ _id: string; createdAt: Date; page: string; padding: string }>('activity');
    await activity.insertMany(
      Array.from({ length: 30_000 }, (_item, index) => ({ _id: newId(), createdAt: new Date(Date.now() - index * 1000), page: `/${index}`, padding: 'x'.repeat(600) })),
    );
    await filler.close();
    const env = { DATA_DIR: live.path, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
    const server = await startServer(loadConfig({ ...env, PORT: String(await freePort()), HOST: '127.0.0.1' }, root), 'all', { logger: false });
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const post = (content: string) =>
      fetch(`${server.url}/api/chat`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ content }) });
    for (let index = 0; index < 20; index += 1) expect((await post(`before the backup ${index}`)).status).toBe(201);

    const file = path.join(live.path, '..', `${path.basename(live.path)}-copy.sqlite`);
    let writing = true;
    const writer = (async () => {
      let count = 0;
      while (writing) {
        await post(`during the backup ${count}`);
        count += 1;
      }
      return count;
    })();
    const backup = await run('backup-cli.ts', [file], env);
    writing = false;
    const writtenDuring = await writer;
    await server.close();

    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/Backed up .*store\.sqlite to .*-copy\.sqlite \(\d+ bytes\): .*chat_events \d+/);
    // What the copy does not hold: the signing secret (sessions) and the uploads.
    expect(backup.output).toContain(`Copy these too: ${path.join(live.path, 'jwt-secret')}`);
    expect(backup.output).toContain(`${path.join(live.path, 'uploads')}/`);
    expect((await stat(file)).mode & 0o077).toBe(0);
    expect(writtenDuring).toBeGreaterThan(0);
    expect((await stat(file)).size).toBeGreaterThan(15_000_000);

    // Restore: the copy as the store of a new DATA_DIR.
    await copyFile(file, path.join(restored.path, SQLITE_FILE));
    const store = await createStore({ mongodbUrl: null, dataDir: restored.path });
    try {
      expect(await store.users.findByEmail(ADMIN.email)).not.toBeNull();
      const events = await store.chatEvents.after('global', 0, 1000);
      expect(events.length).toBeGreaterThanOrEqual(20);
      // A consistent copy: gapless sequence numbers, a projection at the copy's own head.
      expect(events.map((event) => event.seq)).toEqual(events.map((_event, index) => index + 1));
    } finally {
      await store.close();
    }

    // With the secret copied as the backup's output says, the sessions of the backup go on.
    await copyFile(path.join(live.path, 'jwt-secret'), path.join(restored.path, 'jwt-secret'));
    const restoredEnv = { DATA_DIR: restored.path, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, PORT: String(await freePort()), HOST: '127.0.0.1' };
    const again = await startServer(loadConfig(restoredEnv, root), 'all', { logger: false });
    try {
      const me = await fetch(`${again.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(me.status).toBe(200);
    } finally {
      await again.close();
    }

    expect((await run('backup-cli.ts', [file], env)).output).toContain('exists already');
  });

  it('retention runs at start: activity older than ACTIVITY_RETENTION_DAYS is gone, the rest stays', async () => {
    const dir = await tempDir('le-retention-start-');
    try {
      const store = await createStore({ mongodbUrl: null, dataDir: dir.path });
      const entry = (daysAgo: number) => ({
        _id: newId(), userId: null, username: 'guest', role: 'guest', ipAddress: 'Unknown', serverIp: '127.0.0.1', page: `/${daysAgo}`, message: 'Visited page',
        createdAt: new Date(Date.now() - daysAgo * 86_400_000),
      });
      for (const daysAgo of [40, 31, 29, 1]) await store.activity.record(entry(daysAgo));
      await store.close();
      const env = { DATA_DIR: dir.path, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ACTIVITY_RETENTION_DAYS: '30' };
      const server = await startServer(loadConfig({ ...env, PORT: String(await freePort()), HOST: '127.0.0.1' }, root), 'all', { logger: false });
      try {
        await expect.poll(async () => (await server.app.store.activity.list({ limit: 10 })).entries.map((e) => e.page)).toEqual(['/1', '/29']);
      } finally {
        await server.close();
      }
    } finally {
      await dir.remove();
    }
  });

  it('the projection check (chat-rebuild-cli) reads the SQLite store and finds it equal to a rebuild', async () => {
    const check = await run('chat-rebuild-cli.ts', [], { DATA_DIR: live.path });
    expect(check.code, check.output).toBe(0);
    expect(JSON.parse(check.output.slice(0, check.output.lastIndexOf('}') + 1))).toMatchObject({ equal: true });
    expect(JSON.parse(check.output.slice(0, check.output.lastIndexOf('}') + 1)).events).toBeGreaterThanOrEqual(20);
  });
});
