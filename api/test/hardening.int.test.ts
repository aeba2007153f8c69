import { latestCode, readOutbox } from '@le/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, newUserInput, nextIp, signIn, signUp, verifiedInStore, type TestApp } from './helpers';

/**
 * What probing the running product as an attacker found, each as a test (contract §10,
 * the TRUST_PROXY line of §2).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, extra: { token?: string; ip?: string; headers?: Record<string, string> } = {}) =>
  call(t.app, { method: 'POST', url, payload: payload as Record<string, unknown>, ...extra });
const answer = (response: { statusCode: number; json(): unknown }) => [response.statusCode, response.json()];

describe('no account oracle (contract §10)', () => {
  it('verify-email answers a wrong code the same for an unknown, an unverified and a verified address', async () => {
    const unverified = newUserInput('oracle');
    expect((await post('/api/auth/register', unverified)).statusCode).toBe(201);
    const verified = await signUp(t, 'oracle');
    const wrong = '000000';
    const answers = await Promise.all(
      [unverified.email, verified.email, 'nobody-at-all@example.com'].map(async (email) => answer(await post('/api/auth/verify-email', { email, code: wrong }))),
    );
    expect(answers[0]).toEqual([400, { message: 'The code is wrong or has expired. Check the newest email, or request a new code.', code: 'CODE_INVALID' }]);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('reset-password likewise, and the wrong tries still count: the fifth burns the code', async () => {
    const victim = await signUp(t, 'burnt');
    const unverified = newUserInput('burnt');
    expect((await post('/api/auth/register', unverified)).statusCode).toBe(201);
    expect((await post('/api/auth/forgot-password', { email: victim.email })).statusCode).toBe(200);
    const code = await (async () => {
      for (;;) {
        const found = await latestCode(t.config.mailOutbox, victim.email, /reset/i).catch(() => '');
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const wrong = code === '111111' ? '222222' : '111111';
    const reset = (email: string, value: string) => post('/api/auth/reset-password', { email, code: value, newPassword: 'a whole new password' });
    const answers = [];
    for (const email of [victim.email, unverified.email, 'nobody-at-all@example.com']) answers.push(answer(await reset(email, wrong)));
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    for (let i = 0; i < 4; i += 1) expect(answer(await reset(victim.email, wrong))).toEqual(answers[0]);
    // five wrong tries: the right code no longer works, and says nothing more
    expect(answer(await reset(victim.email, code))).toEqual(answers[0]);
  });

  it('resend-code: one per minute per address string, known or not', async () => {
    const known = await verifiedInStore(t, 'resend');
    for (const email of [known.email, 'never-registered@example.com']) {
      const first = await post('/api/auth/resend-code', { email, purpose: 'reset' });
      const second = await post('/api/auth/resend-code', { email, purpose: 'reset' });
      expect([first.statusCode, second.statusCode]).toEqual([200, 429]);
      expect(second.json().message).toMatch(/^Please wait \d+ seconds before requesting a new code\.$/);
    }
  });
});

describe('input (contract §10)', () => {
  it('email addresses are plain mailboxes', async () => {
    for (const email of ['a<victim@evil.test>', '"x"@evil.test', 'a@evil.test, victim@example.com', 'a b@example.com', 'x@[127.0.0.1]']) {
      const response = await post('/api/auth/register', { ...newUserInput('mailbox'), email });
      expect([email, response.statusCode]).toEqual([email, 400]);
    }
  });

  it('names without control characters, line breaks or bidi overrides; no team words for members', async () => {
    for (const name of ['Budi\nAdmin', 'Sari\u0000', 'evil\u202Egnp.exe', 'iso\u2066late\u2069']) {
      const response = await post('/api/auth/register', { ...newUserInput('names'), name });
      expect([JSON.stringify(name), response.statusCode]).toEqual([JSON.stringify(name), 400]);
    }
    for (const [field, value] of [
      ['name', 'Administrator'],
      ['name', 'Lukis Emas Support'],
      ['username', 'admin_sari'],
      ['username', 'Moderator'],
    ] as const) {
      const response = await post('/api/auth/register', { ...newUserInput('team'), [field]: value });
      expect([value, answer(response)]).toEqual([value, [400, { message: 'This name belongs to the team. Please choose another.', code: 'RESERVED_NAME' }]]);
    }
    const member = await signUp(t, 'renamer');
    const renamed = await call(t.app, { method: 'PUT', url: '/api/auth/update-profile', payload: { name: 'Ádmìn' }, token: member.token });
    expect(renamed.statusCode).toBe(400);
    expect((await t.store.users.findById(member.userId))!.name).not.toBe('Ádmìn');
  });

  it('the activity log takes a page, and writes the sentence itself', async () => {
    const ip = nextIp();
    const sent = await post('/api/auth/log-activity', { ipAddress: 'Unknown', page: '/history', message: 'Admin approved payment of everyone' }, { ip });
    expect(sent.statusCode).toBe(201);
    const stored = await t.store.activity.list({ before: null, limit: 5, page: '/history' });
    expect(stored.entries.find((entry) => entry.serverIp === ip)?.message).toBe('Visited /history page');
    expect((await post('/api/auth/log-activity', { ipAddress: 'Unknown', page: '/a page with words' })).statusCode).toBe(400);
  });
});

describe('headers', () => {
  it('API answers are never cached; a public file keeps its own long cache; no HSTS over plain HTTP', async () => {
    const user = await signUp(t, 'cache');
    for (const response of [
      await call(t.app, { method: 'GET', url: '/api/auth/me', token: user.token }),
      await post('/api/auth/login', { email: user.email, password: user.password }),
      await call(t.app, { method: 'GET', url: '/api/auth/me' }),
    ]) {
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });
});

describe('sessions a user controls (contract §10)', () => {
  const me = (token: string) => call(t.app, { method: 'GET', url: '/api/auth/me', token });

  it('lists the live sessions, ends one of its own (404 for anyone else), or every other one', async () => {
    const user = await signUp(t, 'devices');
    const phone = await signIn(t, user.email, user.password);
    const laptop = await signIn(t, user.email, user.password);
    const stranger = await signUp(t, 'stranger');

    const listed = await call(t.app, { method: 'GET', url: '/api/auth/sessions', token: user.token });
    expect(listed.statusCode).toBe(200);
    const sessions = listed.json<{ sessions: { _id: string; current: boolean; ip: string; userAgent: string }[] }>().sessions;
    expect(sessions.map((session) => session._id).sort()).toEqual([user.sessionId, phone.sessionId, laptop.sessionId].sort());
    expect(sessions.filter((session) => session.current).map((session) => session._id)).toEqual([user.sessionId]);
    expect(JSON.stringify(sessions)).not.toContain(user.token);

    const foreign = await call(t.app, { method: 'DELETE', url: `/api/auth/sessions/${stranger.sessionId}`, token: user.token });
    expect(foreign.statusCode).toBe(404);
    expect((await me(stranger.token)).statusCode).toBe(200);

    expect((await call(t.app, { method: 'DELETE', url: `/api/auth/sessions/${phone.sessionId}`, token: user.token })).statusCode).toBe(204);
    expect((await me(phone.token)).statusCode).toBe(401);
    expect((await call(t.app, { method: 'DELETE', url: `/api/auth/sessions/${phone.sessionId}`, token: user.token })).statusCode).toBe(404);

    const others = await post('/api/auth/sessions/revoke-others', undefined, { token: user.token });
    expect(answer(others)).toEqual([200, { revoked: 1 }]);
    expect((await me(laptop.token)).statusCode).toBe(401);
    expect((await me(user.token)).statusCode).toBe(200);
  });

  it('bad input to the session and password routes: 400, nothing ended, nothing changed', async () => {
    const user = await signUp(t, 'badinput');
    const other = await signIn(t, user.email, user.password);
    for (const id of ['not-an-id', '0123456789abcdef0123456', `${other.sessionId}0`]) {
      const response = await call(t.app, { method: 'DELETE', url: `/api/auth/sessions/${id}`, token: user.token });
      expect([id, response.statusCode]).toEqual([id, 400]);
    }
    expect((await me(other.token)).statusCode).toBe(200);
    for (const body of [
      { newPassword: 'a newer password 3' },
      { currentPassword: user.password },
      { currentPassword: user.password, newPassword: 12345678 },
    ]) {
      const response = await post('/api/auth/change-password', body, { token: user.token });
      expect([JSON.stringify(body), response.statusCode, response.json().code]).toEqual([JSON.stringify(body), 400, 'VALIDATION']);
    }
    await signIn(t, user.email, user.password);
    expect((await me(other.token)).statusCode).toBe(200);
  });

  it('changes the password with the current one; the other sessions end', async () => {
    const user = await signUp(t, 'newpass');
    const elsewhere = await signIn(t, user.email, user.password);
    const wrong = await post('/api/auth/change-password', { currentPassword: 'not it at all', newPassword: 'a newer password 2' }, { token: user.token });
    expect(answer(wrong)).toEqual([400, { message: 'The current password is wrong.', code: 'WRONG_PASSWORD' }]);
    expect((await me(elsewhere.token)).statusCode).toBe(200);

    const short = await post('/api/auth/change-password', { currentPassword: user.password, newPassword: 'short' }, { token: user.token });
    expect(short.statusCode).toBe(400);

    const changed = await post('/api/auth/change-password', { currentPassword: user.password, newPassword: 'a newer password 2' }, { token: user.token });
    expect(changed.statusCode).toBe(200);
    expect((await me(elsewhere.token)).statusCode).toBe(401);
    expect((await me(user.token)).statusCode).toBe(200);
    await expect(signIn(t, user.email, user.password)).rejects.toThrow(/401/);
    await signIn(t, user.email, 'a newer password 2');
    expect((await readOutbox(t.config.mailOutbox)).some((mail) => JSON.stringify(mail).includes('a newer password 2'))).toBe(false);
  });
});

describe('TRUST_PROXY is a hop count (contract §2)', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(() => proxied.close());

  const viaProxy = (forwardedFor: string, payload: unknown, proto?: string) =>
    call(proxied.app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: payload as Record<string, unknown>,
      ip: '10.255.0.1',
      headers: { 'x-forwarded-for': forwardedFor, ...(proto ? { 'x-forwarded-proto': proto } : {}) },
    });

  it('a client that writes its own X-Forwarded-For does not escape the per-address limits', async () => {
    const user = await signUp(proxied, 'proxied');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      // the client's own entries on the left change every time; the proxy's entry on the right does not
      statuses.push((await viaProxy(`198.51.100.${i}, 203.0.113.9`, { email: user.email, password: 'wrong password' })).statusCode);
    }
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('the client address is the entry one hop from the right; HSTS when the proxy saw HTTPS', async () => {
    const user = await signUp(proxied, 'proxied');
    const response = await viaProxy('6.6.6.6, 203.0.113.77', { email: user.email, password: user.password }, 'https');
    expect(response.statusCode).toBe(200);
    const session = await proxied.store.sessions.findLive(response.json<{ sessionId: string }>().sessionId);
    expect(session!.ip).toBe('203.0.113.77');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('is a whole number of hops, true or false', async () => {
    const { loadConfig } = await import('../src/config');
    const env = { DATA_DIR: proxied.dataDir };
    expect(loadConfig(env, proxied.dataDir).trustProxy).toBe(0);
    expect(loadConfig({ ...env, TRUST_PROXY: 'true' }, proxied.dataDir).trustProxy).toBe(1);
    expect(loadConfig({ ...env, TRUST_PROXY: '2' }, proxied.dataDir).trustProxy).toBe(2);
    expect(loadConfig({ ...env, TRUST_PROXY: 'false' }, proxied.dataDir).trustProxy).toBe(0);
    expect(() => loadConfig({ ...env, TRUST_PROXY: 'everyone' }, proxied.dataDir)).toThrow(/TRUST_PROXY/);
  });
});
