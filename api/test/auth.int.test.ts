import { latestCode, readOutbox } from '@le/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SLOW_DOWN_MS } from '../src/routes/auth/limits';
import { ADMIN, call, createTestApp, newUserInput, nextIp, signIn, signUp, verifiedInStore, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRIAL_DAYS: '7' });
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const post = (url: string, payload: unknown, extra: { token?: string; ip?: string } = {}) =>
  call(t.app, { method: 'POST', url, payload: payload as Record<string, unknown>, ...extra });

const register = async (input = newUserInput()) => {
  const response = await post('/api/auth/register', input);
  expect(response.statusCode).toBe(201);
  return input;
};

describe('health', () => {
  it('answers with the store and realtime kinds', async () => {
    const response = await call(t.app, { method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', store: 'embedded', realtime: 'local', checks: { store: 'ok', redis: 'unused' } });
  });
});

describe('register', () => {
  it('creates an unverified account and mails a 6-digit code', async () => {
    const input = await register();
    const mails = (await readOutbox(t.config.mailOutbox)).filter((mail) => mail.to === input.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/\d{6}$/);
    expect(mails[0]).toMatchObject({ to: input.email, text: expect.stringContaining('10 minutes') });
    const stored = await t.store.users.findByEmail(input.email);
    expect(stored).toMatchObject({ emailVerified: false, role: 'guest' });
    expect(stored!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses a taken email or username, case-insensitively, with 409', async () => {
    const input = await register();
    const sameEmail = await post('/api/auth/register', { ...newUserInput(), email: input.email.toUpperCase() });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({ message: 'This email is already registered.' });
    const sameName = await post('/api/auth/register', { ...newUserInput(), username: input.username.toUpperCase() });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({ message: 'This username is already taken.' });
  });

  it.each([
    ['a short password', { password: 'short' }],
    ['a password over 128 characters', { password: 'x'.repeat(129) }],
    ['a malformed email', { email: 'not-an-email' }],
    ['an operator object for the email', { email: { $ne: null } }],
    ['an empty name', { name: '   ' }],
    ['a username with spaces', { username: 'two words' }],
  ])('refuses %s with 400 and stores nothing', async (_label, change) => {
    const input = { ...newUserInput(), ...change };
    const response = await post('/api/auth/register', input);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
    if (typeof input.email === 'string') expect(await t.store.users.findByEmail(input.email)).toBeNull();
  });

  it('refuses a body that tries prototype pollution', async () => {
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: `{"name":"x","username":"protouser","email":"proto@example.com","password":"longenough1","__proto__":{"role":"admin"}}`,
    });
    expect(response.statusCode).toBe(400);
    expect(await t.store.users.findByEmail('proto@example.com')).toBeNull();
  });
});

describe('verify email', () => {
  it('turns the account into a trial of TRIAL_DAYS days', async () => {
    const input = await register();
    const code = await latestCode(t.config.mailOutbox, input.email);
    const before = Date.now();
    const response = await post('/api/auth/verify-email', { email: input.email, code });
    expect(response.statusCode).toBe(200);
    const user = await t.store.users.findByEmail(input.email);
    expect(user).toMatchObject({ emailVerified: true, role: 'trial', membershipTier: 'trial' });
    const days = (user!.trialExpiresAt!.getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
  });

  it('signs the user in: the code proved the address, so the answer carries a live session', async () => {
    const input = await register();
    const code = await latestCode(t.config.mailOutbox, input.email);
    const response = await post('/api/auth/verify-email', { email: input.email, code });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ message: string; token: string; sessionId: string; user: { email: string; role: string; passwordHash?: string } }>();
    expect(body.message).toBe('Email verified. Your trial has started.');
    expect(body.user).toMatchObject({ email: input.email, role: 'trial' });
    expect(body.user.passwordHash).toBeUndefined();
    const me = await call(t.app, { method: 'GET', url: '/api/auth/me', token: body.token });
    expect(me.statusCode).toBe(200);
    const sessions = await call(t.app, { method: 'GET', url: '/api/auth/sessions', token: body.token });
    expect(sessions.json<{ sessions: { _id: string; current: boolean }[] }>().sessions).toEqual([expect.objectContaining({ _id: body.sessionId, current: true })]);
  });

  it('refuses a used code', async () => {
    const input = await register();
    const code = await latestCode(t.config.mailOutbox, input.email);
    expect((await post('/api/auth/verify-email', { email: input.email, code })).statusCode).toBe(200);
    const again = await post('/api/auth/verify-email', { email: input.email, code });
    expect(again.statusCode).toBe(400);
  });

  it('burns the code after five wrong tries, even for the right code afterwards', async () => {
    const input = await register();
    const code = await latestCode(t.config.mailOutbox, input.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers: number[] = [];
    for (let i = 0; i < 5; i += 1) answers.push((await post('/api/auth/verify-email', { email: input.email, code: wrong })).statusCode);
    expect(answers).toEqual([400, 400, 400, 400, 400]);
    const right = await post('/api/auth/verify-email', { email: input.email, code });
    expect(right.statusCode).toBe(400);
    expect((await t.store.users.findByEmail(input.email))!.emailVerified).toBe(false);
  });

  it('refuses an expired code', async () => {
    const input = await register();
    const code = await latestCode(t.config.mailOutbox, input.email);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 10 * 60_000 + 1_000);
    const response = await post('/api/auth/verify-email', { email: input.email, code });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('CODE_INVALID');
  });

  it('voids the old code when a new one is sent', async () => {
    const input = await register();
    const first = await latestCode(t.config.mailOutbox, input.email);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    expect((await post('/api/auth/resend-code', { email: input.email, purpose: 'verify' })).statusCode).toBe(200);
    const second = await latestCode(t.config.mailOutbox, input.email);
    if (first !== second) {
      expect((await post('/api/auth/verify-email', { email: input.email, code: first })).statusCode).toBe(400);
    }
    expect((await post('/api/auth/verify-email', { email: input.email, code: second })).statusCode).toBe(200);
  });

  it('keeps codes only as hashes', async () => {
    const input = await register();
    const code = await latestCode(t.config.mailOutbox, input.email);
    const user = await t.store.users.findByEmail(input.email);
    const open = await t.store.codes.findOpen(user!._id, 'verify');
    expect(open!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    // Past the hash and the ids: a run of random hex holds any six digits now and then.
    expect(JSON.stringify(open).replace(/[0-9a-f]{24,}/g, '…')).not.toContain(code);
  });
});

describe('resend code', () => {
  it('answers 429 with Retry-After inside the 60 s cooldown', async () => {
    const input = await register();
    const response = await post('/api/auth/resend-code', { email: input.email, purpose: 'verify' });
    expect(response.statusCode).toBe(429);
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('answers an already verified account like an unknown one, and sends nothing', async () => {
    const user = await verifiedInStore(t);
    const before = (await readOutbox(t.config.mailOutbox)).length;
    const known = await post('/api/auth/resend-code', { email: user.email, purpose: 'verify' });
    const unknown = await post('/api/auth/resend-code', { email: 'nobody-else@example.com', purpose: 'verify' });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect((await readOutbox(t.config.mailOutbox)).length).toBe(before);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const response = await post('/api/auth/resend-code', { email: 'nobody@example.com', purpose: 'verify' });
    expect(response.statusCode).toBe(200);
    expect((await readOutbox(t.config.mailOutbox)).some((mail) => mail.to === 'nobody@example.com')).toBe(false);
  });
});

describe('login', () => {
  it('accepts the email or the username, in any case', async () => {
    const user = await signUp(t);
    await expect(signIn(t, user.email.toUpperCase(), user.password)).resolves.toMatchObject({ token: expect.any(String) });
    const byName = await post('/api/auth/login', { email: user.username.toUpperCase(), password: user.password });
    expect(byName.statusCode).toBe(200);
    const body = byName.json();
    expect(body.user).toMatchObject({ username: user.username, role: 'trial', membershipTier: 'trial' });
    expect(body.user).not.toHaveProperty('passwordHash');
    expect(body.user).not.toHaveProperty('emailLower');
  });

  it('answers 401 for a wrong password or an unknown account', async () => {
    const user = await signUp(t);
    expect((await post('/api/auth/login', { email: user.email, password: 'wrong password' })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: 'ghost@example.com', password: 'whatever1' })).statusCode).toBe(401);
  });

  it('answers 403 before the email is verified', async () => {
    const input = await register();
    const response = await post('/api/auth/login', { email: input.email, password: input.password });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
  });

  it('refuses operator objects and arrays in place of strings', async () => {
    const user = await signUp(t);
    expect((await post('/api/auth/login', { email: { $ne: null }, password: { $gt: '' } })).statusCode).toBe(400);
    expect((await post('/api/auth/login', { email: [user.email], password: [user.password] })).statusCode).toBe(400);
    expect((await post('/api/auth/login', { email: user.email, password: 12345678 })).statusCode).toBe(400);
  });

  it('limits tries at one account from one address, whether it is named by email or username', async () => {
    const user = await signUp(t);
    const ip = nextIp();
    for (let i = 0; i < 10; i += 1) expect((await post('/api/auth/login', { email: user.email, password: 'wrong password' }, { ip })).statusCode).toBe(401);
    const byName = await post('/api/auth/login', { email: user.username, password: user.password }, { ip });
    expect(byName.statusCode).toBe(429);
    expect(byName.json().message).toMatch(/^Too many attempts for this account\. Please try again in \d+ seconds\.$/);
  });

  it("an attacker's failed tries never lock the owner out at another address (contract §10)", async () => {
    const user = await signUp(t);
    const attacker = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) statuses.push((await post('/api/auth/login', { email: user.email, password: 'wrong password' }, { ip: attacker })).statusCode);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const owner = await post('/api/auth/login', { email: user.email, password: user.password }, { ip: nextIp() });
    expect(owner.statusCode).toBe(200);
  });

  it("past the account's ceiling, tries from many addresses are slowed, never refused: the owner still gets in", async () => {
    const user = await signUp(t);
    // signUp signed in once: with these 29, the account's 30 tries of the window are used
    for (let i = 0; i < 29; i += 1) expect((await post('/api/auth/login', { email: user.email, password: 'wrong password' })).statusCode).toBe(401);
    const started = Date.now();
    const owner = await post('/api/auth/login', { email: user.email, password: user.password });
    expect(owner.statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_DOWN_MS - 50);
  });

  it('signs the admin of ADMIN_EMAIL in with the admin role', async () => {
    const admin = await signIn(t, ADMIN.email, ADMIN.password);
    const me = await call(t.app, { method: 'GET', url: '/api/auth/me', token: admin.token });
    expect(me.json().user).toMatchObject({ role: 'admin', email: ADMIN.email });
  });
});

describe('sessions', () => {
  it('me answers with the user, and 401 without or with a bad token', async () => {
    const user = await signUp(t);
    const me = await call(t.app, { method: 'GET', url: '/api/auth/me', token: user.token });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(user.email);
    expect((await call(t.app, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await call(t.app, { method: 'GET', url: '/api/auth/me', token: `${user.token}x` })).statusCode).toBe(401);
  });

  it('refuses a token signed with another algorithm or key', async () => {
    const user = await signUp(t);
    const [header, payload] = user.token.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    expect((await call(t.app, { method: 'GET', url: '/api/auth/me', token: none })).statusCode).toBe(401);
    expect(header).toBeDefined();
  });

  it('reads the role from the store, not from the token', async () => {
    const user = await signUp(t);
    await t.store.users.update(user.userId, { role: 'member' });
    const me = await call(t.app, { method: 'GET', url: '/api/auth/me', token: user.token });
    expect(me.json().user.role).toBe('member');
  });

  it('logout revokes the token at once, and other sessions stay', async () => {
    const user = await signUp(t);
    const second = await signIn(t, user.email, user.password);
    const logout = await call(t.app, { method: 'POST', url: '/api/auth/logout', token: user.token });
    expect(logout.statusCode).toBe(200);
    expect(logout.json().message).toEqual(expect.any(String));
    expect((await call(t.app, { method: 'GET', url: '/api/auth/me', token: user.token })).statusCode).toBe(401);
    expect((await call(t.app, { method: 'GET', url: '/api/auth/me', token: second.token })).statusCode).toBe(200);
  });

  it('heartbeat keeps the session online; session/end marks it offline without signing out', async () => {
    const user = await signUp(t);
    const beat = await call(t.app, { method: 'POST', url: '/api/auth/heartbeat', token: user.token, payload: { sessionId: user.sessionId } });
    expect(beat.statusCode).toBe(204);
    expect(await t.store.sessions.onlineUserIds(new Date(Date.now() - 60_000))).toContain(user.userId);

    const end = await call(t.app, {
      method: 'POST',
      url: '/api/auth/session/end',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ sessionId: user.sessionId }),
    });
    expect(end.statusCode).toBe(204);
    expect(await t.store.sessions.onlineUserIds(new Date(Date.now() - 60_000))).not.toContain(user.userId);
    expect((await call(t.app, { method: 'GET', url: '/api/auth/me', token: user.token })).statusCode).toBe(200);

    const endJson = await call(t.app, { method: 'POST', url: '/api/auth/session/end', payload: { sessionId: user.sessionId } });
    expect(endJson.statusCode).toBe(204);
  });

  it("heartbeat refuses another session's id", async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    const beat = await call(t.app, { method: 'POST', url: '/api/auth/heartbeat', token: user.token, payload: { sessionId: other.sessionId } });
    expect(beat.statusCode).toBe(400);
  });
});

