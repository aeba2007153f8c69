import type { ChatEventRecord, ChatMessage, ModerationLogEntry, ReportInQueue, RoomView } from '@le/contracts';
import { tempDir } from '@le/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createMailer } from '../src/plugins/app/mailer';
import { buildServer } from '../src/server';
import { createStore } from '../src/store';
import { ADMIN, call, createTestApp, signIn, signUp, type SignedInUser, type TestApp } from './helpers';

/** Contract §13 through inject on the real server and store: every route, its statuses, and nothing stored on a refusal. */
let t: TestApp;
let admin: SignedInUser;
let sari: SignedInUser;
let budi: SignedInUser;
let trial: SignedInUser;

const DAY = 86_400_000;
const makeMember = (user: SignedInUser) => t.store.users.update(user.userId, { role: 'member', membershipTier: 'pro', membershipEnd: new Date(Date.now() + 30 * DAY) });

const req = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  call(t.app, { method, url, ...(token ? { token } : {}), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const post = async (user: SignedInUser, content: string, extra: Record<string, unknown> = {}): Promise<ChatMessage> => {
  const response = await req('POST', '/api/chat', user.token, { content, ...extra });
  if (response.statusCode !== 201) throw new Error(`post: ${response.statusCode} ${response.body}`);
  return response.json<{ message: ChatMessage }>().message;
};
const report = (user: SignedInUser | null, messageId: string, reason = 'Menjanjikan profit') =>
  req('POST', `/api/chat/${messageId}/report`, user?.token, { reason });
const openReports = async (): Promise<ReportInQueue[]> => (await req('GET', '/api/moderation/reports?status=open', admin.token)).json<{ reports: ReportInQueue[] }>().reports;
const logEntries = async (query = ''): Promise<ModerationLogEntry[]> =>
  (await req('GET', `/api/moderation/log${query}`, admin.token)).json<{ entries: ModerationLogEntry[] }>().entries;
const countReports = async () => (await t.store.moderation.reportsPage('open', null, 1000)).length + (await t.store.moderation.reportsPage('resolved', null, 1000)).length;
const setRoom = (body: Record<string, unknown>, token = admin.token) => req('PUT', '/api/moderation/room', token, body);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, ADMIN.email, ADMIN.password);
  sari = await signUp(t, 'sari');
  budi = await signUp(t, 'budi');
  trial = await signUp(t, 'trial');
  await makeMember(sari);
  await makeMember(budi);
});
afterAll(() => t.close());

describe('POST /chat/:messageId/report', () => {
  it('files one report per user and message (201, then 409), never on one’s own (403), and needs a session (401)', async () => {
    const message = await post(sari, 'Sinyal VIP, transfer dulu');
    const first = await report(budi, message._id);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ report: { _id: expect.any(String), messageId: message._id, reason: 'Menjanjikan profit', createdAt: expect.any(String), status: 'open' } });
    const before = await countReports();
    expect((await report(budi, message._id)).json()).toMatchObject({ code: 'ALREADY_REPORTED' });
    expect((await report(budi, message._id)).statusCode).toBe(409);
    expect((await report(sari, message._id)).statusCode).toBe(403);
    expect((await report(null, message._id)).statusCode).toBe(401);
    expect((await req('POST', `/api/chat/${message._id}/report`, trial.token, { reason: '' })).statusCode).toBe(400);
    expect((await req('POST', `/api/chat/${message._id}/report`, trial.token, { reason: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await report(trial, 'f'.repeat(24))).statusCode).toBe(404);
    expect(await countReports()).toBe(before);
    // A trial may report too (anyone signed in).
    expect((await report(trial, message._id)).statusCode).toBe(201);
  });
});

