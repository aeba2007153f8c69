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
