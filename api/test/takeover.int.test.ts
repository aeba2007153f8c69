import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { appendFile, cp, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import type { SignalLedgerPage } from '@le/contracts';
import { freePort, tempDir, type TempDir } from '@le/testing';
import { applySignalEvent, SIGNALS_STREAM, type SignalEvent } from '@le/signal-core';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { startServer, type RunningServer } from '../src/main';
import { createStore, describeTakeover, DuplicateKeyError, openStore } from '../src/store';
import { NEDB_DIR, NEDB_IMPORTED_DIR, takeOverNedbDataDir } from '../src/store/nedb-takeover';
import { createSqliteDriver } from '../src/store/sqlite';
import { imageFile, makeJpeg, multipart } from './multipart';
import { runScript } from './support/run-script';

/**
 * Contract §11: a DATA_DIR written by the NeDB build (the fixture was written by e7c6cea through
 * its API: accounts, uploads, payments, history, chat, activity) starts under this build with
 * everything in it, once.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURE = path.join(here, 'fixtures/nedb-data-dir');
const root = path.resolve(here, '../..');

interface Manifest {
  users: Record<'admin' | 'member' | 'pending' | 'trial', { _id: string; email: string; username: string; password: string }>;
  chatId: string;
  historyId: string;
  approvedPaymentId: string;
}
const manifest = JSON.parse(await readFile(path.join(FIXTURE, 'manifest.json'), 'utf8')) as Manifest;
const FIXTURE_COUNTS = { activity: 5, chat_events: 11, chat_messages: 7, chats: 2, codes: 4, files: 5, history: 1, payments: 2, sessions: 4, users: 4 };

const dirs: TempDir[] = [];
const servers: RunningServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const dir of dirs.splice(0)) await dir.remove();
});

const copyOfFixture = async (): Promise<string> => {
  const dir = await tempDir('le-takeover-');
  dirs.push(dir);
  await cp(FIXTURE, dir.path, { recursive: true });
  return dir.path;
};

const start = async (dataDir: string): Promise<{ server: RunningServer; base: string }> => {
  const config = loadConfig({ DATA_DIR: dataDir, PORT: String(await freePort()), HOST: '127.0.0.1' }, root);
  const server = await startServer(config, 'all', { logger: false });
  servers.push(server);
  return { server, base: server.url };
};

const api = async <T = Record<string, unknown>>(base: string, url: string, init: { method?: string; token?: string; body?: unknown } = {}) => {
  const response = await fetch(`${base}/api${url}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T, bytes: text };
};

const signIn = async (base: string, who: keyof Manifest['users']) => {
  const { email, password } = manifest.users[who];
  const login = await api<{ token: string; user: Record<string, unknown> }>(base, '/auth/login', { method: 'POST', body: { email, password } });
  expect(login.status, `${who} signs in with the password of the old build`).toBe(200);
  return login.body;
};

const hashTree = async (dir: string): Promise<Record<string, string>> => {
  const out: Record<string, string> = {};
  for (const name of (await readdir(dir)).sort()) {
    out[name] = createHash('sha256').update(await readFile(path.join(dir, name))).digest('hex');
  }
  return out;
};

const runCrash = (dataDir: string, killAfter: string) => runScript(path.join(here, 'support/takeover-crash.ts'), [dataDir, killAfter]);

describe('taking over a NeDB data dir', () => {
  it('starts with every account, password, file, payment, history post, message and log entry, and the chat goes on from its last seq', async () => {
    const dataDir = await copyOfFixture();
    const { server, base } = await start(dataDir);

    expect(server.app.store.takeover?.imported).toEqual(FIXTURE_COUNTS);
    expect(describeTakeover(server.app.store.takeover!)).toMatch(/^NeDB data imported into SQLite \(activity 5, chat_events 11, .*users 4\); the old files are kept in .*db\.nedb-imported$/);
    expect(existsSync(path.join(dataDir, NEDB_DIR))).toBe(false);
    expect((await readdir(path.join(dataDir, NEDB_IMPORTED_DIR))).sort()).toEqual(Object.keys(FIXTURE_COUNTS).map((name) => `${name}.db`));

    const admin = await signIn(base, 'admin');
    const member = await signIn(base, 'member');
    await signIn(base, 'pending');
    await signIn(base, 'trial');

    // The member: paid tier, end date and photos as the old build wrote them.
    const me = await api<{ user: Record<string, string> }>(base, '/auth/me', { token: member.token });
    expect(me.body.user).toMatchObject({ _id: manifest.users.member._id, role: 'member', membershipTier: 'pro', duration: 'monthly' });
    expect(new Date(me.body.user.membershipEnd!).getTime()).toBeGreaterThan(Date.parse('2026-12-01'));
    const photo = await fetch(`${base}${me.body.user.photo_profile}`);
    expect(photo.status).toBe(200);
    const photoId = me.body.user.photo_profile!.split('/').at(-1)!;
    expect(Buffer.from(await photo.arrayBuffer())).toEqual(await readFile(path.join(dataDir, 'uploads', `${photoId}.jpg`)));
    expect((await fetch(`${base}${me.body.user.image_identitas}`, { headers: { authorization: `Bearer ${member.token}` } })).status).toBe(200);
    expect((await fetch(`${base}${me.body.user.image_identitas}`)).status).toBe(401);

    const payments = await api<{ payments: { _id: string; status: string }[] }>(base, '/auth/payment-history', { token: member.token });
    expect(payments.body.payments).toEqual([expect.objectContaining({ _id: manifest.approvedPaymentId, status: 'approved' })]);
    const queue = await api<{ payments: { userId: string; status: string }[] }>(base, '/admin/payments?status=pending', { token: admin.token });
    expect(queue.body.payments.map((p) => p.userId)).toEqual([manifest.users.pending._id]);
    // One pending payment per user still holds: the unique index holds the imported rows too.
    const pendingPayment = (await server.app.store.payments.findPendingByUser(manifest.users.pending._id))!;
    const { pendingUserId: _taken, ...copy } = pendingPayment;
    await expect(server.app.store.payments.create({ ...copy, _id: 'f'.repeat(24) })).rejects.toBeInstanceOf(DuplicateKeyError);
    const history = await api<{ history: { _id: string; title: string }[] }>(base, '/history');
    expect(history.body.history).toEqual([expect.objectContaining({ _id: manifest.historyId, title: 'Emas naik tajam' })]);
    const logs = await api<{ logs: { page: string }[] }>(base, '/auth/log-activity', { token: admin.token });
    expect(logs.body.logs.map((entry) => entry.page)).toEqual(expect.arrayContaining(['/', '/history', '/live']));

    // The chat: gapless sequence numbers, the edit, the hide and the delete, the private chat.
    const events = await api<{ events: { seq: number; type: string }[] }>(base, '/chat/events?stream=global&after=0', { token: admin.token });
    expect(events.body.events.map((event) => event.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const room = await api<{ messages: { content: string; hidden?: boolean; editedAt?: string | null }[] }>(base, '/chat', { token: member.token });
    expect(room.body.messages.map((message) => message.content)).toEqual(expect.arrayContaining(['Selamat pagi semua', 'Buy zone 2,376?']));
    expect(room.body.messages.map((message) => message.content)).not.toContain('oops');
    expect(room.body.messages).toHaveLength(4);
    const privateChat = await api<{ chat: { _id: string; seq: number }; messages: { content: string }[] }>(base, '/chat/with-admin', { token: member.token });
    expect(privateChat.body.chat).toMatchObject({ _id: manifest.chatId, seq: 3 });
    expect(privateChat.body.messages.map((message) => message.content).sort()).toEqual(['Halo admin, pembayaran saya sudah?', 'Sudah disetujui, terima kasih.']);

    const posted = await api<{ message: { _id: string } }>(base, '/chat', { method: 'POST', token: member.token, body: { content: 'Masih di sini setelah pindah' } });
    expect(posted.status).toBe(201);
    const after = await api<{ events: { seq: number; type: string }[] }>(base, '/chat/events?stream=global&after=8', { token: admin.token });
    expect(after.body.events).toEqual([expect.objectContaining({ seq: 9, type: 'message.posted' })]);

    // A second start imports nothing and has everything, the new message included.
    await server.close();
    servers.splice(0);
    const again = await start(dataDir);
    expect(again.server.app.store.takeover).toBeNull();
    const token = (await signIn(again.base, 'admin')).token;
    const all = await api<{ events: { seq: number }[] }>(again.base, '/chat/events?stream=global&after=0', { token });
    expect(all.body.events.map((event) => event.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const users = await api<{ members: unknown[] }>(again.base, '/admin/members', { token });
    expect(users.body.members).toHaveLength(4);
  });

  it('reads the files as NeDB does: the last line of an id wins, $$deleted removes, a torn last line is skipped', async () => {
    const dataDir = await copyOfFixture();
    const users = path.join(dataDir, NEDB_DIR, 'users.db');
    const lines = (await readFile(users, 'utf8')).split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
    const trial = lines.find((doc) => doc._id === manifest.users.trial._id)!;
    await appendFile(users, `${JSON.stringify({ ...trial, name: 'Renamed Later' })}\n`);
    const sessions = path.join(dataDir, NEDB_DIR, 'sessions.db');
    const firstSession = JSON.parse((await readFile(sessions, 'utf8')).split('\n')[0]!) as { _id: string };
    await appendFile(sessions, `${JSON.stringify({ _id: firstSession._id, $$deleted: true })}\n{"_id":"torn-by-a-cr`);

    const store = await createStore({ mongodbUrl: null, dataDir });
    try {
      expect(store.takeover).toMatchObject({ imported: { ...FIXTURE_COUNTS, sessions: 3 }, skippedLines: 1, resumed: false });
      expect((await store.users.findById(manifest.users.trial._id))?.name).toBe('Renamed Later');
      expect((await store.users.findById(manifest.users.member._id))?.createdAt).toBeInstanceOf(Date);
      expect(await store.sessions.findLive(firstSession._id)).toBeNull();
    } finally {
      await store.close();
    }
  });

  it('a kill -9 in the middle leaves the old files whole and nothing imported; the next start imports everything', async () => {
    const dataDir = await copyOfFixture();
    const before = await hashTree(path.join(dataDir, NEDB_DIR));
    const crashed = await runCrash(dataDir, 'chat_events');
    expect(crashed.signal).toBe('SIGKILL');
    expect(crashed.output).not.toContain('finished');
    expect(await hashTree(path.join(dataDir, NEDB_DIR))).toEqual(before);

    const driver = createSqliteDriver(dataDir);
    const store = await openStore(driver);
    expect(await store.users.findById(manifest.users.admin._id)).toBeNull();
    expect(await store.chatEvents.readHead('global')).toBe(0);
    const report = await takeOverNedbDataDir(dataDir, driver);
    expect(report).toMatchObject({ imported: FIXTURE_COUNTS, resumed: false });
    expect(await store.chatEvents.readHead('global')).toBe(8);
    await store.close();
  });

  it('a stop between the commit and the move is finished by the next start without importing twice', async () => {
    const dataDir = await copyOfFixture();
    const store = await createStore({ mongodbUrl: null, dataDir });
    await store.close();
    // As if the process had died right after the commit: the old folder is still in place.
    await cp(path.join(dataDir, NEDB_IMPORTED_DIR), path.join(dataDir, NEDB_DIR), { recursive: true });

    const again = await createStore({ mongodbUrl: null, dataDir });
    try {
      expect(again.takeover).toMatchObject({ imported: FIXTURE_COUNTS, resumed: true });
      expect(again.takeover?.movedTo).toBe(path.join(dataDir, `${NEDB_IMPORTED_DIR}-2`));
      expect(await again.chatEvents.after('global', 0, 100)).toHaveLength(8);
      expect((await again.users.search({ limit: 50 })).users).toHaveLength(4);
    } finally {
      await again.close();
    }
  });

  it('leaves nothing under DATA_DIR readable by other OS users', async () => {
    const dataDir = await copyOfFixture();
    const { base } = await start(dataDir);
    const member = await signIn(base, 'member');
    // New files of this build: an upload, a mail in the outbox.
    const form = multipart([imageFile('photo_profile', await makeJpeg(40, 40))]);
    const uploaded = await fetch(`${base}/api/auth/upload-profile`, {
      method: 'POST',
      headers: { ...form.headers, authorization: `Bearer ${member.token}` },
      body: form.payload,
    });
    expect(uploaded.status).toBe(200);
    expect((await api(base, '/auth/forgot-password', { method: 'POST', body: { email: manifest.users.trial.email } })).status).toBe(200);
    const outboxBefore = (await readFile(path.join(dataDir, 'outbox.jsonl'), 'utf8')).split('\n').length;
    expect(outboxBefore).toBeGreaterThan(1);
    // The sweep of older files runs in the background after start, beside the history images' copies
    // it must walk past (lib/private-files.unit.test.ts), and slower while other suites share the cores.
    await expect.poll(async () => {
      const modes: string[] = [];
      const walk = async (dir: string) => {
        for (const entry of await readdir(dir, { withFileTypes: true })) {
          const full = path.join(dir, entry.name);
          const { mode } = await stat(full);
          if (mode & 0o077) modes.push(`${path.relative(dataDir, full)} ${(mode & 0o777).toString(8)}`);
          if (entry.isDirectory()) await walk(full);
        }
      };
      await walk(dataDir);
      return modes;
    }, { timeout: 10_000 }).toEqual([]);
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    expect(existsSync(path.join(dataDir, 'store.sqlite-wal'))).toBe(true);
  });
});

describe('a DATA_DIR of the build before the signals ledger', () => {
  it('gets its chain at its first start over the events in seq order, computed once; its events and signals stay as they were', async () => {
    const dir = await tempDir('le-ledger-upgrade-');
    dirs.push(dir);
    // The earlier build's store: events without a salt, their projection, and no ledger table.
    const driver = createSqliteDriver(dir.path);
    const store = await openStore(driver);
    const at = (minute: number) => new Date(Date.UTC(2026, 2, 2, 9, minute)).toISOString();
    const author = { _id: 'old-admin', name: 'Ayu' };
    const log = [
      { type: 'signal.opened', data: { signalId: 'old-a', side: 'buy', entry: 2330.4, stopLoss: 2320, takeProfits: [2340, 2350], analysis: 'Old analysis', author } },
      { type: 'signal.opened', data: { signalId: 'old-b', side: 'sell', entry: 2345, stopLoss: 2355, takeProfits: [2335], analysis: null, author } },
      { type: 'signal.updated', data: { signalId: 'old-a', stopLoss: 2325 } },
      { type: 'signal.closed', data: { signalId: 'old-a', exitPrice: 2340, pips: 96, outcome: 'tp' } },
    ].map((event, index) => ({ ...event, _id: `old-e${index + 1}`, seq: index + 1, stream: SIGNALS_STREAM, actorId: 'old-admin', at: at(index) }) as SignalEvent);
    for (const event of log) {
      await store.signals.insert(event);
      await applySignalEvent(store.signals, event);
    }
    await store.close();
    const raw = new Database(path.join(dir.path, 'store.sqlite'));
    raw.exec('DROP TABLE IF EXISTS signal_ledger');
    const rows = (table: string) => raw.prepare(`SELECT _id, doc FROM ${table} ORDER BY _id`).all();
    const before = { events: rows('signal_events'), signals: rows('signals') };
    raw.close();

    const first = await start(dir.path);
    const ledger = await api<SignalLedgerPage>(first.base, '/signals/ledger');
    expect(ledger.status).toBe(200);
    expect(ledger.body.entries.map((entry) => [entry.seq, entry.type, entry.signalId, entry.status])).toEqual([
      [1, 'signal.opened', 'old-a', 'open'],
      [2, 'signal.opened', 'old-b', 'open'],
      [3, 'signal.updated', 'old-a', 'open'],
      [4, 'signal.closed', 'old-a', 'closed'],
    ]);
    // The chain from the JSON alone, with Node's SHA-256 and a canonical JSON written here.
    const canonical = (value: unknown): string =>
      Array.isArray(value)
        ? `[${value.map(canonical).join(',')}]`
        : value !== null && typeof value === 'object'
          ? `{${Object.keys(value)
              .sort()
              .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
              .join(',')}}`
          : JSON.stringify(value);
    const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
    let prev = '0'.repeat(64);
    for (const { seq, type, at: when, signalId, status, exitPrice, outcome, pips, author: by, commitments, prevHash, hash, reveal } of ledger.body.entries) {
      expect(prevHash).toBe(prev);
      prev = sha(`${prev}\n${canonical({ seq, type, at: when, signalId, status, exitPrice, outcome, pips, author: by, commitments })}`);
      expect(hash).toBe(prev);
      if (reveal) expect(sha(`${reveal.salt}\n${canonical({ side: reveal.side, entry: reveal.entry, stopLoss: reveal.stopLoss, takeProfits: reveal.takeProfits })}`)).toBe(commitments.levels);
    }
    // Closed: its reveals are public; still open: commitments only.
    expect(ledger.body.entries.map((entry) => entry.reveal?.stopLoss ?? null)).toEqual([2320, null, 2325, 2325]);
    await first.server.close();
    servers.splice(servers.indexOf(first.server), 1);

    // A second start keeps the chain it built (the salts drawn for the old events are kept too).
    const second = await start(dir.path);
    const again = await api<SignalLedgerPage>(second.base, '/signals/ledger');
    expect(again.body).toEqual(ledger.body);
    await second.server.close();
    servers.splice(servers.indexOf(second.server), 1);
    const after = new Database(path.join(dir.path, 'store.sqlite'), { readonly: true });
    try {
      expect({ events: after.prepare('SELECT _id, doc FROM signal_events ORDER BY _id').all(), signals: after.prepare('SELECT _id, doc FROM signals ORDER BY _id').all() }).toEqual(before);
    } finally {
      after.close();
    }
  });
});
