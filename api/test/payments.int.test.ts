import { PRICES } from '@le/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPeriod, approvePayment, rejectPayment } from '../src/services/memberships';
import { ADMIN, call, createTestApp, signIn, signUp, type SignedInUser, type TestApp } from './helpers';
import { imageFile, makeJpeg, multipart, storedUploads, type Part } from './multipart';

let t: TestApp;
let admin: SignedInUser;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, ADMIN.email, ADMIN.password);
  adminId = admin.userId;
});
afterAll(() => t.close());

const DAY = 86_400_000;

const pay = async (user: SignedInUser | null, fields: Record<string, string>, proof?: Part) => {
  const parts: Part[] = Object.entries(fields).map(([name, value]) => ({ name, value }));
  parts.push(proof ?? imageFile('paymentProof', await makeJpeg(300, 500), 'transfer.jpg'));
  const { payload, headers } = multipart(parts);
  return call(t.app, { method: 'POST', url: '/api/payments', payload, headers, ...(user ? { token: user.token } : {}) });
};

const history = (user: SignedInUser) => call(t.app, { method: 'GET', url: '/api/auth/payment-history', token: user.token });

interface PaymentView {
  _id: string;
  membershipTier: string;
  amount: number;
  duration: string;
  status: string;
  paymentProof: string;
  paymentDate: string;
  expiredDate: string | null;
}

const makeMember = async (label: string, end: Date, tier = 'basic') => {
  const user = await signUp(t, label);
  await t.store.users.update(user.userId, { role: 'member', membershipTier: tier, duration: 'monthly', membershipEnd: end });
  return user;
};