describe('forgot and reset password', () => {
  it('answers the same for known and unknown emails', async () => {
    const user = await signUp(t);
    const known = await post('/api/auth/forgot-password', { email: user.email });
    const unknown = await post('/api/auth/forgot-password', { email: 'unknown-person@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
  });

  it('resets the password with the mailed code and ends every session', async () => {
    const user = await signUp(t);
    const other = await signIn(t, user.email, user.password);
    expect((await post('/api/auth/forgot-password', { email: user.email })).statusCode).toBe(200);
    // the reset mail goes out after the reply
    const code = await vi.waitFor(() => latestCode(t.config.mailOutbox, user.email, /reset/), { timeout: 5_000, interval: 20 });
    const reset = await post('/api/auth/reset-password', { email: user.email, code, newPassword: 'a brand new secret' });
    expect(reset.statusCode).toBe(200);
    for (const token of [user.token, other.token]) {
      expect((await call(t.app, { method: 'GET', url: '/api/auth/me', token })).statusCode).toBe(401);
    }
    expect((await post('/api/auth/login', { email: user.email, password: user.password })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: user.email, password: 'a brand new secret' })).statusCode).toBe(200);
    // single use
    const again = await post('/api/auth/reset-password', { email: user.email, code, newPassword: 'yet another secret' });
    expect(again.statusCode).toBe(400);
  });

  it('refuses a wrong code and a code of the wrong purpose', async () => {
    const input = await register();
    const verifyCode = await latestCode(t.config.mailOutbox, input.email);
    const reset = await post('/api/auth/reset-password', { email: input.email, code: verifyCode, newPassword: 'new password 1' });
    expect(reset.statusCode).toBe(400);
    const longCode = await post('/api/auth/reset-password', { email: input.email, code: '1234567', newPassword: 'new password 1' });
    expect(longCode.statusCode).toBe(400);
  });
});

describe('errors', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const response = await call(t.app, { method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: expect.any(String) });
  });

  it('sends safe headers with a CSP', async () => {
    const response = await call(t.app, { method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a body over the limit with 413 and another media type with 415', async () => {
    const big = await post('/api/auth/login', { email: 'a'.repeat(70 * 1024), password: 'x' });
    expect(big.statusCode).toBe(413);
    const xml = await call(t.app, {
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ message: expect.any(String) });
  });

  it('answers a body that is not JSON with 400 and no stack', async () => {
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toMatch(/at .*\.ts:\d+/);
  });
});