describe('GET /moderation/reports and resolving', () => {
  it('lists open reports newest first for admins, with the reporter, the message as an admin sees it, its context and the author', async () => {
    const before = await post(budi, 'Pagi semua');
    const message = await post(sari, 'Join grup saya');
    const after = await post(budi, 'Hati-hati');
    await report(budi, message._id, 'Spam grup');
    const [newest] = await openReports();
    expect(newest).toMatchObject({
      message: { _id: message._id, content: 'Join grup saya' },
      reporter: { _id: budi.userId, name: expect.stringContaining('budi') },
      reason: 'Spam grup',
      status: 'open',
      resolution: null,
      author: { _id: sari.userId, membershipTier: 'pro', timedOutUntil: null },
    });
    expect(newest!.context.before.map((one) => one._id)).toContain(before._id);
    expect(newest!.context.after.map((one) => one._id)).toEqual([after._id]);
    const list = (await req('GET', '/api/moderation/reports', admin.token)).json<{ openCount: number; nextCursor: string | null }>();
    expect(list.openCount).toBeGreaterThanOrEqual(2);
  });

  it('pages with a cursor', async () => {
    const first = (await req('GET', '/api/moderation/reports?status=open&limit=1', admin.token)).json<{ reports: ReportInQueue[]; nextCursor: string }>();
    expect(first.reports).toHaveLength(1);
    const second = (await req('GET', `/api/moderation/reports?status=open&limit=1&before=${first.nextCursor}`, admin.token)).json<{ reports: ReportInQueue[] }>();
    expect(second.reports[0]!._id).not.toBe(first.reports[0]!._id);
  });

  it('is for admins only: 403 for members, 401 without a session', async () => {
    expect((await req('GET', '/api/moderation/reports', sari.token)).statusCode).toBe(403);
    expect((await req('GET', '/api/moderation/reports')).statusCode).toBe(401);
    const [open] = await openReports();
    expect((await req('POST', `/api/moderation/reports/${open!._id}/resolve`, budi.token, { action: 'dismiss' })).statusCode).toBe(403);
    expect((await openReports()).some((one) => one._id === open!._id)).toBe(true);
  });

  it('dismisses once (200, then 409)', async () => {
    const message = await post(sari, 'Biasa saja');
    const filed = (await report(budi, message._id)).json<{ report: { _id: string } }>().report;
    const resolved = await req('POST', `/api/moderation/reports/${filed._id}/resolve`, admin.token, { action: 'dismiss' });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ report: { _id: filed._id, status: 'resolved', resolution: { action: 'dismiss', by: { _id: admin.userId } } } });
    const again = await req('POST', `/api/moderation/reports/${filed._id}/resolve`, admin.token, { action: 'hide' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'REPORT_RESOLVED' });
    const [entry] = await logEntries('?action=report.resolved');
    expect(entry).toMatchObject({ actor: { _id: admin.userId }, target: { kind: 'message', _id: message._id }, userId: sari.userId });
  });

  it('hides the message with the reason (shown to admins only)', async () => {
    const message = await post(sari, 'Pasti cuan 100%');
    const filed = (await report(budi, message._id)).json<{ report: { _id: string } }>().report;
    expect((await req('POST', `/api/moderation/reports/${filed._id}/resolve`, admin.token, { action: 'hide', reason: 'Janji profit' })).statusCode).toBe(200);
    const asAdmin = (await req('GET', '/api/chat', admin.token)).json<{ messages: ChatMessage[] }>().messages.find((one) => one._id === message._id);
    expect(asAdmin).toMatchObject({ hidden: true, content: 'Pasti cuan 100%', hiddenReason: 'Janji profit' });
    const asMember = (await req('GET', '/api/chat', budi.token)).json<{ messages: ChatMessage[] }>().messages.find((one) => one._id === message._id);
    expect(asMember).toMatchObject({ hidden: true, content: '' });
    expect(asMember).not.toHaveProperty('hiddenReason');
    const [hidden] = await logEntries('?action=message.hidden');
    expect(hidden).toMatchObject({ reason: 'Janji profit', target: { _id: message._id }, userId: sari.userId });
  });

  it('times the author out (400 without minutes, nothing done)', async () => {
    const message = await post(budi, 'Kalian semua bodoh');
    const filed = (await report(sari, message._id)).json<{ report: { _id: string } }>().report;
    expect((await req('POST', `/api/moderation/reports/${filed._id}/resolve`, admin.token, { action: 'timeout' })).statusCode).toBe(400);
    expect(await t.store.moderation.findTimeout(budi.userId)).toBeNull();
    const resolved = await req('POST', `/api/moderation/reports/${filed._id}/resolve`, admin.token, { action: 'timeout', minutes: 10 });
    expect(resolved.statusCode).toBe(200);
    const me = (await req('GET', '/api/auth/me', budi.token)).json<{ user: { timedOutUntil: string } }>();
    expect(Date.parse(me.user.timedOutUntil) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect((await req('DELETE', `/api/moderation/timeouts/${budi.userId}`, admin.token)).statusCode).toBe(204);
  });
});

