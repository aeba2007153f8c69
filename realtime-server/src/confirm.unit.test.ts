import { describe, expect, it, vi } from 'vitest';
import { confirmThroughApi, type ApiConfirmationOptions, type TokenClaims } from './confirm';

/**
 * The standalone process admits a signed-in socket on the API's word (GET /api/auth/me), with the
 * stored role, never the token's claim; a short cache per session forgets on the API's say-so.
 */
const EXP = 2_000_000_000;
const claimsOf: Record<string, TokenClaims & { role?: string }> = {
  'token-ann': { sub: 'ann', sid: 's-ann', exp: EXP, role: 'admin' },
  'token-ann-2': { sub: 'ann', sid: 's-ann-2', exp: EXP, role: 'admin' },
  'token-bob': { sub: 'bob', sid: 's-bob', exp: EXP, role: 'member' },
  'token-cy': { sub: 'cy', sid: 's-cy', exp: EXP },
  'token-dee': { sub: 'dee', sid: 's-dee', exp: EXP },
};
const verify = (token: string) => {
  const claims = claimsOf[token];
  if (!claims) throw new Error('bad signature');
  return claims;
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const userAnswer = (_id: string, role: string) => json(200, { user: { _id, role, name: 'x' } });

/** A fake API: `answers` says what each token gets now; every call is recorded. */
const fakeApi = (answers: Record<string, () => Response | Promise<Response>>) => {
  const calls: { url: string; authorization: string | null }[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const authorization = new Headers(init?.headers).get('authorization');
    calls.push({ url: String(url), authorization });
    const answer = answers[authorization?.replace(/^Bearer /, '') ?? ''];
    return answer ? answer() : json(401, { message: 'no' });
  });
  return { calls, fetch: fetch as unknown as typeof globalThis.fetch };
};

const make = (api: ReturnType<typeof fakeApi>, options: Partial<ApiConfirmationOptions> = {}) => {
  let clock = 1_000;
  const confirmation = confirmThroughApi({ apiUrl: 'http://api:3000/', verify, fetch: api.fetch, now: () => clock, ...options });
  return { confirmation, advance: (ms: number) => (clock += ms) };
};

