import { PRICES, type ActivityLogEntry, type AdminPaymentRecord, type AdminStats, type PaidTier, type PublicUser } from '@le/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids';
import { imageFile, makeJpeg, multipart } from './multipart';
import { ADMIN, call, createTestApp, signIn, signUp, type SignedInUser, type TestApp } from './helpers';
import { uniqueTag } from './support/unique';

let t: TestApp;
let admin: SignedInUser;
let trial: SignedInUser;
let member: SignedInUser;
let expired: SignedInUser;

const DAY = 86_400_000;

const makeMember = async (user: SignedInUser, tier: PaidTier, end: Date) =>
  t.store.users.update(user.userId, { role: 'member', membershipTier: tier, duration: 'monthly', membershipEnd: end });

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, ADMIN.email, ADMIN.password);
  trial = await signUp(t, 'trial');
  member = await signUp(t, 'member');
  await makeMember(member, 'pro', new Date(Date.now() + 10 * DAY));
  expired = await signUp(t, 'expired');
  await makeMember(expired, 'basic', new Date(Date.now() - DAY));
});
afterAll(() => t.close());

/** A pending payment as POST /api/payments leaves it (the proof file itself does not matter here). */
const pendingPayment = async (user: SignedInUser, tier: PaidTier = 'pro', duration: 'monthly' | 'yearly' = 'monthly') => {
  const now = new Date();
  return t.store.payments.create({
    _id: newId(),
    userId: user.userId,
    membershipTier: tier,
    duration,
    amount: PRICES[tier][duration],
    expectedAmount: PRICES[tier][duration],
    status: 'pending',
    proofFileId: newId(),
    paymentDate: now,
    expiredDate: null,
    reason: null,
    reviewedBy: null,
    reviewedAt: null,
    updatedAt: now,
  });
};

