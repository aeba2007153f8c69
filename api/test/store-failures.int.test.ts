import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@le/contracts';
import { rebuildChatProjections } from '../src/services/chat-rebuild';
import type { SqliteDriver } from '../src/store/sqlite';
import { ADMIN, call, createTestApp, newUserInput, signIn, type SignedInUser, type TestApp } from './helpers';

/**
 * Contract §15: a write the store refuses for our own reasons is a 503 STORE_UNAVAILABLE with
 * Retry-After, never a 500; health says failing meanwhile; reads go on; nothing is half-written;
 * writes work again once the cause is gone, without a restart. The failures are SQLite's own,
 * made on the server's connection: a page limit reached (SQLITE_FULL, as a full disk answers)
 * and a read-only database (SQLITE_READONLY).
 */
let t: TestApp;
let admin: SignedInUser;
let db: SqliteDriver['db'];

const health = () => call(t.app, { method: 'GET', url: '/api/health' });
const post = (content: string, clientId?: string) =>
  call(t.app, { method: 'POST', url: '/api/chat', token: admin.token, payload: { content, ...(clientId ? { clientId } : {}) } });

/** Every acknowledged message is in the log and in the pages; the projections equal a rebuild. */
const expectWhole = async (acknowledged: string[], refused: string[]) => {
  const events = await t.store.chatEvents.after('global', 0, 10_000);
  expect(events.map((event) => event.seq)).toEqual(events.map((_event, index) => index + 1));
  const page = (await call(t.app, { method: 'GET', url: '/api/chat?limit=100', token: admin.token })).json<{ messages: ChatMessage[] }>().messages;
  const listed = new Set(page.map((message) => message._id));
  for (const id of acknowledged) expect(listed.has(id), id).toBe(true);
  const contents = new Set(page.map((message) => message.content));
  for (const content of refused) expect(contents.has(content), content).toBe(false);
  expect(events.length).toBe(page.length);
  const report = await rebuildChatProjections(t.store);
  expect(report.equal, JSON.stringify(report)).toBe(true);
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, ADMIN.email, ADMIN.password);
  db = (t.store.driver as SqliteDriver).db;
});
afterAll(async () => {
  await t?.close();
});

describe('a store that cannot write', () => {
  it('health is 200 with its checks while the store writes', async () => {
    const response = await health();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', store: 'embedded', realtime: 'local', checks: { store: 'ok', redis: 'unused' } });
  });

  it('a full store: posts are 503 STORE_UNAVAILABLE with Retry-After, health 503, reads go on, nothing half-written; it recovers by itself', async () => {
    const acknowledged: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const response = await post(`before ${index}`);
      expect(response.statusCode).toBe(201);
      acknowledged.push(response.json<{ message: ChatMessage }>().message._id);
    }
    const pages = db.pragma('page_count', { simple: true }) as number;
    db.pragma(`max_page_count = ${pages}`);
    const refused: string[] = [];
    let full: Awaited<ReturnType<typeof post>> | null = null;
    // Posts fill what room the last pages had; then SQLite refuses to grow the file.
    for (let index = 0; index < 200 && !full; index += 1) {
      const content = `while full ${index} ${'x'.repeat(1500)}`;
      const response = await post(content, `full-${index}`);
      if (response.statusCode === 201) acknowledged.push(response.json<{ message: ChatMessage }>().message._id);
      else {
        full = response;
        refused.push(content);
      }
    }
    expect(full, 'the store never filled').not.toBeNull();
    expect(full!.statusCode).toBe(503);
    expect(full!.json()).toEqual({ message: expect.any(String), code: 'STORE_UNAVAILABLE' });
    expect(full!.body).not.toMatch(/SQLITE|at \//);
    expect(Number(full!.headers['retry-after'])).toBeGreaterThan(0);

    const failing = await health();
    expect(failing.statusCode).toBe(503);
    expect(failing.json()).toMatchObject({ status: 'failing', checks: { store: 'failing', redis: 'unused' } });
    // Reads go on.
    expect((await call(t.app, { method: 'GET', url: '/api/chat?limit=5', token: admin.token })).statusCode).toBe(200);
    // A sign-up while full: 503 as well, and no account left behind.
    const input = newUserInput('full');
    const register = await call(t.app, { method: 'POST', url: '/api/auth/register', payload: { ...input, name: `${input.name} ${'y'.repeat(60)}` } });
    if (register.statusCode !== 201) {
      expect(register.statusCode).toBe(503);
      expect(register.json()).toMatchObject({ code: 'STORE_UNAVAILABLE' });
      expect(await t.store.users.findByEmail(input.email)).toBeNull();
    }

    // Space comes back: the next write goes through, health follows; no restart.
    db.pragma('max_page_count = 1073741823');
    const again = await post('after the disk was freed', 'full-retry');
    expect(again.statusCode).toBe(201);
    acknowledged.push(again.json<{ message: ChatMessage }>().message._id);
    expect((await health()).statusCode).toBe(200);
    // The refused post, sent again with its clientId, is posted now (once).
    const index = refused.length > 0 ? Number(/while full (\d+)/.exec(refused[0]!)![1]) : -1;
    const retried = await post(refused[0]!, `full-${index}`);
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    acknowledged.push(retried.json<{ message: ChatMessage }>().message._id);
    await expectWhole(acknowledged, []);
  });

  it('a read-only store: sign-in and posts are 503 STORE_UNAVAILABLE, never 500; writable again, both work', async () => {
    db.pragma('query_only = 1');
    try {
      const login = await call(t.app, { method: 'POST', url: '/api/auth/login', payload: { email: ADMIN.email, password: ADMIN.password } });
      expect(login.statusCode).toBe(503);
      expect(login.json()).toMatchObject({ code: 'STORE_UNAVAILABLE' });
      expect(login.headers['retry-after']).toBeDefined();
      const refused = await post('while read-only');
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ code: 'STORE_UNAVAILABLE' });
      const failing = await health();
      expect(failing.statusCode).toBe(503);
      expect(failing.json()).toMatchObject({ status: 'failing', checks: { store: 'failing' } });
    } finally {
      db.pragma('query_only = 0');
    }
    const login = await call(t.app, { method: 'POST', url: '/api/auth/login', payload: { email: ADMIN.email, password: ADMIN.password } });
    expect(login.statusCode).toBe(200);
    expect((await health()).json()).toMatchObject({ status: 'ok', checks: { store: 'ok' } });
    const before = (await t.store.chatEvents.after('global', 0, 10_000)).length;
    expect((await post('writable again')).statusCode).toBe(201);
    expect((await t.store.chatEvents.after('global', 0, 10_000)).length).toBe(before + 1);
    const page = (await call(t.app, { method: 'GET', url: '/api/chat?limit=100', token: admin.token })).json<{ messages: ChatMessage[] }>().messages;
    expect(page.some((message) => message.content === 'while read-only')).toBe(false);
  });

  it('health probes with a write: a store that refuses writes is failing before any request fails', async () => {
    // Past the hold of the last failure, with no request since: the probe alone must tell.
    db.pragma('query_only = 1');
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const response = await health();
      expect(response.statusCode).toBe(503);
    } finally {
      db.pragma('query_only = 0');
    }
  });
});
