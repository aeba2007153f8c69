/**
 * Hostile and odd inputs on every surface: each must end in a clear `{message}` with the right
 * 4xx (never a 5xx, never a stack), or succeed harmlessly where the input is merely unusual.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, call, createTestApp, signIn, signUp, type SignedInUser, type TestApp } from './helpers';
import { imageFile, makeJpeg, multipart, storedUploads } from './multipart';

let t: TestApp;
let admin: SignedInUser;
let member: SignedInUser;
let trial: SignedInUser;
let chatId = '';
let messageId = '';

const UNKNOWN_ID = 'ffffffffffffffffffffffff';
type Who = 'guest' | 'trial' | 'member' | 'admin';

interface Case {
  name: string;
  as: Who;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: () => string;
  payload?: unknown | (() => unknown);
  headers?: Record<string, string>;
  status: number;
}

const long = (n: number) => 'x'.repeat(n);

const cases: Case[] = [
  // ---- ids in paths and queries
  { name: 'a message id that is not an id', as: 'member', method: 'PATCH', url: () => '/api/chat/not-an-id', payload: { content: 'x' }, status: 400 },
  { name: 'an unknown message id', as: 'member', method: 'PATCH', url: () => `/api/chat/${UNKNOWN_ID}`, payload: { content: 'x' }, status: 404 },
  { name: 'an upper-case id', as: 'member', method: 'DELETE', url: () => `/api/chat/${UNKNOWN_ID.toUpperCase()}`, status: 400 },
  { name: 'hide a message id that is not an id', as: 'admin', method: 'PATCH', url: () => '/api/chat/%24where/hide', status: 400 },
  { name: 'a chatId that is not an id', as: 'member', method: 'GET', url: () => '/api/chat?chatId=..%2F..%2Fetc', status: 400 },
  { name: 'two chatIds', as: 'member', method: 'GET', url: () => `/api/chat?chatId=${UNKNOWN_ID}&chatId=${UNKNOWN_ID}`, status: 400 },
  { name: 'an unknown chatId', as: 'member', method: 'GET', url: () => `/api/chat?chatId=${UNKNOWN_ID}`, status: 404 },
  { name: 'read an unknown chat', as: 'member', method: 'POST', url: () => `/api/chat/${UNKNOWN_ID}/read`, status: 404 },
  { name: 'read the global room (not a chat id)', as: 'member', method: 'POST', url: () => '/api/chat/global/read', status: 400 },
  { name: 'a file id with a path in it', as: 'guest', method: 'GET', url: () => '/api/files/..%2F..%2Fdb%2Fusers.db', status: 400 },
  { name: 'a private file id that does not exist', as: 'admin', method: 'GET', url: () => `/api/files/private/${UNKNOWN_ID}`, status: 404 },
  { name: 'approve a payment id that is not an id', as: 'admin', method: 'POST', url: () => '/api/admin/payments/abc/approve', payload: {}, status: 400 },
  { name: 'approve an unknown payment', as: 'admin', method: 'POST', url: () => `/api/admin/payments/${UNKNOWN_ID}/approve`, payload: {}, status: 404 },
  { name: 'reject an unknown payment', as: 'admin', method: 'POST', url: () => `/api/admin/payments/${UNKNOWN_ID}/reject`, status: 404 },
  { name: 'edit an unknown member', as: 'admin', method: 'PATCH', url: () => `/api/admin/members/${UNKNOWN_ID}`, payload: { role: 'trial' }, status: 404 },
  { name: 'edit a history entry id that is not an id', as: 'admin', method: 'PUT', url: () => '/api/history/1', payload: { title: 'x' }, status: 400 },
  { name: 'delete an unknown history entry', as: 'admin', method: 'DELETE', url: () => `/api/history/${UNKNOWN_ID}`, status: 404 },

  // ---- limits and cursors
  { name: 'a negative limit', as: 'guest', method: 'GET', url: () => '/api/chat/public?limit=-1', status: 400 },
  { name: 'a zero limit', as: 'guest', method: 'GET', url: () => '/api/history?limit=0', status: 400 },
  { name: 'a huge limit', as: 'guest', method: 'GET', url: () => '/api/chat/public?limit=100000000', status: 400 },
  { name: 'a fractional limit', as: 'member', method: 'GET', url: () => '/api/chat?limit=2.5', status: 400 },
  { name: 'a limit that is text', as: 'admin', method: 'GET', url: () => '/api/admin/members?limit=all', status: 400 },
  { name: 'a chat cursor that is text', as: 'guest', method: 'GET', url: () => '/api/chat/public?before=abc', status: 400 },
  { name: 'a chat cursor past any number', as: 'guest', method: 'GET', url: () => `/api/chat/public?before=${'9'.repeat(400)}`, status: 400 },
  { name: 'a history cursor that is garbage', as: 'guest', method: 'GET', url: () => '/api/history?before=%7B%22%24gt%22%3A1%7D', status: 400 },
  { name: 'a history cursor that decodes to nonsense', as: 'guest', method: 'GET', url: () => `/api/history?before=${Buffer.from('1.2.3').toString('base64url')}`, status: 400 },
  { name: 'a log cursor too long', as: 'admin', method: 'GET', url: () => `/api/auth/log-activity?before=${long(65)}`, status: 400 },
  { name: 'a payments cursor that is garbage', as: 'admin', method: 'GET', url: () => '/api/admin/payments?before=zzz', status: 400 },
  { name: 'a payments status that does not exist', as: 'admin', method: 'GET', url: () => '/api/admin/payments?status=paid', status: 400 },
  { name: 'events after a negative seq', as: 'guest', method: 'GET', url: () => '/api/chat/events?stream=global&after=-1', status: 400 },
  { name: 'events without a stream', as: 'guest', method: 'GET', url: () => '/api/chat/events', status: 400 },
  { name: 'events of a stream that is not one', as: 'member', method: 'GET', url: () => '/api/chat/events?stream=GLOBAL', status: 400 },
  { name: 'events of an unknown private stream', as: 'member', method: 'GET', url: () => `/api/chat/events?stream=${UNKNOWN_ID}`, status: 404 },
  { name: 'events with a huge limit', as: 'guest', method: 'GET', url: () => '/api/chat/events?stream=global&limit=100000', status: 400 },

  // ---- regex inputs are matched literally
  { name: 'a log filter that is a catastrophic regex', as: 'admin', method: 'GET', url: () => `/api/auth/log-activity?user=${encodeURIComponent('(a+)+$')}&page=${encodeURIComponent('.*[')}`, status: 200 },
  { name: 'a member search that is a regex', as: 'admin', method: 'GET', url: () => `/api/admin/members?q=${encodeURIComponent('.*(|[')}`, status: 200 },
  { name: 'a member search too long', as: 'admin', method: 'GET', url: () => `/api/admin/members?q=${long(101)}`, status: 400 },
  { name: 'a member role that does not exist', as: 'admin', method: 'GET', url: () => '/api/admin/members?role=root', status: 400 },

  // ---- bodies of the wrong shape
  { name: 'content as an array', as: 'member', method: 'POST', url: () => '/api/chat', payload: { content: ['hi'] }, status: 400 },
  { name: 'content as an operator object', as: 'member', method: 'POST', url: () => '/api/chat', payload: { content: { $gt: '' } }, status: 400 },
  { name: 'content as a number', as: 'member', method: 'POST', url: () => '/api/chat', payload: { content: 42 }, status: 400 },
  { name: 'content far too long', as: 'member', method: 'POST', url: () => '/api/chat', payload: { content: long(20_000) }, status: 400 },
  { name: '2001 characters of content', as: 'member', method: 'POST', url: () => '/api/chat', payload: { content: long(2001) }, status: 400 },
  { name: 'only whitespace and zero-width characters', as: 'member', method: 'POST', url: () => '/api/chat', payload: { content: ' \n\t\u200b\u200f ' }, status: 400 },
  { name: 'a type that does not exist', as: 'member', method: 'POST', url: () => '/api/chat', payload: { content: 'x', type: 'broadcast' }, status: 400 },
  { name: 'a global message with a chatId', as: 'member', method: 'POST', url: () => '/api/chat', payload: () => ({ content: 'x', type: 'global', chatId }), status: 400 },
  { name: 'a private message without a chatId', as: 'member', method: 'POST', url: () => '/api/chat', payload: { content: 'x', type: 'private' }, status: 400 },
  { name: 'a reply to a message id that is not an id', as: 'member', method: 'POST', url: () => '/api/chat', payload: { content: 'x', replyTo: 'abc' }, status: 400 },
  { name: 'a reply to an unknown message', as: 'member', method: 'POST', url: () => '/api/chat', payload: { content: 'x', replyTo: UNKNOWN_ID }, status: 404 },
  { name: 'a reply across streams (global → private parent)', as: 'admin', method: 'POST', url: () => '/api/chat', payload: () => ({ content: 'x', replyTo: messageId }), status: 404 },
  { name: 'a clientId too long', as: 'member', method: 'POST', url: () => '/api/chat', payload: { content: 'x', clientId: long(65) }, status: 400 },
  { name: 'an edit with an object', as: 'member', method: 'PATCH', url: () => `/api/chat/${messageId}`, payload: { content: { a: 1 } }, status: 400 },
  { name: 'a hide context too long', as: 'admin', method: 'PATCH', url: () => `/api/chat/${messageId}/hide`, payload: { context: long(201) }, status: 400 },
  { name: 'a login with an operator for the email', as: 'guest', method: 'POST', url: () => '/api/auth/login', payload: { email: { $ne: null }, password: 'x' }, status: 400 },
  { name: 'a login with an array password', as: 'guest', method: 'POST', url: () => '/api/auth/login', payload: { email: 'a@b.c', password: ['x'] }, status: 400 },
  { name: 'a register with a huge name', as: 'guest', method: 'POST', url: () => '/api/auth/register', payload: { name: long(5000), username: 'abc', email: 'x@y.z', password: 'longenough1' }, status: 400 },
  { name: 'a reset code with letters', as: 'guest', method: 'POST', url: () => '/api/auth/reset-password', payload: { email: 'x@y.z', code: 'abcdef', newPassword: 'longenough1' }, status: 400 },
  { name: 'a resend for a purpose that does not exist', as: 'guest', method: 'POST', url: () => '/api/auth/resend-code', payload: { email: 'x@y.z', purpose: 'admin' }, status: 400 },
  { name: 'a heartbeat with a number', as: 'member', method: 'POST', url: () => '/api/auth/heartbeat', payload: { sessionId: 123 }, status: 400 },
  { name: 'a heartbeat for another session', as: 'member', method: 'POST', url: () => '/api/auth/heartbeat', payload: { sessionId: UNKNOWN_ID }, status: 400 },
  { name: 'a beacon that is not JSON', as: 'guest', method: 'POST', url: () => '/api/auth/session/end', payload: 'sessionId=1', headers: { 'content-type': 'text/plain' }, status: 400 },
  { name: 'a beacon without a session id', as: 'guest', method: 'POST', url: () => '/api/auth/session/end', payload: {}, status: 400 },
  { name: 'a visit of a page that is not a path', as: 'guest', method: 'POST', url: () => '/api/auth/log-activity', payload: { ipAddress: 'Unknown', page: 'javascript:alert(1)', message: 'x' }, status: 400 },
  { name: 'a visit with a made-up IP', as: 'guest', method: 'POST', url: () => '/api/auth/log-activity', payload: { ipAddress: '<script>', page: '/', message: 'x' }, status: 400 },
  { name: 'a visit with unicode in the message', as: 'guest', method: 'POST', url: () => '/api/auth/log-activity', payload: { ipAddress: 'Unknown', page: '/faq-chat', message: 'Visited 🟡 /faq-chat ‮page' }, status: 201 },
  { name: 'a custom amount as text', as: 'admin', method: 'POST', url: () => `/api/admin/payments/${UNKNOWN_ID}/approve`, payload: { amount: '50000' }, status: 400 },
  { name: 'a negative custom amount', as: 'admin', method: 'POST', url: () => `/api/admin/payments/${UNKNOWN_ID}/approve`, payload: { amount: -5 }, status: 400 },
  { name: 'an astronomical custom amount', as: 'admin', method: 'POST', url: () => `/api/admin/payments/${UNKNOWN_ID}/approve`, payload: { amount: 1e30 }, status: 400 },
  { name: 'a reject reason as an object', as: 'admin', method: 'POST', url: () => `/api/admin/payments/${UNKNOWN_ID}/reject`, payload: { reason: { $set: 1 } }, status: 400 },
  { name: 'a member role that does not exist', as: 'admin', method: 'PATCH', url: () => `/api/admin/members/${UNKNOWN_ID}`, payload: { role: 'root' }, status: 400 },
  { name: 'a membership end that is not a date', as: 'admin', method: 'PATCH', url: () => `/api/admin/members/${UNKNOWN_ID}`, payload: { membershipEnd: 'tomorrow' }, status: 400 },
  { name: 'an empty member change', as: 'admin', method: 'PATCH', url: () => `/api/admin/members/${UNKNOWN_ID}`, payload: {}, status: 400 },
  { name: 'a profile country not in the list', as: 'trial', method: 'PUT', url: () => '/api/auth/update-profile', payload: { country: 'Atlantis' }, status: 400 },
  { name: 'a profile name as an array', as: 'trial', method: 'PUT', url: () => '/api/auth/update-profile', payload: { name: ['a'] }, status: 400 },
  { name: 'a profile with unicode', as: 'trial', method: 'PUT', url: () => '/api/auth/update-profile', payload: { name: 'Siti Nurhaliza 李雷 🟡', city: 'Yogyakarta' }, status: 200 },

  // ---- the wire itself
  { name: 'a prototype-poisoning body', as: 'member', method: 'POST', url: () => '/api/chat', payload: '{"content":"x","__proto__":{"isAdmin":true}}', headers: { 'content-type': 'application/json' }, status: 400 },
  { name: 'a constructor-poisoning body', as: 'member', method: 'POST', url: () => '/api/chat', payload: '{"content":"x","constructor":{"prototype":{"a":1}}}', headers: { 'content-type': 'application/json' }, status: 400 },
  { name: 'broken JSON', as: 'member', method: 'POST', url: () => '/api/chat', payload: '{"content":', headers: { 'content-type': 'application/json' }, status: 400 },
  { name: 'a body of another media type', as: 'member', method: 'POST', url: () => '/api/chat', payload: '<content>x</content>', headers: { 'content-type': 'application/xml' }, status: 415 },
  { name: 'JSON where multipart belongs', as: 'trial', method: 'POST', url: () => '/api/payments', payload: { membershipTier: 'pro', duration: 'monthly' }, status: 415 },
  { name: 'a body over 64 KiB', as: 'member', method: 'POST', url: () => '/api/chat', payload: { content: long(70_000) }, status: 413 },
  { name: 'a token that is garbage', as: 'guest', method: 'GET', url: () => '/api/auth/me', headers: { authorization: 'Bearer not.a.token' }, status: 401 },
  { name: 'a Basic authorization', as: 'guest', method: 'GET', url: () => '/api/auth/me', headers: { authorization: 'Basic YWRtaW46YWRtaW4=' }, status: 401 },
  { name: 'an unsigned token naming the admin', as: 'guest', method: 'GET', url: () => '/api/admin/stats', headers: { authorization: `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"x","sid":"y","role":"admin"}').toString('base64url')}.` }, status: 401 },
  { name: 'a bad token on a read open to guests', as: 'guest', method: 'GET', url: () => '/api/chat/events?stream=global', headers: { authorization: 'Bearer nope' }, status: 401 },
  // Clients that always send a JSON content type, even without a body (spec §7: "no body", "empty body").
  { name: 'a read mark with a JSON type and no body', as: 'member', method: 'POST', url: () => `/api/chat/${chatId}/read`, headers: { 'content-type': 'application/json' }, status: 204 },
  { name: 'opening the admin chat with a JSON type and no body', as: 'member', method: 'POST', url: () => '/api/chat/with-admin', headers: { 'content-type': 'application/json' }, status: 200 },
  { name: 'a hide toggle with a JSON type and no body', as: 'admin', method: 'PATCH', url: () => `/api/chat/${messageId}/hide`, headers: { 'content-type': 'application/json' }, status: 200 },
  { name: 'a post with a JSON type and no body', as: 'member', method: 'POST', url: () => '/api/chat', headers: { 'content-type': 'application/json' }, status: 400 },
  { name: 'an unknown API route', as: 'guest', method: 'GET', url: () => '/api/nothing-here', status: 404 },
];

const tokenOf = (who: Who) => ({ guest: undefined, trial: trial.token, member: member.token, admin: admin.token })[who];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, ADMIN.email, ADMIN.password);
  trial = await signUp(t, 'trial');
  member = await signUp(t, 'member');
  await t.store.users.update(member.userId, {
    role: 'member',
    membershipTier: 'basic',
    duration: 'monthly',
    membershipEnd: new Date(Date.now() + 30 * 24 * 60 * 60_000),
  });
  const opened = await call(t.app, { method: 'POST', url: '/api/chat/with-admin', token: member.token });
  chatId = opened.json<{ chat: { _id: string } }>().chat._id;
  const posted = await call(t.app, { method: 'POST', url: '/api/chat', token: member.token, payload: { content: 'private one', chatId, type: 'private' } });
  messageId = posted.json<{ message: { _id: string } }>().message._id;
});

afterAll(async () => {
  await t?.close();
});

describe('hostile inputs end in a clear 4xx', () => {
  for (const c of cases) {
    it(`${c.name}: ${c.method} → ${c.status}`, async () => {
      const response = await call(t.app, {
        method: c.method,
        url: c.url(),
        token: tokenOf(c.as),
        ...(c.payload === undefined ? {} : { payload: (typeof c.payload === 'function' ? (c.payload as () => unknown)() : c.payload) as string }),
        ...(c.headers ? { headers: c.headers } : {}),
      });
      expect(response.statusCode, response.body).toBe(c.status);
      if (c.status >= 400) {
        const body = response.json<{ message: unknown; stack?: unknown }>();
        expect(typeof body.message).toBe('string');
        expect(body.stack).toBeUndefined();
        expect(response.body).not.toMatch(/at .+\.(ts|js):\d+/);
      }
    });
  }
});

describe('a failure on our side', () => {
  it('is a 500 with a plain message: no error text, no stack', async () => {
    const original = t.store.users.listAdmins.bind(t.store.users);
    t.store.users.listAdmins = async () => {
      throw new Error('connection to db-internal.example:27017 lost at /srv/app/store.ts:42');
    };
    try {
      const response = await call(t.app, { method: 'GET', url: '/api/chat/with-admin', token: member.token });
      expect(response.statusCode).toBe(500);
      expect(Object.keys(response.json<object>())).toEqual(['message']);
      expect(response.body).not.toMatch(/db-internal|store\.ts|Error:|\bat /);
    } finally {
      t.store.users.listAdmins = original;
    }
  });
});

describe('hostile multipart forms', () => {
  const post = (url: string, form: ReturnType<typeof multipart>, token = trial.token) =>
    call(t.app, { method: 'POST', url, token, payload: form.payload, headers: form.headers });

  it('end in a clear 4xx and store nothing', async () => {
    const jpeg = await makeJpeg(32, 32);
    const before = await storedUploads(t.dataDir);
    const attempts: [string, ReturnType<typeof multipart>, number][] = [
      ['two files', multipart([imageFile('photo_profile', jpeg), imageFile('photo_profile', jpeg)]), 400],
      ['the file in another field', multipart([imageFile('avatar', jpeg)]), 400],
      ['no file at all', multipart([{ name: 'note', value: 'x' }]), 400],
      ['thirteen parts', multipart(Array.from({ length: 13 }, (_, index) => ({ name: `f${index}`, value: 'x' }))), 400],
      ['a field name of 200 characters', multipart([{ name: 'n'.repeat(200), value: 'x' }, imageFile('photo_profile', jpeg)]), 400],
    ];
    for (const [name, form, status] of attempts) {
      const response = await post('/api/auth/upload-profile', form);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(status);
      expect(typeof response.json<{ message: unknown }>().message, name).toBe('string');
    }
    const noBoundary = await call(t.app, { method: 'POST', url: '/api/auth/upload-profile', token: trial.token, payload: 'x', headers: { 'content-type': 'multipart/form-data' } });
    expect(noBoundary.statusCode).toBeGreaterThanOrEqual(400);
    expect(noBoundary.statusCode).toBeLessThan(500);
    expect(await storedUploads(t.dataDir)).toEqual(before);
  });

  it('never keep the client\'s file name: a path in it changes nothing', async () => {
    const jpeg = await makeJpeg(32, 32);
    const response = await post('/api/auth/upload-profile', multipart([imageFile('photo_profile', jpeg, '../../../etc/cron.d/evil.jpg')]));
    expect(response.statusCode).toBe(200);
    expect(response.json<{ file: string }>().file).toMatch(/^\/api\/files\/[0-9a-f]{24}$/);
    expect((await storedUploads(t.dataDir)).every((name) => /^[0-9a-f]{24}\.(jpg|png|webp)$/.test(name))).toBe(true);
  });
});