describe('POST /api/payments', () => {
  it('a trial pays: 201 pending with the price-table amount; the history lists it, newest first', async () => {
    const trial = await signUp(t, 'payer');
    const response = await pay(trial, { membershipTier: 'pro', duration: 'yearly' });
    expect(response.statusCode).toBe(201);
    const payment = response.json<{ payment: PaymentView }>().payment;
    expect(payment).toMatchObject({ membershipTier: 'pro', duration: 'yearly', status: 'pending', amount: PRICES.pro.yearly, expiredDate: null });
    expect(payment.paymentProof).toMatch(/^\/api\/files\/private\/[a-f0-9]{24}$/);

    const proof = await call(t.app, { method: 'GET', url: payment.paymentProof, token: trial.token });
    expect(proof.statusCode).toBe(200);
    expect((await call(t.app, { method: 'GET', url: payment.paymentProof, token: admin.token })).statusCode).toBe(200);

    await rejectPayment(t.store, { paymentId: payment._id, adminId });
    const second = await pay(trial, { membershipTier: 'basic', duration: 'monthly' });
    expect(second.statusCode).toBe(201);
    const list = (await history(trial)).json<{ payments: PaymentView[] }>().payments;
    expect(list.map((p) => p.status)).toEqual(['pending', 'rejected']);
    expect(list[0]!.amount).toBe(PRICES.basic.monthly);
  });

  it('a second pending payment → 409 and nothing stored; two at once → exactly one', async () => {
    const user = await signUp(t, 'twice');
    expect((await pay(user, { membershipTier: 'basic', duration: 'monthly' })).statusCode).toBe(201);
    const files = await storedUploads(t.dataDir);
    const again = await pay(user, { membershipTier: 'expert', duration: 'monthly' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toMatch(/waiting for validation/);
    expect(await storedUploads(t.dataDir)).toEqual(files);

    const racer = await signUp(t, 'racer');
    const results = await Promise.all([
      pay(racer, { membershipTier: 'basic', duration: 'monthly' }),
      pay(racer, { membershipTier: 'pro', duration: 'monthly' }),
      pay(racer, { membershipTier: 'expert', duration: 'monthly' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect((await history(racer)).json<{ payments: PaymentView[] }>().payments).toHaveLength(1);
    expect(await t.store.files.countByOwner(racer.userId)).toBe(1);
  });

  it('bad fields → 400, bad proof → 415/413, nothing stored', async () => {
    const user = await signUp(t, 'badpay');
    const before = await storedUploads(t.dataDir);
    expect((await pay(user, { membershipTier: 'gold', duration: 'monthly' })).statusCode).toBe(400);
    expect((await pay(user, { membershipTier: 'basic', duration: 'weekly' })).statusCode).toBe(400);
    expect((await pay(user, { duration: 'monthly' })).statusCode).toBe(400);
    expect((await pay(user, { membershipTier: 'basic', duration: 'monthly', amount: '1' })).statusCode).toBe(400);
    const html = imageFile('paymentProof', Buffer.from('<html><body>hi</body></html>'), 'proof.png', 'image/png');
    expect((await pay(user, { membershipTier: 'basic', duration: 'monthly' }, html)).statusCode).toBe(415);
    const big = imageFile('paymentProof', Buffer.concat([await makeJpeg(), Buffer.alloc(6 * 1024 * 1024)]));
    expect((await pay(user, { membershipTier: 'basic', duration: 'monthly' }, big)).statusCode).toBe(413);
    expect(await storedUploads(t.dataDir)).toEqual(before);
    expect((await history(user)).json<{ payments: unknown[] }>().payments).toEqual([]);
  });

  it('a proof named .jpg whose bytes are no image → 400 "could not be read", not "only JPEG…"; nothing stored', async () => {
    const user = await signUp(t, 'corruptpay');
    const before = await storedUploads(t.dataDir);
    const noise = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919 + 13) % 256));
    const response = await pay(user, { membershipTier: 'basic', duration: 'monthly' }, imageFile('paymentProof', noise, 'transfer.jpg', 'image/jpeg'));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string; code: string }>()).toEqual({ message: 'The image could not be read. It may be damaged or incomplete.', code: 'IMAGE_UNREADABLE' });
    // The same bytes sent as something else are still the wrong type.
    expect((await pay(user, { membershipTier: 'basic', duration: 'monthly' }, imageFile('paymentProof', noise, 'transfer.bin', 'application/octet-stream'))).statusCode).toBe(415);
    expect(await storedUploads(t.dataDir)).toEqual(before);
    expect((await history(user)).json<{ payments: unknown[] }>().payments).toEqual([]);
  });

  it('roles: guest 401, trial/expired member/member 201, admin 403', async () => {
    expect((await pay(null, { membershipTier: 'basic', duration: 'monthly' })).statusCode).toBe(401);
    const expired = await makeMember('expired', new Date(Date.now() - DAY));
    expect((await pay(expired, { membershipTier: 'basic', duration: 'monthly' })).statusCode).toBe(201);
    const member = await makeMember('member', new Date(Date.now() + 10 * DAY));
    expect((await pay(member, { membershipTier: 'pro', duration: 'monthly' })).statusCode).toBe(201);
    const response = await pay(admin, { membershipTier: 'basic', duration: 'monthly' });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/auth/payment-history', () => {
  it('only the caller’s own payments; guest 401; other member cannot read the proof', async () => {
    const owner = await signUp(t, 'histowner');
    const other = await makeMember('histother', new Date(Date.now() + DAY));
    const paid = (await pay(owner, { membershipTier: 'basic', duration: 'monthly' })).json<{ payment: PaymentView }>().payment;
    expect((await history(other)).json<{ payments: unknown[] }>().payments).toEqual([]);
    expect((await call(t.app, { method: 'GET', url: '/api/auth/payment-history' })).statusCode).toBe(401);
    expect((await call(t.app, { method: 'GET', url: paid.paymentProof, token: other.token })).statusCode).toBe(403);
    expect((await call(t.app, { method: 'GET', url: paid.paymentProof })).statusCode).toBe(401);
  });
});

describe('approvePayment / rejectPayment', () => {
  const pendingOf = async (user: SignedInUser, tier = 'basic', duration = 'monthly') =>
    (await pay(user, { membershipTier: tier, duration })).json<{ payment: PaymentView }>().payment._id;

  it('approval makes a trial a member of the tier until now + the period', async () => {
    const user = await signUp(t, 'approve');
    const paymentId = await pendingOf(user, 'expert', 'yearly');
    const now = new Date('2026-03-31T10:00:00Z');
    const { payment, user: updated } = await approvePayment(t.store, { paymentId, adminId, now });
    expect(payment.status).toBe('approved');
    expect(updated).toMatchObject({ role: 'member', membershipTier: 'expert', duration: 'yearly' });
    expect(updated.membershipEnd?.toISOString()).toBe('2027-03-31T10:00:00.000Z');
    expect(payment.expiredDate?.toISOString()).toBe('2027-03-31T10:00:00.000Z');
    const me = (await call(t.app, { method: 'GET', url: '/api/auth/me', token: user.token })).json<{ user: { role: string } }>();
    expect(me.user.role).toBe('member');
    const [listed] = (await history(user)).json<{ payments: PaymentView[] }>().payments;
    expect(listed).toMatchObject({ status: 'approved', expiredDate: '2027-03-31T10:00:00.000Z' });
  });

  it('extends an active membership from its current end, and a lapsed one from now', async () => {
    const end = new Date(Date.now() + 10 * DAY);
    const active = await makeMember('extend', end);
    const paymentId = await pendingOf(active, 'basic', 'monthly');
    const { user } = await approvePayment(t.store, { paymentId, adminId });
    expect(user.membershipEnd?.getTime()).toBe(addPeriod(end, 'monthly').getTime());

    const lapsed = await makeMember('lapsed', new Date(Date.now() - 10 * DAY));
    const now = new Date();
    const lapsedPayment = await pendingOf(lapsed, 'pro', 'monthly');
    const renewed = await approvePayment(t.store, { paymentId: lapsedPayment, adminId, now });
    expect(renewed.user.membershipEnd?.getTime()).toBe(addPeriod(now, 'monthly').getTime());
    expect(renewed.user.membershipTier).toBe('pro');
  });

  it('a race of two approves: exactly one transition, the other 409', async () => {
    const user = await signUp(t, 'race');
    const paymentId = await pendingOf(user);
    const results = await Promise.allSettled([
      approvePayment(t.store, { paymentId, adminId }),
      approvePayment(t.store, { paymentId, adminId }),
      rejectPayment(t.store, { paymentId, adminId }),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost.map((r) => (r.reason as { kind: string; code: string }))).toMatchObject([{ kind: 'conflict', code: 'PAYMENT_DECIDED' }, { kind: 'conflict', code: 'PAYMENT_DECIDED' }]);
    const stored = await t.store.payments.findById(paymentId);
    expect(stored?.status).toMatch(/approved|rejected/);
    const account = await t.store.users.findById(user.userId);
    if (stored?.status === 'approved') {
      expect(account?.membershipEnd?.getTime()).toBe(stored.expiredDate?.getTime());
    } else {
      expect(account?.role).toBe('trial');
    }
  });

  it('custom amounts, unknown payments, bad amounts', async () => {
    const user = await signUp(t, 'custom');
    const paymentId = await pendingOf(user, 'pro', 'monthly');
    await expect(approvePayment(t.store, { paymentId, adminId, amount: -5 })).rejects.toMatchObject({ kind: 'invalid', code: 'BAD_AMOUNT' });
    await expect(approvePayment(t.store, { paymentId, adminId, amount: 1.5 })).rejects.toMatchObject({ kind: 'invalid', code: 'BAD_AMOUNT' });
    const { payment } = await approvePayment(t.store, { paymentId, adminId, amount: 75_000 });
    expect(payment.amount).toBe(75_000);
    expect(payment.expectedAmount).toBe(PRICES.pro.monthly);
    await expect(approvePayment(t.store, { paymentId: '0123456789abcdef01234567', adminId })).rejects.toMatchObject({ kind: 'not_found', message: 'Payment not found.' });
    await expect(rejectPayment(t.store, { paymentId: '0123456789abcdef01234567', adminId })).rejects.toMatchObject({ kind: 'not_found', message: 'Payment not found.' });
    await expect(rejectPayment(t.store, { paymentId, adminId })).rejects.toMatchObject({ kind: 'conflict', code: 'PAYMENT_DECIDED' });
  });

  it('a payer made an admin while the payment waited is not given a membership (409); the payment can still be rejected', async () => {
    const user = await signUp(t, 'promoted');
    const paymentId = await pendingOf(user, 'pro', 'monthly');
    await t.store.users.update(user.userId, { role: 'admin', membershipTier: 'admin', duration: null, membershipEnd: null });
    await expect(approvePayment(t.store, { paymentId, adminId })).rejects.toMatchObject({ kind: 'conflict', code: 'PAYER_IS_ADMIN' });
    expect(await t.store.users.findById(user.userId)).toMatchObject({ role: 'admin', membershipTier: 'admin', membershipEnd: null });
    expect((await t.store.payments.findById(paymentId))?.status).toBe('pending');
    const { payment } = await rejectPayment(t.store, { paymentId, adminId, reason: 'Now an admin' });
    expect(payment.status).toBe('rejected');
  });

  it('a rejection keeps the reason, frees the user to pay again, changes no membership', async () => {
    const user = await signUp(t, 'reject');
    const paymentId = await pendingOf(user);
    const { payment } = await rejectPayment(t.store, { paymentId, adminId, reason: '  Blurry proof  ' });
    expect(payment).toMatchObject({ status: 'rejected', reason: 'Blurry proof', reviewedBy: adminId });
    expect((await t.store.users.findById(user.userId))?.role).toBe('trial');
    expect((await pay(user, { membershipTier: 'basic', duration: 'monthly' })).statusCode).toBe(201);
  });

  it('addPeriod clamps to the end of a shorter month', () => {
    expect(addPeriod(new Date('2026-01-31T00:00:00Z'), 'monthly').toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(addPeriod(new Date('2028-02-29T12:00:00Z'), 'yearly').toISOString()).toBe('2029-02-28T12:00:00.000Z');
    expect(addPeriod(new Date('2026-12-15T00:00:00Z'), 'monthly').toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });
});
