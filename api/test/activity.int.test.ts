import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityLogEntry } from '@le/contracts';
import { ADMIN, call, nextIp, createTestApp, signIn, signUp, type SignedInUser, type TestApp } from './helpers';

let t: TestApp;
let admin: SignedInUser;
let trial: SignedInUser;
let member: SignedInUser;
let expired: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, ADMIN.email, ADMIN.password);
  trial = await signUp(t, 'trial');
  member = await signUp(t, 'member');
  await t.store.users.update(member.userId, { role: 'member', membershipTier: 'pro', duration: 'monthly', membershipEnd: new Date(Date.now() + 86_400_000) });
  expired = await signUp(t, 'expired');
  await t.store.users.update(expired.userId, { role: 'member', membershipTier: 'basic', duration: 'monthly', membershipEnd: new Date(Date.now() - 86_400_000) });
});
afterAll(() => t.close());

const visit = (body: Record<string, unknown>, extra: { token?: string; ip?: string } = {}) =>
  call(t.app, { method: 'POST', url: '/api/auth/log-activity', payload: body, ...extra });

/** As the admin unless another caller (or `null` for no token) is given. */
const readLog = (query = '', token: string | null = admin.token) =>
  call(t.app, { method: 'GET', url: `/api/auth/log-activity${query}`, token: token ?? undefined });

const logsOf = async (query: string): Promise<ActivityLogEntry[]> => {
  const response = await readLog(query);
  expect(response.statusCode).toBe(200);
  return response.json<{ logs: ActivityLogEntry[] }>().logs;
};

describe('POST /api/auth/log-activity', () => {
  it('records a signed-in visit under the stored user and role, at the address the server saw, the reported one beside it', async () => {
    const response = await visit(
      // what the client claims about itself is not trusted: the session names the user
      { ipAddress: '203.0.113.7', username: 'someone-else', role: 'admin', page: '/live', message: 'Visited /live page' },
      { token: trial.token, ip: '10.9.8.7' },
    );
    expect(response.statusCode).toBe(201);
    const [entry] = await logsOf(`?user=${trial.username}&page=/live`);
    expect(entry).toMatchObject({
      username: trial.username,
      role: 'trial',
      ipAddress: '10.9.8.7',
      serverIp: '10.9.8.7',
      reportedIpAddress: '203.0.113.7',
      page: '/live',
      message: 'Visited /live page',
    });
    expect(Date.parse(entry!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('records a visitor without a token as a guest, and "Unknown" when the IP lookup failed', async () => {
    const ip = nextIp();
    const response = await visit({ ipAddress: 'Unknown', username: '', role: '', page: '/faq-chat', message: 'Visited /faq-chat page' }, { ip });
    expect(response.statusCode).toBe(201);
    const entries = (await logsOf('?page=/faq-chat')).filter((entry) => entry.serverIp === ip);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ username: 'guest', role: 'guest', ipAddress: ip, reportedIpAddress: 'Unknown' });
  });

  it('a guest claiming an address is logged at the address the server saw; the claim is only "reported"', async () => {
    const ip = nextIp();
    expect((await visit({ ipAddress: '8.8.8.8', page: '/signals', message: 'x' }, { ip })).statusCode).toBe(201);
    const [entry] = (await logsOf('?page=/signals')).filter((found) => found.serverIp === ip);
    expect(entry).toMatchObject({ username: 'guest', ipAddress: ip, reportedIpAddress: '8.8.8.8' });
  });

  it('records no visit by a non-admin (or a guest) to an admin page; an admin\'s is recorded', async () => {
    for (const page of ['/dashboard', '/manage-membership', '/manage-history/create', '/log-activity', '/chat-admin']) {
      expect((await visit({ ipAddress: 'Unknown', page, message: 'x' }, { token: member.token })).statusCode).toBe(201);
      expect((await visit({ ipAddress: 'Unknown', page, message: 'x' })).statusCode).toBe(201);
      expect(await logsOf(`?page=${page}`)).toEqual([]);
    }
    expect((await visit({ ipAddress: 'Unknown', page: '/dashboard', message: 'x' }, { token: admin.token })).statusCode).toBe(201);
    expect(await logsOf('?page=/dashboard')).toHaveLength(1);
  });

  it('keeps one entry when the same page is logged twice within a second', async () => {
    const body = { ipAddress: '198.51.100.1', page: '/history', message: 'Visited /history page' };
    expect((await visit(body, { token: member.token })).statusCode).toBe(201);
    expect((await visit(body, { token: member.token })).statusCode).toBe(201);
    expect(await logsOf(`?user=${member.username}&page=/history`)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await visit(body, { token: member.token })).statusCode).toBe(201);
    expect(await logsOf(`?user=${member.username}&page=/history`)).toHaveLength(2);
  });

  it('refuses a bad token with 401 instead of logging a guest', async () => {
    const response = await visit({ ipAddress: 'Unknown', page: '/', message: 'Visited / page' }, { token: 'not-a-token' });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['no page', { ipAddress: 'Unknown', message: 'Visited / page' }],
    ['a page that is not a path', { ipAddress: 'Unknown', page: 'live', message: 'x' }],
    ['a page with words in it', { ipAddress: 'Unknown', page: '/Admin approved all payments', message: 'x' }],
    ['an address that is not an IP', { ipAddress: '<script>', page: '/', message: 'x' }],
    ['an object for the page', { ipAddress: 'Unknown', page: { $ne: null }, message: 'x' }],
    ['a message over 300 characters', { ipAddress: 'Unknown', page: '/', message: 'x'.repeat(301) }],
  ])('refuses %s with 400', async (_label, body) => {
    const response = await visit(body, { token: member.token });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('message');
  });

  it('limits one address to 120 reports a minute', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let index = 0; index < 121; index += 1) {
      statuses.push((await visit({ ipAddress: 'Unknown', page: `/p${index}`, message: `Visited /p${index} page` }, { ip })).statusCode);
    }
    expect(statuses.slice(0, 120).every((status) => status === 201)).toBe(true);
    expect(statuses[120]).toBe(429);
  });
});