describe('timeouts', () => {
  it('times a member out (201): the room refuses their posts, replies and edits (403 TIMED_OUT), the admins still hear them', async () => {
    const earlier = await post(sari, 'Sebelum timeout');
    const set = await req('POST', '/api/moderation/timeouts', admin.token, { userId: sari.userId, minutes: 60, reason: 'Panas setelah stop-out' });
    expect(set.statusCode).toBe(201);
    const { timeout } = set.json<{ timeout: { userId: string; until: string; reason: string; by: { _id: string } } }>();
    expect(timeout).toMatchObject({ userId: sari.userId, reason: 'Panas setelah stop-out', by: { _id: admin.userId } });
    expect(Math.abs(Date.parse(timeout.until) - (Date.now() + 3_600_000))).toBeLessThan(10_000);

    const head = (await req('GET', '/api/chat/events?stream=global&after=0&limit=500', admin.token)).json<{ events: ChatEventRecord[] }>().events.length;
    const refused = await req('POST', '/api/chat', sari.token, { content: 'Boleh ngomong?' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: expect.any(String), code: 'TIMED_OUT', until: timeout.until });
    expect((await req('POST', '/api/chat', sari.token, { content: 'Balas', replyTo: earlier._id })).json()).toMatchObject({ code: 'TIMED_OUT' });
    expect((await req('PATCH', `/api/chat/${earlier._id}`, sari.token, { content: 'Ubah' })).json()).toMatchObject({ code: 'TIMED_OUT' });
    expect((await req('GET', '/api/chat/events?stream=global&after=0&limit=500', admin.token)).json<{ events: unknown[] }>().events).toHaveLength(head);

    // Reads go on, and the admins still hear them.
    expect((await req('GET', '/api/chat', sari.token)).statusCode).toBe(200);
    expect((await req('POST', '/api/chat/with-admin', sari.token)).statusCode).toBeLessThan(300);
    const chat = (await req('GET', '/api/chat/with-admin', sari.token)).json<{ chat: { _id: string } }>().chat;
    expect((await req('POST', '/api/chat', sari.token, { content: 'Maaf admin', type: 'private', chatId: chat._id })).statusCode).toBe(201);
    expect((await req('GET', '/api/auth/me', sari.token)).json()).toMatchObject({ user: { timedOutUntil: timeout.until } });
    expect((await req('GET', '/api/moderation/timeouts', admin.token)).json()).toMatchObject({ timeouts: [{ userId: sari.userId, user: { _id: sari.userId } }] });
  });

  it('ends by itself at its end, read from the store (another process or a restart sees the same)', async () => {
    await t.store.moderation.saveTimeout({ ...(await t.store.moderation.findTimeout(sari.userId))!, until: new Date(Date.now() - 1000) });
    expect((await req('GET', '/api/auth/me', sari.token)).json()).toMatchObject({ user: { timedOutUntil: null } });
    expect((await req('POST', '/api/chat', sari.token, { content: 'Sudah bebas' })).statusCode).toBe(201);
  });

  it('lifts in one call (204), logged; refuses admins as targets (409), members as actors (403), bad lengths (400)', async () => {
    await req('POST', '/api/moderation/timeouts', admin.token, { userId: budi.userId, minutes: 10, reason: 'Spam' });
    expect((await req('DELETE', `/api/moderation/timeouts/${budi.userId}`, admin.token)).statusCode).toBe(204);
    expect((await req('POST', '/api/chat', budi.token, { content: 'Terima kasih' })).statusCode).toBe(201);
    const [lifted] = await logEntries('?action=timeout.lifted');
    expect(lifted).toMatchObject({ actor: { _id: admin.userId }, target: { kind: 'user', _id: budi.userId }, userId: budi.userId });

    const other = await signIn(t, ADMIN.email, ADMIN.password);
    const onAdmin = await req('POST', '/api/moderation/timeouts', admin.token, { userId: other.userId, minutes: 10, reason: 'x' });
    expect(onAdmin.statusCode).toBe(409);
    expect(onAdmin.json()).toMatchObject({ code: 'ADMIN_TIMEOUT' });
    expect((await req('POST', '/api/moderation/timeouts', sari.token, { userId: budi.userId, minutes: 10, reason: 'x' })).statusCode).toBe(403);
    expect((await req('POST', '/api/moderation/timeouts', undefined, { userId: budi.userId, minutes: 10, reason: 'x' })).statusCode).toBe(401);
    expect((await req('DELETE', `/api/moderation/timeouts/${budi.userId}`, sari.token)).statusCode).toBe(403);
    for (const minutes of [0, 10_081]) {
      expect((await req('POST', '/api/moderation/timeouts', admin.token, { userId: budi.userId, minutes, reason: 'x' })).statusCode).toBe(400);
    }
    expect((await req('POST', '/api/moderation/timeouts', admin.token, { userId: 'f'.repeat(24), minutes: 10, reason: 'x' })).statusCode).toBe(404);
    expect(await t.store.moderation.activeTimeouts(new Date())).toEqual([]);
  });
});