describe('confirmThroughApi', () => {
  it('admits a guest without asking anyone, and refuses a token that fails its signature without asking the API', async () => {
    const api = fakeApi({});
    const { confirmation } = make(api);
    await expect(confirmation.authenticate(undefined)).resolves.toEqual({ userId: null, sessionId: null, role: 'guest' });
    await expect(confirmation.authenticate('forged')).resolves.toBeNull();
    expect(api.calls).toEqual([]);
  });

  it("takes the role from the API's stored user, never from the token's claim", async () => {
    const api = fakeApi({ 'token-ann': () => userAnswer('ann', 'member') });
    const { confirmation } = make(api);
    await expect(confirmation.authenticate('token-ann')).resolves.toEqual({
      userId: 'ann',
      sessionId: 's-ann',
      role: 'member',
      expiresAt: EXP * 1000,
      signalAccess: 'none',
      signalAccessEndsAt: null,
    });
    expect(api.calls).toEqual([{ url: 'http://api:3000/api/auth/me', authorization: 'Bearer token-ann' }]);
  });

  it("takes what the user may see of signals from the API's stored membership, with the moment it ends (grace included)", async () => {
    const end = '2026-12-01T00:00:00.000Z';
    const grace = '2026-12-04T00:00:00.000Z';
    const api = fakeApi({
      'token-ann': () => json(200, { user: { _id: 'ann', role: 'member', membershipTier: 'pro', membershipEnd: end, graceEndsAt: null } }),
      'token-bob': () => json(200, { user: { _id: 'bob', role: 'member', membershipTier: 'expert', membershipEnd: end, graceEndsAt: grace } }),
      'token-cy': () => json(200, { user: { _id: 'cy', role: 'member', membershipTier: 'basic', membershipEnd: end } }),
      'token-dee': () => json(200, { user: { _id: 'dee', role: 'admin', membershipTier: 'admin', membershipEnd: null } }),
    });
    const { confirmation } = make(api);
    await expect(confirmation.authenticate('token-ann')).resolves.toMatchObject({ signalAccess: 'levels', signalAccessEndsAt: Date.parse(end) });
    await expect(confirmation.authenticate('token-bob')).resolves.toMatchObject({ signalAccess: 'full', signalAccessEndsAt: Date.parse(grace) });
    await expect(confirmation.authenticate('token-cy')).resolves.toMatchObject({ signalAccess: 'none', signalAccessEndsAt: null });
    await expect(confirmation.authenticate('token-dee')).resolves.toMatchObject({ signalAccess: 'full', signalAccessEndsAt: null });
  });

  it('refuses what the API refuses (401) and an answer for another user', async () => {
    const api = fakeApi({ 'token-bob': () => userAnswer('someone-else', 'admin') });
    const { confirmation } = make(api);
    await expect(confirmation.authenticate('token-ann')).resolves.toBeNull();
    await expect(confirmation.authenticate('token-bob')).resolves.toBeNull();
  });

  it.each([
    ['a 5xx', () => json(503, { message: 'busy' })],
    ['a 429', () => json(429, { message: 'slow down' })],
    ['no user in the body', () => json(200, { ok: true })],
    ['an unknown role', () => userAnswer('ann', 'superuser')],
    ['no answer at all', () => Promise.reject(new TypeError('fetch failed'))],
  ])('cannot confirm on %s: it throws (the client is told unavailable), it never admits', async (_label, answer) => {
    const { confirmation } = make(fakeApi({ 'token-ann': answer }));
    await expect(confirmation.authenticate('token-ann')).rejects.toThrow();
  });

  it('gives up on a slow API after timeoutMs', async () => {
    const never = (_url: unknown, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
    const confirmation = confirmThroughApi({ apiUrl: 'http://api', verify, fetch: never as typeof globalThis.fetch, timeoutMs: 50 });
    await expect(confirmation.authenticate('token-ann')).rejects.toThrow('aborted');
  });

  it('a revoked session in Redis is refused at once; Redis never admits, and a Redis that fails or hangs decides nothing', async () => {
    const api = fakeApi({ 'token-ann': () => userAnswer('ann', 'admin'), 'token-bob': () => userAnswer('bob', 'member') });
    const isRevoked = vi.fn(async (sessionId: string) => sessionId === 's-ann');
    const { confirmation } = make(api, { isRevoked });
    await expect(confirmation.authenticate('token-ann')).resolves.toBeNull();
    expect(api.calls).toEqual([]);
    await expect(confirmation.authenticate('token-bob')).resolves.toMatchObject({ role: 'member' });
    expect(api.calls).toHaveLength(1);

    // Redis away: the API still decides.
    const failing = make(api, { isRevoked: () => Promise.reject(new Error('redis down')) }).confirmation;
    await expect(failing.authenticate('token-ann')).resolves.toMatchObject({ role: 'admin' });
    const hanging = make(api, { isRevoked: () => new Promise<boolean>(() => undefined), negativeCheckMs: 20 }).confirmation;
    await expect(hanging.authenticate('token-ann')).resolves.toMatchObject({ role: 'admin' });
  });

  it('keeps an answer a few seconds per session, and asks once for handshakes that arrive together', async () => {
    const api = fakeApi({ 'token-ann': () => userAnswer('ann', 'admin') });
    const { confirmation, advance } = make(api, { cacheMs: 5_000 });
    await Promise.all([confirmation.authenticate('token-ann'), confirmation.authenticate('token-ann'), confirmation.authenticate('token-ann')]);
    expect(api.calls).toHaveLength(1);
    advance(4_999);
    await confirmation.authenticate('token-ann');
    expect(api.calls).toHaveLength(1);
    advance(1);
    await confirmation.authenticate('token-ann');
    expect(api.calls).toHaveLength(2);
  });

  it("forgets a user's sessions when the API refreshes it, and a session when it ends", async () => {
    let role = 'admin';
    let annLive = true;
    const api = fakeApi({
      'token-ann': () => (annLive ? userAnswer('ann', role) : json(401, {})),
      'token-ann-2': () => userAnswer('ann', role),
      'token-bob': () => userAnswer('bob', 'member'),
    });
    const { confirmation } = make(api);
    for (const token of ['token-ann', 'token-ann-2', 'token-bob']) await confirmation.authenticate(token);
    expect(api.calls).toHaveLength(3);

    role = 'member';
    confirmation.forgetUser('ann');
    await expect(confirmation.authenticate('token-ann')).resolves.toMatchObject({ role: 'member' });
    await expect(confirmation.authenticate('token-ann-2')).resolves.toMatchObject({ role: 'member' });
    await confirmation.authenticate('token-bob'); // still kept
    expect(api.calls).toHaveLength(5);

    annLive = false;
    confirmation.forgetSession('s-ann');
    await expect(confirmation.authenticate('token-ann')).resolves.toBeNull();
    await confirmation.authenticate('token-ann-2'); // the user's other session is still kept
    expect(api.calls).toHaveLength(6);
    // A refusal is kept as well (an ended session never comes back).
    await expect(confirmation.authenticate('token-ann')).resolves.toBeNull();
    expect(api.calls).toHaveLength(6);
  });

  it('does not use or keep an answer that was under way when its user was refreshed: it asks again', async () => {
    let release!: () => void;
    const first = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    const api = fakeApi({
      'token-ann': async () => {
        calls += 1;
        if (calls === 1) {
          await first;
          return userAnswer('ann', 'admin'); // read before the demotion
        }
        return userAnswer('ann', 'member');
      },
    });
    const { confirmation } = make(api);
    const handshake = confirmation.authenticate('token-ann');
    await vi.waitFor(() => expect(calls).toBe(1));
    confirmation.forgetUser('ann');
    release();
    await expect(handshake).resolves.toMatchObject({ role: 'member' });
    await expect(confirmation.authenticate('token-ann')).resolves.toMatchObject({ role: 'member' });
    expect(calls).toBe(2);
  });

  it('keeps nothing while it cannot hear Redis (where the forgetting comes from), and starts afresh when it can', async () => {
    const api = fakeApi({ 'token-ann': () => userAnswer('ann', 'admin') });
    const { confirmation } = make(api);
    await confirmation.authenticate('token-ann');
    confirmation.setListening(false);
    await confirmation.authenticate('token-ann');
    await confirmation.authenticate('token-ann');
    expect(api.calls).toHaveLength(3);
    confirmation.setListening(true);
    await confirmation.authenticate('token-ann');
    await confirmation.authenticate('token-ann');
    expect(api.calls).toHaveLength(4);
  });

  it('keeps nothing with cacheMs 0', async () => {
    const api = fakeApi({ 'token-ann': () => userAnswer('ann', 'admin') });
    const { confirmation } = make(api, { cacheMs: 0 });
    await confirmation.authenticate('token-ann');
    await confirmation.authenticate('token-ann');
    expect(api.calls).toHaveLength(2);
  });
});