const as = (token: string | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
  call(t.app, { method, url, token: token ?? undefined, ...(payload === undefined ? {} : { payload }) });

const lastLogs = async (count = 5): Promise<ActivityLogEntry[]> =>
  (await as(admin.token, 'GET', `/api/auth/log-activity?limit=${count}`)).json<{ logs: ActivityLogEntry[] }>().logs;

describe('role checks on every admin route', () => {
  const routes: [string, 'GET' | 'POST' | 'PATCH', () => string, Record<string, unknown>?][] = [
    ['GET /admin/payments', 'GET', () => '/api/admin/payments'],
    ['POST /admin/payments/:id/approve', 'POST', () => `/api/admin/payments/${newId()}/approve`, {}],
    ['POST /admin/payments/:id/reject', 'POST', () => `/api/admin/payments/${newId()}/reject`, {}],
    ['GET /admin/members', 'GET', () => '/api/admin/members'],
    ['PATCH /admin/members/:id', 'PATCH', () => `/api/admin/members/${trial.userId}`, { role: 'admin' }],
    ['GET /admin/stats', 'GET', () => '/api/admin/stats'],
  ];
  const callers: [string, () => string | null, number][] = [
    ['a guest', () => null, 401],
    ['a trial', () => trial.token, 403],
    ['an expired member', () => expired.token, 403],
    ['a member', () => member.token, 403],
    ['a bad token', () => 'x.y.z', 401],
  ];
  for (const [name, method, url, payload] of routes) {
    it.each(callers)(`${name}: refuses %s`, async (_label, token, status) => {
      const response = await as(token(), method, url(), payload);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toHaveProperty('message');
    });
  }

  it('reads the role from the store, not from the token', async () => {
    const stored = await t.store.users.findById(trial.userId);
    expect(stored?.role).toBe('trial');
    expect((await as(trial.token, 'GET', '/api/admin/stats')).statusCode).toBe(403);
  });
});

describe('payments queue', () => {
  it('lists pending payments with the payer, the expected amount and a private proof link', async () => {
    const payer = await signUp(t, 'payer');
    const payment = await pendingPayment(payer, 'expert', 'yearly');
    const response = await as(admin.token, 'GET', '/api/admin/payments?status=pending');
    expect(response.statusCode).toBe(200);
    const listed = response.json<{ payments: AdminPaymentRecord[] }>().payments.find((entry) => entry._id === payment._id);
    expect(listed).toMatchObject({
      userId: payer.userId,
      username: payer.username,
      email: payer.email,
      membershipTier: 'expert',
      duration: 'yearly',
      amount: 2_000_000,
      expectedAmount: 2_000_000,
      status: 'pending',
      paymentProof: `/api/files/private/${payment.proofFileId}`,
      reason: null,
    });
    const approved = await as(admin.token, 'GET', '/api/admin/payments?status=approved');
    expect(approved.json<{ payments: AdminPaymentRecord[] }>().payments.some((entry) => entry._id === payment._id)).toBe(false);
    expect((await as(admin.token, 'GET', '/api/admin/payments?status=lost')).statusCode).toBe(400);
  });

  it('a payment sent through POST /api/payments reaches the queue; its proof opens for the admin only', async () => {
    const payer = await signUp(t, 'realpay');
    const form = multipart([
      { name: 'membershipTier', value: 'basic' },
      { name: 'duration', value: 'monthly' },
      imageFile('paymentProof', await makeJpeg()),
    ]);
    const sent = await call(t.app, { method: 'POST', url: '/api/payments', token: payer.token, payload: form.payload, headers: form.headers });
    expect(sent.statusCode).toBe(201);
    const queue = (await as(admin.token, 'GET', '/api/admin/payments?status=pending')).json<{ payments: AdminPaymentRecord[] }>().payments;
    const listed = queue.find((entry) => entry.userId === payer.userId);
    expect(listed).toMatchObject({ username: payer.username, expectedAmount: 50_000, amount: 50_000, status: 'pending' });
    expect((await as(admin.token, 'GET', listed!.paymentProof)).statusCode).toBe(200);
    expect((await as(member.token, 'GET', listed!.paymentProof)).statusCode).toBe(403);
    expect((await as(admin.token, 'POST', `/api/admin/payments/${listed!._id}/approve`, {})).statusCode).toBe(200);
  });

  it('pages the queue newest first with a cursor', async () => {
    const made = [];
    for (let index = 0; index < 3; index += 1) made.push(await pendingPayment(await signUp(t, `page${index}`)));
    const first = (await as(admin.token, 'GET', '/api/admin/payments?status=pending&limit=2')).json<{ payments: AdminPaymentRecord[]; nextCursor: string | null }>();
    expect(first.payments).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const seen = first.payments.map((payment) => payment._id);
    let cursor = first.nextCursor;
    while (cursor) {
      const next = (await as(admin.token, 'GET', `/api/admin/payments?status=pending&limit=2&before=${cursor}`)).json<{
        payments: AdminPaymentRecord[];
        nextCursor: string | null;
      }>();
      seen.push(...next.payments.map((payment) => payment._id));
      cursor = next.nextCursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    for (const payment of made) expect(seen).toContain(payment._id);
    expect(seen.slice(0, 3)).toEqual([...made].reverse().map((payment) => payment._id));
    expect((await as(admin.token, 'GET', '/api/admin/payments?before=forged')).statusCode).toBe(400);
  });

  it('approves: the trial becomes a member for one period from now, and the action is logged', async () => {
    const payer = await signUp(t, 'approve');
    const payment = await pendingPayment(payer, 'pro', 'monthly');
    const before = Date.now();
    const response = await as(admin.token, 'POST', `/api/admin/payments/${payment._id}/approve`, {});
    expect(response.statusCode).toBe(200);
    const body = response.json<{ payment: AdminPaymentRecord; user: PublicUser }>();
    expect(body.payment).toMatchObject({ status: 'approved', amount: 100_000, reviewedBy: admin.userId });
    expect(body.user).toMatchObject({ role: 'member', membershipTier: 'pro', duration: 'monthly' });
    const end = Date.parse(body.user.membershipEnd!);
    expect(end - before).toBeGreaterThan(27 * DAY);
    expect(end - before).toBeLessThan(32 * DAY);
    expect(body.payment.expiredDate).toBe(body.user.membershipEnd);
    const [log] = await lastLogs(1);
    expect(log).toMatchObject({ username: 'admin', role: 'admin', page: '/manage-membership' });
    const { name } = (await t.store.users.findById(payer.userId))!;
    expect(log!.message).toBe(`Approved the payment of ${name} (@${payer.username}): PRO monthly, Rp 100.000`);
    // the member's own token now reads as a member
    const me = await as(payer.token, 'GET', '/api/auth/me');
    expect(me.json<{ user: PublicUser }>().user.role).toBe('member');
  });

  it('approval extends an active membership from its current end', async () => {
    const payer = await signUp(t, 'renew');
    const currentEnd = new Date(Date.now() + 20 * DAY);
    await makeMember(payer, 'basic', currentEnd);
    const payment = await pendingPayment(payer, 'basic', 'yearly');
    const response = await as(admin.token, 'POST', `/api/admin/payments/${payment._id}/approve`, {});
    expect(response.statusCode).toBe(200);
    const end = new Date(response.json<{ user: PublicUser }>().user.membershipEnd!);
    const expected = new Date(currentEnd);
    expected.setUTCFullYear(expected.getUTCFullYear() + 1);
    expect(end.toISOString().slice(0, 10)).toBe(expected.toISOString().slice(0, 10));
  });

  it('approves a custom amount, which the queue and the log show', async () => {
    const payer = await signUp(t, 'custom');
    const payment = await pendingPayment(payer, 'basic', 'monthly');
    const response = await as(admin.token, 'POST', `/api/admin/payments/${payment._id}/approve`, { amount: 45_000 });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ payment: AdminPaymentRecord }>().payment).toMatchObject({ amount: 45_000, expectedAmount: 50_000 });
    const [log] = await lastLogs(1);
    expect(log!.message).toContain('Rp 45.000 (custom)');
  });

  it.each([
    ['zero', { amount: 0 }],
    ['a fraction', { amount: 10.5 }],
    ['a string', { amount: '50000' }],
    ['too much', { amount: 10_000_000_000 }],
  ])('refuses %s as the amount with 400 and leaves the payment pending', async (_label, body) => {
    const payer = await signUp(t, 'badamount');
    const payment = await pendingPayment(payer);
    const response = await as(admin.token, 'POST', `/api/admin/payments/${payment._id}/approve`, body);
    expect(response.statusCode).toBe(400);
    expect((await t.store.payments.findById(payment._id))?.status).toBe('pending');
  });

  it('two admins approving at once make one transition; the other gets 409', async () => {
    const secondAdmin = await signUp(t, 'deputy');
    await t.store.users.update(secondAdmin.userId, { role: 'admin', membershipTier: 'admin' });
    const payer = await signUp(t, 'race');
    const payment = await pendingPayment(payer, 'pro', 'monthly');
    const [first, second] = await Promise.all([
      as(admin.token, 'POST', `/api/admin/payments/${payment._id}/approve`, {}),
      as(secondAdmin.token, 'POST', `/api/admin/payments/${payment._id}/approve`, { amount: 99_000 }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expect(loser.json()).toMatchObject({ message: 'This payment was already approved.' });
    const user = await t.store.users.findById(payer.userId);
    const end = user!.membershipEnd!.getTime();
    // one period, not two
    expect(end - Date.now()).toBeLessThan(32 * DAY);
    const logs = (await lastLogs(10)).filter((entry) => entry.message.includes(`(@${payer.username})`));
    expect(logs).toHaveLength(1);
  });

  it('tells the payer of each decision (payment:decided, a rejection with its reason) and logs the page it was taken on', async () => {
    const payer = await signUp(t, 'decided');
    const told: [string[], unknown][] = [];
    const original = t.app.realtime.publisher;
    t.app.realtime.publisher = {
      ...original,
      emit: (rooms: string[], event: string, ...args: unknown[]) => {
        if (event === 'payment:decided') told.push([rooms, args[0]]);
      },
    } as typeof original;
    try {
      const first = await pendingPayment(payer, 'pro', 'monthly');
      const referer = (path: string, host = 'localhost:80') => ({ headers: { referer: `http://${host}${path}`, host: 'localhost:80' } });
      const rejected = await call(t.app, { method: 'POST', url: `/api/admin/payments/${first._id}/reject`, payload: { reason: 'Amount does not match' }, token: admin.token, ...referer('/chat-admin') });
      expect(rejected.statusCode).toBe(200);
      expect(told).toEqual([
        [[`user:${payer.userId}`], { payment: expect.objectContaining({ _id: first._id, status: 'rejected', rejectionReason: 'Amount does not match', expiredDate: null }) }],
      ]);
      expect((await lastLogs(1))[0]).toMatchObject({ page: '/chat-admin' });

      const second = await pendingPayment(payer, 'basic', 'monthly');
      // Another origin's page, or a page that takes no decision, is not believed.
      const approved = await call(t.app, { method: 'POST', url: `/api/admin/payments/${second._id}/approve`, payload: {}, token: admin.token, ...referer('/chat-admin', 'evil.example') });
      expect(approved.statusCode).toBe(200);
      expect(told[1]).toEqual([[`user:${payer.userId}`], { payment: expect.objectContaining({ _id: second._id, status: 'approved', rejectionReason: null }) }]);
      expect((await lastLogs(1))[0]).toMatchObject({ page: '/manage-membership' });
    } finally {
      t.app.realtime.publisher = original;
    }
  });

  it('approve and reject at once: exactly one wins', async () => {
    const payer = await signUp(t, 'mixed');
    const payment = await pendingPayment(payer);
    const results = await Promise.all([
      as(admin.token, 'POST', `/api/admin/payments/${payment._id}/approve`, {}),
      as(admin.token, 'POST', `/api/admin/payments/${payment._id}/reject`, { reason: 'blurry' }),
    ]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([200, 409]);
  });

  it('rejects with a reason: the payment is rejected, the trial stays a trial, the log says why', async () => {
    const payer = await signUp(t, 'reject');
    const payment = await pendingPayment(payer, 'basic', 'monthly');
    const response = await as(admin.token, 'POST', `/api/admin/payments/${payment._id}/reject`, { reason: '  Transfer not received  ' });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ payment: AdminPaymentRecord }>().payment).toMatchObject({ status: 'rejected', reason: 'Transfer not received', reviewedBy: admin.userId });
    expect((await t.store.users.findById(payer.userId))?.role).toBe('trial');
    const [log] = await lastLogs(1);
    const { name } = (await t.store.users.findById(payer.userId))!;
    expect(log!.message).toBe(`Rejected the payment of ${name} (@${payer.username}): BASIC monthly, Rp 50.000. Reason: Transfer not received`);
    // a second decision is a conflict
    expect((await as(admin.token, 'POST', `/api/admin/payments/${payment._id}/approve`, {})).statusCode).toBe(409);
    expect((await as(admin.token, 'POST', `/api/admin/payments/${payment._id}/reject`, {})).statusCode).toBe(409);
  });

  it('rejects without a reason, and refuses a reason over 500 characters', async () => {
    const payer = await signUp(t, 'noreason');
    const payment = await pendingPayment(payer);
    expect((await as(admin.token, 'POST', `/api/admin/payments/${payment._id}/reject`, { reason: 'x'.repeat(501) })).statusCode).toBe(400);
    const response = await as(admin.token, 'POST', `/api/admin/payments/${payment._id}/reject`, {});
    expect(response.statusCode).toBe(200);
    expect(response.json<{ payment: AdminPaymentRecord }>().payment.reason).toBeNull();
  });

  it('approves when the request has no body at all', async () => {
    const payer = await signUp(t, 'nobody');
    const payment = await pendingPayment(payer, 'basic', 'monthly');
    const response = await call(t.app, { method: 'POST', url: `/api/admin/payments/${payment._id}/approve`, token: admin.token });
    expect(response.statusCode).toBe(200);
  });

  it('answers 404 for an unknown payment and 400 for a malformed id', async () => {
    expect((await as(admin.token, 'POST', `/api/admin/payments/${newId()}/approve`, {})).statusCode).toBe(404);
    expect((await as(admin.token, 'POST', `/api/admin/payments/${newId()}/reject`, {})).statusCode).toBe(404);
    expect((await as(admin.token, 'POST', '/api/admin/payments/not-an-id/approve', {})).statusCode).toBe(400);
  });
});

describe('members', () => {
  it('searches username, email and name case-insensitively and literally, and filters by role and tier', async () => {
    const list = async (query: string) => {
      const response = await as(admin.token, 'GET', `/api/admin/members${query}`);
      expect(response.statusCode).toBe(200);
      return response.json<{ members: PublicUser[] }>().members;
    };
    expect((await list(`?q=${member.username.toUpperCase()}`)).map((user) => user._id)).toEqual([member.userId]);
    expect((await list(`?q=${encodeURIComponent(member.email.toUpperCase())}`)).map((user) => user._id)).toEqual([member.userId]);
    expect(await list('?q=.*')).toEqual([]);
    const pros = await list('?role=member&tier=pro');
    expect(pros.map((user) => user._id)).toContain(member.userId);
    expect(pros.every((user) => user.role === 'member' && user.membershipTier === 'pro')).toBe(true);
    const trials = await list('?role=trial');
    expect(trials.every((user) => user.role === 'trial')).toBe(true);
    expect(trials.map((user) => user._id)).toContain(trial.userId);
    expect(JSON.stringify(await list(''))).not.toContain('passwordHash');
    expect((await as(admin.token, 'GET', '/api/admin/members?role=king')).statusCode).toBe(400);
    expect((await as(admin.token, 'GET', '/api/admin/members?tier=gold')).statusCode).toBe(400);
  });

  it('pages the list with a cursor', async () => {
    const first = (await as(admin.token, 'GET', '/api/admin/members?limit=2')).json<{ members: PublicUser[]; nextCursor: string | null }>();
    expect(first.members).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await as(admin.token, 'GET', `/api/admin/members?limit=2&before=${first.nextCursor}`)).json<{ members: PublicUser[] }>();
    expect(second.members.map((user) => user._id)).not.toContain(first.members[0]!._id);
    expect((await as(admin.token, 'GET', '/api/admin/members?before=forged')).statusCode).toBe(400);
  });

  it('makes a trial a member with a tier (end date one period from now) and logs the change', async () => {
    const user = await signUp(t, 'promote');
    const response = await as(admin.token, 'PATCH', `/api/admin/members/${user.userId}`, { membershipTier: 'expert', duration: 'yearly' });
    expect(response.statusCode).toBe(200);
    const updated = response.json<{ user: PublicUser }>().user;
    expect(updated).toMatchObject({ role: 'member', membershipTier: 'expert', duration: 'yearly' });
    expect(Date.parse(updated.membershipEnd!) - Date.now()).toBeGreaterThan(360 * DAY);
    const [log] = await lastLogs(1);
    expect(log!.message).toMatch(new RegExp(`^Changed member ${user.username}: role trial → member, tier trial → expert, duration — → yearly, end — → \\d{4}-\\d{2}-\\d{2}$`));
  });

  it('changes the end date and the tier of a member; the "tier" alias works too', async () => {
    const user = await signUp(t, 'enddate');
    await makeMember(user, 'basic', new Date(Date.now() + DAY));
    const end = '2031-05-06T00:00:00.000Z';
    const response = await as(admin.token, 'PATCH', `/api/admin/members/${user.userId}`, { tier: 'pro', membershipEnd: end });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ user: PublicUser }>().user).toMatchObject({ role: 'member', membershipTier: 'pro', membershipEnd: end });
    // an end date in the past expires the member
    const past = await as(admin.token, 'PATCH', `/api/admin/members/${user.userId}`, { membershipEnd: '2020-01-01T00:00:00.000Z' });
    expect(past.statusCode).toBe(200);
    expect((await as(user.token, 'GET', '/api/admin/stats')).statusCode).toBe(403);
  });

  it('turns a member back into a trial and makes someone an admin', async () => {
    const user = await signUp(t, 'roles');
    await makeMember(user, 'pro', new Date(Date.now() + DAY));
    const toTrial = await as(admin.token, 'PATCH', `/api/admin/members/${user.userId}`, { role: 'trial' });
    expect(toTrial.json<{ user: PublicUser }>().user).toMatchObject({ role: 'trial', membershipTier: 'trial', membershipEnd: null, duration: null });
    const toAdmin = await as(admin.token, 'PATCH', `/api/admin/members/${user.userId}`, { role: 'admin' });
    expect(toAdmin.statusCode).toBe(200);
    expect(toAdmin.json<{ user: PublicUser }>().user).toMatchObject({ role: 'admin', membershipTier: 'admin' });
    // the new admin's existing token now passes the admin check (the role is read from the store)
    expect((await as(user.token, 'GET', '/api/admin/stats')).statusCode).toBe(200);
    // and can demote the other admin, but not itself
    const self = await as(user.token, 'PATCH', `/api/admin/members/${user.userId}`, { role: 'member', membershipTier: 'pro' });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({ message: 'You cannot remove your own admin role.' });
    const back = await as(admin.token, 'PATCH', `/api/admin/members/${user.userId}`, { role: 'trial' });
    expect(back.statusCode).toBe(200);
  });

  it('refuses incoherent or bad changes with 400 and changes nothing', async () => {
    const user = await signUp(t, 'coherent');
    const cases: Record<string, unknown>[] = [
      {},
      { role: 'member' }, // a trial has no paid tier to keep
      { role: 'trial', membershipTier: 'pro' },
      { role: 'admin', membershipTier: 'basic' },
      { role: 'guest' },
      { role: 'trial', membershipEnd: '2031-01-01T00:00:00.000Z' },
      { membershipTier: 'gold' },
      { membershipTier: 'None' },
      { membershipEnd: 'tomorrow' },
      { membershipTier: 'pro', duration: null },
      { membershipTier: 'pro', tier: 'basic' },
      { role: ['admin'] },
    ];
    for (const body of cases) {
      const response = await as(admin.token, 'PATCH', `/api/admin/members/${user.userId}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toHaveProperty('message');
    }
    expect(await t.store.users.findById(user.userId)).toMatchObject({ role: 'trial', membershipTier: 'trial' });
    expect((await as(admin.token, 'PATCH', `/api/admin/members/${newId()}`, { role: 'trial' })).statusCode).toBe(404);
  });

  it('tells a user whose membership changes (role, tier, end, an approval) and moves their sockets into new rooms, without signing them out', async () => {
    const user = await signUp(t, 'sockets');
    const dropped: string[] = [];
    const revoked: string[] = [];
    const told: unknown[] = [];
    const original = t.app.realtime.publisher;
    t.app.realtime.publisher = {
      ...original,
      emit: (rooms: string[], event: string, ...args: unknown[]) => {
        if (event === 'membership:changed' && rooms.includes(`user:${user.userId}`)) told.push(args[0]);
      },
      // A membership change moves the user's sockets; it never revokes (signs out) a session.
      moveUser: (userId: string, rights: { role: string }) => void dropped.push(`${userId}:${rights.role}`),
      disconnectSession: (sessionId: string) => void revoked.push(sessionId),
    } as typeof original;
    try {
      await as(admin.token, 'PATCH', `/api/admin/members/${user.userId}`, { membershipTier: 'basic' });
      expect(dropped).toEqual([`${user.userId}:member`]);
      expect(told.at(-1)).toMatchObject({ role: 'member', membershipTier: 'basic', canPost: true, graceEndsAt: null });
      // A new end moves the moment the rights (and the signal levels) stop: the sockets rejoin too.
      await as(admin.token, 'PATCH', `/api/admin/members/${user.userId}`, { membershipEnd: '2032-01-01T00:00:00.000Z' });
      expect(dropped).toEqual([`${user.userId}:member`, `${user.userId}:member`]);
      expect(told.at(-1)).toMatchObject({ membershipEnd: '2032-01-01T00:00:00.000Z' });
      // Nothing changed, nothing told.
      await as(admin.token, 'PATCH', `/api/admin/members/${user.userId}`, { membershipEnd: '2032-01-01T00:00:00.000Z' });
      expect(dropped).toHaveLength(2);
      const payment = await pendingPayment(user, 'expert', 'monthly');
      await as(admin.token, 'POST', `/api/admin/payments/${payment._id}/approve`, {});
      expect(dropped).toHaveLength(3);
      expect(told).toHaveLength(3);
      expect(told.at(-1)).toMatchObject({ role: 'member', membershipTier: 'expert', canPost: true });
      expect(revoked).toEqual([]);
      expect((await as(user.token, 'GET', '/api/auth/me')).statusCode).toBe(200);
    } finally {
      t.app.realtime.publisher = original;
    }
  });

  it('leaves an unverified account alone (409): its mailed code makes it a trial', async () => {
    const tag = uniqueTag();
    const input = { name: 'Unverified', username: `unv${tag}`, email: `unv${tag}@example.com`, password: 'correct horse 1' };
    expect((await call(t.app, { method: 'POST', url: '/api/auth/register', payload: input })).statusCode).toBe(201);
    const stored = await t.store.users.findByEmail(input.email);
    const response = await as(admin.token, 'PATCH', `/api/admin/members/${stored!._id}`, { membershipTier: 'pro' });
    expect(response.statusCode).toBe(409);
    expect(await t.store.users.findById(stored!._id)).toMatchObject({ role: 'guest', membershipTier: 'None' });
    const guests = (await as(admin.token, 'GET', '/api/admin/members?role=guest')).json<{ members: PublicUser[] }>().members;
    expect(guests.map((user) => user._id)).toContain(stored!._id);
  });

  it('an admin cannot demote itself, so the last admin stays', async () => {
    const response = await as(admin.token, 'PATCH', `/api/admin/members/${admin.userId}`, { role: 'trial' });
    expect(response.statusCode).toBe(409);
    expect((await t.store.users.findById(admin.userId))?.role).toBe('admin');
  });
});

describe('stats', () => {
  it('counts members by tier, pending payments, trials ending soon and online users', async () => {
    const ending = await signUp(t, 'ending');
    await t.store.users.update(ending.userId, { trialExpiresAt: new Date(Date.now() + DAY) });
    await pendingPayment(ending);
    // a heartbeat puts the session online
    expect((await call(t.app, { method: 'POST', url: '/api/auth/heartbeat', token: ending.token, payload: { sessionId: ending.sessionId } })).statusCode).toBe(204);

    const response = await as(admin.token, 'GET', '/api/admin/stats');
    expect(response.statusCode).toBe(200);
    const stats = response.json<AdminStats>();
    expect(stats.membersByTier.pro).toBeGreaterThanOrEqual(1);
    expect(stats.membersByTier.expired).toBeGreaterThanOrEqual(1);
    expect(stats.membersByTier.trial).toBeGreaterThanOrEqual(1);
    expect(stats.pendingPayments).toBe(await t.store.payments.countByStatus('pending'));
    expect(stats.pendingPayments).toBeGreaterThanOrEqual(1);
    expect(stats.trialsEndingSoon.map((user) => user.username)).toContain(ending.username);
    // trials created now end in TRIAL_DAYS (7) days: not soon
    expect(stats.trialsEndingSoon.map((user) => user.username)).not.toContain(trial.username);
    expect(stats.onlineUsers).toContainEqual({ _id: ending.userId, username: ending.username, role: 'trial' });
    const before = stats.messagesToday;
    // messages today come from the chat's event log
    const posted = await as(admin.token, 'POST', '/api/chat', { content: 'Selamat pagi, market update.', type: 'global' });
    expect(posted.statusCode).toBe(201);

    // a session that ended (heartbeat and socket claims withdrawn) is not online
    expect((await call(t.app, { method: 'POST', url: '/api/auth/logout', token: ending.token })).statusCode).toBe(200);
    const later = (await as(admin.token, 'GET', '/api/admin/stats')).json<AdminStats>();
    expect(later.messagesToday).toBe(before + 1);
    expect(later.onlineUsers.map((user) => user._id)).not.toContain(ending.userId);
  });
});