describe('PUT /moderation/room: slow mode and the pinned message', () => {
  it('sets slow mode (200): a member’s second post is 429 SLOW_MODE with Retry-After; admins are exempt', async () => {
    const set = await setRoom({ slowModeSeconds: 60 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ room: { slowModeSeconds: 60, pinnedMessage: null } });
    const citra = await signUp(t, 'citra');
    await makeMember(citra);
    await post(citra, 'Satu');
    const second = await req('POST', '/api/chat', citra.token, { content: 'Dua' });
    expect(second.statusCode).toBe(429);
    expect(second.json()).toEqual({ message: expect.any(String), code: 'SLOW_MODE', retryAfter: expect.any(Number) });
    const { retryAfter } = second.json<{ retryAfter: number }>();
    expect(retryAfter).toBeGreaterThan(55);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(second.headers['retry-after']).toBe(String(retryAfter));
    await post(admin, 'Admin satu');
    await post(admin, 'Admin dua');
    // The admins still hear them at once.
    await req('POST', '/api/chat/with-admin', citra.token);
    const chat = (await req('GET', '/api/chat/with-admin', citra.token)).json<{ chat: { _id: string } }>().chat;
    expect((await req('POST', '/api/chat', citra.token, { content: 'Admin?', type: 'private', chatId: chat._id })).statusCode).toBe(201);
    expect((await req('GET', '/api/chat/public')).json()).toMatchObject({ room: { slowModeSeconds: 60, pinnedMessage: null } });
  });

  it('pins one message for everyone who may see it; a hidden pin is an admin’s alone', async () => {
    const message = await post(admin, 'Aturan room: no janji profit');
    const pinned = await setRoom({ pinnedMessageId: message._id });
    expect(pinned.json()).toMatchObject({ room: { slowModeSeconds: 60, pinnedMessage: { _id: message._id, content: 'Aturan room: no janji profit' } } });
    expect((await req('GET', '/api/chat/public')).json<{ room: RoomView }>().room.pinnedMessage?._id).toBe(message._id);
    expect((await req('GET', '/api/chat', trial.token)).json<{ room: RoomView }>().room.pinnedMessage?._id).toBe(message._id);
    await req('PATCH', `/api/chat/${message._id}/hide`, admin.token, { context: 'Salah ketik' });
    expect((await req('GET', '/api/chat/public')).json<{ room: RoomView }>().room.pinnedMessage).toBeNull();
    expect((await req('GET', '/api/chat', admin.token)).json<{ room: RoomView }>().room.pinnedMessage).toMatchObject({ _id: message._id, hiddenReason: 'Salah ketik' });
    await req('PATCH', `/api/chat/${message._id}/hide`, admin.token, {});
    // The catch-up carries the room: room.updated events of the global stream.
    const events = (await req('GET', '/api/chat/events?stream=global&after=0&limit=500')).json<{ events: ChatEventRecord[] }>().events;
    const roomEvents = events.filter((event) => event.type === 'room.updated');
    expect(roomEvents.at(-1)).toMatchObject({ room: { slowModeSeconds: 60, pinnedMessage: { _id: message._id } } });
    expect(roomEvents.at(-2)).toMatchObject({ room: { slowModeSeconds: 60 } });
  });

  it('refuses members (403), guests (401), out-of-range slow mode (400), unknown (404) and hidden (409) pins; nothing is written', async () => {
    const head = (await req('GET', '/api/chat/events?stream=global&after=0&limit=500')).json<{ events: unknown[] }>().events.length;
    expect((await setRoom({ slowModeSeconds: 5 }, sari.token)).statusCode).toBe(403);
    expect((await req('PUT', '/api/moderation/room', undefined, { slowModeSeconds: 5 })).statusCode).toBe(401);
    expect((await setRoom({ slowModeSeconds: 3601 })).statusCode).toBe(400);
    expect((await setRoom({ slowModeSeconds: -1 })).statusCode).toBe(400);
    expect((await setRoom({ pinnedMessageId: 'f'.repeat(24) })).statusCode).toBe(404);
    const hidden = await post(admin, 'Rahasia');
    await req('PATCH', `/api/chat/${hidden._id}/hide`, admin.token, { context: 'x' });
    const afterHide = head + 2;
    expect((await setRoom({ pinnedMessageId: hidden._id })).statusCode).toBe(409);
    expect((await req('GET', '/api/chat/events?stream=global&after=0&limit=500')).json<{ events: unknown[] }>().events).toHaveLength(afterHide);
  });

  it('logs slow mode and pin changes', async () => {
    expect((await logEntries('?action=room.slow_mode'))[0]).toMatchObject({ actor: { _id: admin.userId }, target: { kind: 'room', label: '60 s' } });
    expect((await logEntries('?action=room.pinned')).length).toBeGreaterThan(0);
    await setRoom({ slowModeSeconds: 0, pinnedMessageId: null });
    expect((await logEntries('?action=room.unpinned')).length).toBe(1);
  });
});

