import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPeriod, approvePayment } from '../src/services/memberships';
import { ADMIN, call, createTestApp, signIn, signUp, type SignedInUser, type TestApp } from './helpers';
import { imageFile, makeJpeg, multipart } from './multipart';

/** Contract §9 through the real server with GRACE_DAYS=3: grace, tier changes. */
let t: TestApp;
let adminId: string;
const DAY = 86_400_000;
const GRACE_DAYS = 3;

beforeAll(async () => {
  t = await createTestApp({ GRACE_DAYS: String(GRACE_DAYS) });
  adminId = (await signIn(t, ADMIN.email, ADMIN.password)).userId;
});
afterAll(() => t.close());

const makeMember = async (label: string, end: Date, tier = 'basic', duration: 'monthly' | 'yearly' = 'monthly') => {
  const user = await signUp(t, label);
  await t.store.users.update(user.userId, { role: 'member', membershipTier: tier, duration, membershipEnd: end });
  return user;
};
const pendingPayment = async (user: SignedInUser, membershipTier: string, duration: string): Promise<string> => {
  const { payload, headers } = multipart([
    { name: 'membershipTier', value: membershipTier },
    { name: 'duration', value: duration },
    imageFile('paymentProof', await makeJpeg(200, 300), 'transfer.jpg'),
  ]);
  const response = await call(t.app, { method: 'POST', url: '/api/payments', payload, headers, token: user.token });
  if (response.statusCode !== 201) throw new Error(`pay: ${response.statusCode} ${response.body}`);
  return response.json<{ payment: { _id: string } }>().payment._id;
};
const me = async (user: SignedInUser) =>
  (await call(t.app, { method: 'GET', url: '/api/auth/me', token: user.token })).json<{
    user: { membershipEnd: string | null; graceEndsAt: string | null; role: string };
  }>().user;
const canPostGlobal = async (user: SignedInUser) =>
  (await call(t.app, { method: 'POST', url: '/api/chat', token: user.token, payload: { content: 'still here?', type: 'global' } })).statusCode;