describe('GET /api/auth/log-activity', () => {
  it.each([
    ['a guest', () => null, 401],
    ['a trial', () => trial.token, 403],
    ['an expired member', () => expired.token, 403],
    ['a member', () => member.token, 403],
  ])('refuses %s', async (_label, token, status) => {
    const response = await readLog('', token());
    expect(response.statusCode).toBe(status);
    expect(response.json()).toHaveProperty('message');
  });

  it('pages newest first with a cursor and filters by user and page, literally', async () => {
    const tag = `pg${Date.now().toString(36)}`;
    for (let index = 0; index < 5; index += 1) {
      const response = await visit({ ipAddress: 'Unknown', page: `/${tag}/${index}`, message: `Visited /${tag}/${index} page` }, { token: admin.token });
      expect(response.statusCode).toBe(201);
    }
    const first = await readLog(`?page=${tag}&limit=2`);
    const firstBody = first.json<{ logs: ActivityLogEntry[]; nextCursor: string | null }>();
    expect(firstBody.logs.map((entry) => entry.page)).toEqual([`/${tag}/4`, `/${tag}/3`]);
    expect(firstBody.nextCursor).toEqual(expect.any(String));
    const pages: string[] = firstBody.logs.map((entry) => entry.page);
    let cursor = firstBody.nextCursor;
    while (cursor) {
      const next = (await readLog(`?page=${tag}&limit=2&before=${cursor}`)).json<{ logs: ActivityLogEntry[]; nextCursor: string | null }>();
      pages.push(...next.logs.map((entry) => entry.page));
      cursor = next.nextCursor;
    }
    expect(pages).toEqual([4, 3, 2, 1, 0].map((index) => `/${tag}/${index}`));
    expect(await logsOf(`?page=${tag}.*`)).toHaveLength(0);
    expect((await logsOf(`?page=${tag.toUpperCase()}&user=${admin.username.toUpperCase()}`)).length).toBe(5);
  });

  it('refuses a forged cursor and a limit out of range with 400', async () => {
    expect((await readLog('?before=bm90LWEtY3Vyc29y')).statusCode).toBe(400);
    expect((await readLog('?limit=0')).statusCode).toBe(400);
    expect((await readLog('?limit=101')).statusCode).toBe(400);
  });
});