describe('blocked terms', () => {
  it('start empty; an admin sets them (200), tidied and once each', async () => {
    expect((await req('GET', '/api/moderation/filters', admin.token)).json()).toEqual({ blockedTerms: [] });
    const set = await req('PUT', '/api/moderation/filters', admin.token, { blockedTerms: ['pasti profit', ' PASTI  PROFIT ', 'scam'] });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ blockedTerms: ['pasti profit', 'scam'] });
    expect((await logEntries('?action=filters.changed'))[0]).toMatchObject({ target: { kind: 'filters', label: '+pasti profit, +scam' } });
  });

  it('refuse a member’s post or edit with a term, in any case, accents or full width, as a whole word (400 BLOCKED_TERMS, nothing stored)', async () => {
    const head = (await req('GET', '/api/chat/events?stream=global&after=0&limit=500')).json<{ events: unknown[] }>().events.length;
    const refused = await req('POST', '/api/chat', sari.token, { content: 'Sinyal ini ＰＡＳＴＩ prófit!' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: expect.any(String), code: 'BLOCKED_TERMS', terms: ['pasti profit'] });
    const fine = await post(sari, 'Bukan scammer, cuma analisa');
    expect((await req('PATCH', `/api/chat/${fine._id}`, sari.token, { content: 'ini scam' })).json()).toMatchObject({ code: 'BLOCKED_TERMS', terms: ['scam'] });
    expect((await req('GET', '/api/chat/events?stream=global&after=0&limit=500')).json<{ events: unknown[] }>().events).toHaveLength(head + 1);
    // An admin may name them (to warn the room).
    expect((await req('POST', '/api/chat', admin.token, { content: 'Jangan percaya "pasti profit"' })).statusCode).toBe(201);
  });

  it('are for admins (403, 401) and bounded (400: over 500 terms, a term over 100 characters)', async () => {
    expect((await req('GET', '/api/moderation/filters', sari.token)).statusCode).toBe(403);
    expect((await req('PUT', '/api/moderation/filters', sari.token, { blockedTerms: [] })).statusCode).toBe(403);
    expect((await req('GET', '/api/moderation/filters')).statusCode).toBe(401);
    expect((await req('PUT', '/api/moderation/filters', admin.token, { blockedTerms: Array.from({ length: 501 }, (_, i) => `t${i}`) })).statusCode).toBe(400);
    expect((await req('PUT', '/api/moderation/filters', admin.token, { blockedTerms: ['x'.repeat(101)] })).statusCode).toBe(400);
    expect((await req('PUT', '/api/moderation/filters', admin.token, { blockedTerms: ['   '] })).statusCode).toBe(400);
    expect((await req('GET', '/api/moderation/filters', admin.token)).json()).toEqual({ blockedTerms: ['pasti profit', 'scam'] });
    await req('PUT', '/api/moderation/filters', admin.token, { blockedTerms: [] });
  });
});