describe('grace (GRACE_DAYS)', () => {
  it('keeps the rights GRACE_DAYS past the end, says until when in /auth/me, and ends them after', async () => {
    const end = new Date(Date.now() - DAY);
    const inGrace = await makeMember('grace', end);
    expect(await me(inGrace)).toMatchObject({ membershipEnd: end.toISOString(), graceEndsAt: new Date(end.getTime() + GRACE_DAYS * DAY).toISOString() });
    expect(await canPostGlobal(inGrace)).toBe(201);

    const pastGrace = await makeMember('pastgrace', new Date(Date.now() - (GRACE_DAYS + 1) * DAY));
    const refused = await call(t.app, { method: 'POST', url: '/api/chat', token: pastGrace.token, payload: { content: 'hello', type: 'global' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ code: string }>().code).toBe('CANNOT_POST');
  });

  it('gives no grace to a trial, and null graceEndsAt', async () => {
    const trial = await signUp(t, 'gracetrial');
    expect((await me(trial)).graceEndsAt).toBeNull();
  });

  it('extends a payment approved during the grace from the old end, not from the approval', async () => {
    const end = new Date(Date.now() - 2 * DAY);
    const member = await makeMember('gracerenew', end, 'pro');
    const paymentId = await pendingPayment(member, 'pro', 'monthly');
    const { user } = await approvePayment(t.store, { paymentId, adminId });
    expect(user.membershipEnd?.getTime()).toBe(addPeriod(end, 'monthly').getTime());
  });
});

describe('tier change (contract §9)', () => {
  it('starts another tier at the approval: a basic-yearly member buying a month of expert gets one month of expert', async () => {
    const end = new Date(Date.now() + 300 * DAY);
    const member = await makeMember('switch', end, 'basic', 'yearly');
    const paymentId = await pendingPayment(member, 'expert', 'monthly');
    const now = new Date();
    const { user } = await approvePayment(t.store, { paymentId, adminId, now });
    expect(user).toMatchObject({ membershipTier: 'expert', duration: 'monthly' });
    expect(user.membershipEnd?.getTime()).toBe(addPeriod(now, 'monthly').getTime());
  });

  it('extends the same tier from the current end', async () => {
    const end = new Date(Date.now() + 10 * DAY);
    const member = await makeMember('same', end, 'pro');
    const paymentId = await pendingPayment(member, 'pro', 'yearly');
    const { user } = await approvePayment(t.store, { paymentId, adminId });
    expect(user.membershipEnd?.getTime()).toBe(addPeriod(end, 'yearly').getTime());
  });
});

describe('trials and expired members write to the admins (contract §9)', () => {
  it('lets a trial and an expired member open their conversation and write in it, but not in the global room', async () => {
    const trial = await signUp(t, 'asktrial');
    const expired = await makeMember('askexpired', new Date(Date.now() - 30 * DAY));
    for (const user of [trial, expired]) {
      const opened = await call(t.app, { method: 'POST', url: '/api/chat/with-admin', token: user.token });
      expect([200, 201]).toContain(opened.statusCode);
      const chatId = opened.json<{ chat: { _id: string } }>().chat._id;
      const posted = await call(t.app, { method: 'POST', url: '/api/chat', token: user.token, payload: { content: 'How do I renew?', type: 'private', chatId } });
      expect(posted.statusCode).toBe(201);
      expect(posted.json<{ message: { chatId: string; content: string } }>().message).toMatchObject({ chatId, content: 'How do I renew?' });
      expect(await canPostGlobal(user)).toBe(403);
    }
  });
});

describe('rejection reasons, the payment-aware inbox, money on the dashboard (contract §9)', () => {
  it('shows the member the reason an admin typed, in the payment history and the admin queue', async () => {
    const admin = await signIn(t, ADMIN.email, ADMIN.password);
    const member = await signUp(t, 'rejected');
    const paymentId = await pendingPayment(member, 'pro', 'monthly');
    const rejected = await call(t.app, { method: 'POST', url: `/api/admin/payments/${paymentId}/reject`, token: admin.token, payload: { reason: 'Nominal transfer kurang Rp 10.000' } });
    expect(rejected.statusCode).toBe(200);
    const history = (await call(t.app, { method: 'GET', url: '/api/auth/payment-history', token: member.token })).json<{ payments: { _id: string; rejectionReason: string | null }[] }>();
    expect(history.payments.find((p) => p._id === paymentId)?.rejectionReason).toBe('Nominal transfer kurang Rp 10.000');
    const queue = (await call(t.app, { method: 'GET', url: '/api/admin/payments?status=rejected', token: admin.token })).json<{ payments: { _id: string; rejectionReason: string | null }[] }>();
    expect(queue.payments.find((p) => p._id === paymentId)?.rejectionReason).toBe('Nominal transfer kurang Rp 10.000');
  });

  it('gives each inbox item its member: role, tier, end, grace and a pending payment', async () => {
    const admin = await signIn(t, ADMIN.email, ADMIN.password);
    const end = new Date(Date.now() - DAY);
    const member = await makeMember('inbox', end, 'basic');
    const chatId = (await call(t.app, { method: 'POST', url: '/api/chat/with-admin', token: member.token })).json<{ chat: { _id: string } }>().chat._id;
    await call(t.app, { method: 'POST', url: '/api/chat', token: member.token, payload: { content: 'I paid for pro', type: 'private', chatId } });
    const paymentId = await pendingPayment(member, 'pro', 'monthly');
    const quiet = await signUp(t, 'inboxquiet');
    const quietChat = (await call(t.app, { method: 'POST', url: '/api/chat/with-admin', token: quiet.token })).json<{ chat: { _id: string } }>().chat._id;
    await call(t.app, { method: 'POST', url: '/api/chat', token: quiet.token, payload: { content: 'just asking', type: 'private', chatId: quietChat } });

    const chats = (await call(t.app, { method: 'GET', url: '/api/chat/admin/chats', token: admin.token })).json<{ chats: { _id: string; member?: unknown }[] }>().chats;
    expect(chats.find((c) => c._id === chatId)?.member).toEqual({
      _id: member.userId,
      name: expect.any(String),
      role: 'member',
      membershipTier: 'basic',
      membershipEnd: end.toISOString(),
      graceEndsAt: new Date(end.getTime() + GRACE_DAYS * DAY).toISOString(),
      pendingPayment: {
        _id: paymentId,
        membershipTier: 'pro',
        duration: 'monthly',
        amount: 100_000,
        expectedAmount: 100_000,
        createdAt: expect.any(String),
        paymentProof: expect.stringMatching(/^\/api\/files\/private\/[0-9a-f]{24}$/),
      },
    });
    expect(chats.find((c) => c._id === quietChat)?.member).toMatchObject({ role: 'trial', pendingPayment: null });
    // The member's own view of the chat carries no such panel.
    const own = (await call(t.app, { method: 'GET', url: '/api/chat/user/chats', token: member.token })).json<{ chats: { member?: unknown }[] }>();
    expect(own.chats.every((c) => c.member === undefined)).toBe(true);
  });

  it('adds revenue by month and the renewals due to the admin stats', async () => {
    const admin = await signIn(t, ADMIN.email, ADMIN.password);
    const before = (await call(t.app, { method: 'GET', url: '/api/admin/stats', token: admin.token })).json<{ revenueByMonth: { month: string; amount: number }[] }>();
    expect(before.revenueByMonth).toHaveLength(12);
    const payer = await signUp(t, 'revenue');
    const paymentId = await pendingPayment(payer, 'expert', 'monthly');
    await call(t.app, { method: 'POST', url: `/api/admin/payments/${paymentId}/approve`, token: admin.token, payload: { amount: 199_000 } });
    const ending = await makeMember('renewsoon', new Date(Date.now() + 2 * DAY), 'pro');
    const later = await makeMember('renewlater', new Date(Date.now() + 30 * DAY), 'pro');
    const stats = (await call(t.app, { method: 'GET', url: '/api/admin/stats', token: admin.token })).json<{
      revenueByMonth: { month: string; amount: number }[];
      renewalsDue: { _id: string; graceEndsAt: string | null }[];
    }>();
    const thisMonth = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 7);
    expect(stats.revenueByMonth.at(-1)).toEqual({ month: thisMonth, amount: before.revenueByMonth.at(-1)!.amount + 199_000 });
    expect(stats.revenueByMonth.map((m) => m.month)).toEqual([...stats.revenueByMonth.map((m) => m.month)].sort());
    const due = stats.renewalsDue.map((user) => user._id);
    expect(due).toContain(ending.userId);
    expect(due).not.toContain(later.userId);
  });
});

describe("one member's payments for the inbox panel", () => {
  it('filters the admin queue by userId, newest first, and refuses a bad id', async () => {
    const admin = await signIn(t, ADMIN.email, ADMIN.password);
    const member = await signUp(t, 'panelpay');
    const first = await pendingPayment(member, 'basic', 'monthly');
    await call(t.app, { method: 'POST', url: `/api/admin/payments/${first}/reject`, token: admin.token, payload: { reason: 'Blurry proof' } });
    const second = await pendingPayment(member, 'pro', 'monthly');
    const other = await signUp(t, 'panelother');
    await pendingPayment(other, 'basic', 'monthly');
    const listed = (await call(t.app, { method: 'GET', url: `/api/admin/payments?userId=${member.userId}`, token: admin.token })).json<{ payments: { _id: string; status: string; rejectionReason: string | null }[] }>();
    expect(listed.payments.map((p) => [p._id, p.status, p.rejectionReason])).toEqual([
      [second, 'pending', null],
      [first, 'rejected', 'Blurry proof'],
    ]);
    expect((await call(t.app, { method: 'GET', url: '/api/admin/payments?userId=nope', token: admin.token })).statusCode).toBe(400);
  });
});