describe('GET /moderation/log', () => {
  it('holds every action, newest first, filterable and paged; admins only', async () => {
    const all = await logEntries('?limit=100');
    const actions = new Set(all.map((entry) => entry.action));
    for (const action of ['message.hidden', 'message.unhidden', 'timeout.set', 'timeout.lifted', 'room.slow_mode', 'room.pinned', 'room.unpinned', 'filters.changed', 'report.resolved']) {
      expect(actions).toContain(action);
    }
    const times = all.map((entry) => Date.parse(entry.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const first = (await req('GET', '/api/moderation/log?limit=2', admin.token)).json<{ entries: ModerationLogEntry[]; nextCursor: string }>();
    const second = (await req('GET', `/api/moderation/log?limit=2&before=${first.nextCursor}`, admin.token)).json<{ entries: ModerationLogEntry[] }>();
    expect(second.entries.map((entry) => entry._id)).toEqual(all.slice(2, 4).map((entry) => entry._id));
    expect((await req('GET', '/api/moderation/log', sari.token)).statusCode).toBe(403);
    expect((await req('GET', '/api/moderation/log')).statusCode).toBe(401);
    expect((await req('GET', '/api/moderation/log?action=nothing', admin.token)).statusCode).toBe(400);
  });

  it('holds an admin’s deletion of a message', async () => {
    const own = await post(admin, 'Salah kirim');
    expect((await req('DELETE', `/api/chat/${own._id}`, admin.token)).statusCode).toBe(204);
    expect((await logEntries('?action=message.deleted'))[0]).toMatchObject({ target: { _id: own._id, label: 'Salah kirim' }, actor: { _id: admin.userId } });
  });
});

describe('a restart', () => {
  it('keeps slow mode, the pin, the blocked terms, a running timeout and the log', async () => {
    const dir = await tempDir();
    const config = loadConfig({ DATA_DIR: dir.path, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, dir.path);
    const start = async () => {
      const store = await createStore(config);
      const app = await buildServer({ config, store, mailer: createMailer({ smtpUrl: null, from: config.mailFrom, outbox: config.mailOutbox }), logger: false });
      const { ensureAdmin } = await import('../src/services/bootstrap-admin');
      await ensureAdmin(store, { email: config.adminEmail, password: config.adminPassword }, app.log);
      await app.ready();
      return { app, config, store, dataDir: dir.path, close: async () => { await app.close(); await store.close(); } } satisfies TestApp;
    };
    const first = await start();
    const saved = t;
    t = first;
    const boss = await signIn(t, ADMIN.email, ADMIN.password);
    const member = await signUp(t, 'restart');
    await t.store.users.update(member.userId, { role: 'member', membershipTier: 'basic', membershipEnd: new Date(Date.now() + DAY) });
    const message = await post(boss, 'Dipin');
    await req('PUT', '/api/moderation/room', boss.token, { slowModeSeconds: 120, pinnedMessageId: message._id });
    await req('PUT', '/api/moderation/filters', boss.token, { blockedTerms: ['pasti untung'] });
    await req('POST', '/api/moderation/timeouts', boss.token, { userId: member.userId, minutes: 30, reason: 'Tenang dulu' });
    const headBefore = (await req('GET', '/api/chat/events?stream=global&after=0&limit=500')).json<{ events: ChatEventRecord[] }>().events.at(-1)!.seq;
    await first.close();

    t = await start();
    try {
      expect((await req('GET', '/api/chat/public')).json()).toMatchObject({ room: { slowModeSeconds: 120, pinnedMessage: { _id: message._id } } });
      const again = await signIn(t, member.email, member.password);
      expect((await req('GET', '/api/auth/me', again.token)).json<{ user: { timedOutUntil: string | null } }>().user.timedOutUntil).not.toBeNull();
      expect((await req('POST', '/api/chat', again.token, { content: 'halo' })).json()).toMatchObject({ code: 'TIMED_OUT' });
      const boss2 = await signIn(t, ADMIN.email, ADMIN.password);
      expect((await req('GET', '/api/moderation/filters', boss2.token)).json()).toEqual({ blockedTerms: ['pasti untung'] });
      expect((await req('GET', '/api/moderation/log', boss2.token)).json<{ entries: unknown[] }>().entries.length).toBe(4);
      const events = (await req('GET', `/api/chat/events?stream=global&after=${headBefore - 1}`)).json<{ events: ChatEventRecord[] }>().events;
      expect(events[0]).toMatchObject({ seq: headBefore, type: 'room.updated', room: { slowModeSeconds: 120, pinnedMessage: { _id: message._id } } });
    } finally {
      await t.close();
      t = saved;
      await dir.remove();
    }
  });
});
