/**
 * Memberships bought by bank transfer: a payment is created pending (POST /api/payments) and an
 * admin approves or rejects it (the /api/admin/payments routes call `approvePayment` and
 * `rejectPayment`). Both decisions are one atomic pending → decided step on the payment, so of
 * two admins clicking at once exactly one wins and the other gets a 409.
 */
import type { AdminPaymentRecord, Duration, PaidTier, PaymentRecord } from '@le/contracts';
import { DURATIONS, hasActiveMembership, LIMITS, PAID_TIERS, PRICES } from '@le/contracts';
import { badRequest, conflict, failed, forbidden, notFound, type RuleError } from '../lib/errors';
import { newId } from '../lib/ids';
import { DuplicateKeyError, type PaymentDoc, type Store, type UserRecord } from '../store';
import { fileUrl } from './uploads';

export const priceOf = (tier: PaidTier, duration: Duration): number => PRICES[tier][duration];

/**
 * `from` plus one month or one year, in UTC. The day of month is kept when it exists and clamped
 * to the month's last day otherwise (31 Jan + 1 month = 28/29 Feb, not 3 Mar).
 */
export const addPeriod = (from: Date, duration: Duration): Date => {
  const months = duration === 'yearly' ? 12 : 1;
  const result = new Date(from.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
};

/**
 * Where a paid period starts (contract §9). The same tier while its rights still run (its grace
 * included) extends from the current end, so paying early loses no day and paying in the grace
 * keeps the days already had; another tier starts at the approval (a basic-yearly member buying
 * a month of expert gets a month of expert, not thirteen); without rights, now.
 */
export const periodStart = (
  user: Pick<UserRecord, 'role' | 'membershipTier' | 'membershipEnd' | 'graceEndsAt'>,
  tier: string,
  now: Date,
): Date =>
  user.membershipEnd && hasActiveMembership(user, now.getTime()) && user.membershipTier.toLowerCase() === tier.toLowerCase()
    ? user.membershipEnd
    : now;

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** Spec §3 payment history record, as the payer sees it. */
export const toPaymentView = (payment: PaymentDoc): PaymentRecord => ({
  _id: payment._id,
  membershipTier: payment.membershipTier,
  paymentDate: payment.paymentDate.toISOString(),
  expiredDate: iso(payment.expiredDate),
  amount: payment.amount,
  duration: payment.duration,
  status: payment.status,
  paymentProof: fileUrl({ _id: payment.proofFileId, visibility: 'private' }),
  rejectionReason: payment.status === 'rejected' ? payment.reason : null,
});

/** The admin queue's view: the record plus who paid and how it was decided. */
export const toAdminPaymentView = (
  payment: PaymentDoc,
  payer: Pick<UserRecord, 'username' | 'email'> | null,
): AdminPaymentRecord => ({
  ...toPaymentView(payment),
  userId: payment.userId,
  username: payer?.username ?? '',
  email: payer?.email ?? '',
  expectedAmount: payment.expectedAmount,
  reason: payment.reason,
  reviewedBy: payment.reviewedBy,
  reviewedAt: iso(payment.reviewedAt),
});

export const PENDING_EXISTS = 'You already have a payment waiting for validation. Please wait for the admin to review it.';

/** An admin holds no membership: refused before anything is read or stored. */
export const refuseAdminPayer = (user: Pick<UserRecord, 'role'>): void => {
  if (user.role === 'admin') throw forbidden('Admins do not need a membership.');
};

export interface PaymentChoice {
  membershipTier: PaidTier;
  duration: Duration;
}

/**
 * The form of POST /api/payments, checked before the proof is decoded or stored: a paid tier, a
 * duration, and no payment of the user still waiting (the unique index holds it against two at once).
 */
export const checkPaymentForm = async (
  store: Store,
  user: Pick<UserRecord, '_id' | 'role'>,
  sent: { membershipTier?: string; duration?: string },
): Promise<PaymentChoice> => {
  refuseAdminPayer(user);
  if (!(PAID_TIERS as readonly string[]).includes(sent.membershipTier ?? '')) {
    throw badRequest(`Choose a membership tier: ${PAID_TIERS.join(', ')}.`, 'BAD_TIER');
  }
  if (!(DURATIONS as readonly string[]).includes(sent.duration ?? '')) {
    throw badRequest(`Choose a duration: ${DURATIONS.join(' or ')}.`, 'BAD_DURATION');
  }
  if (await store.payments.findPendingByUser(user._id)) throw conflict(PENDING_EXISTS, 'PAYMENT_PENDING');
  return { membershipTier: sent.membershipTier as PaidTier, duration: sent.duration as Duration };
};

export interface SubmitPaymentInput {
  user: Pick<UserRecord, '_id' | 'role'>;
  /** What `checkPaymentForm` made of the fields sent. */
  choice: PaymentChoice;
  /** The stored transfer proof (a private file). */
  proofFileId: string;
  now?: Date;
}

/**
 * A pending payment for the price-table amount (contract §5), for a choice `checkPaymentForm`
 * made; a payment that started waiting since then → conflict (the unique index decides the race).
 * The caller removes the proof when this throws.
 */
export const submitPayment = async (store: Store, { user, choice, proofFileId, now = new Date() }: SubmitPaymentInput): Promise<PaymentDoc> => {
  const { membershipTier, duration } = choice;
  const amount = priceOf(membershipTier, duration);
  try {
    return await store.payments.create({
      _id: newId(),
      userId: user._id,
      membershipTier,
      duration,
      amount,
      expectedAmount: amount,
      status: 'pending',
      proofFileId,
      paymentDate: now,
      expiredDate: null,
      reason: null,
      reviewedBy: null,
      reviewedAt: null,
      updatedAt: now,
    });
  } catch (error) {
    if (error instanceof DuplicateKeyError) throw conflict(PENDING_EXISTS, 'PAYMENT_PENDING');
    throw error;
  }
};

const alreadyDecided = (payment: PaymentDoc | null): RuleError =>
  payment
    ? conflict(`This payment was already ${payment.status}.`, 'PAYMENT_DECIDED')
    : notFound('Payment not found.');

export interface ApproveInput {
  paymentId: string;
  adminId: string;
  /** A custom amount (whole Rupiah); the price-table amount when left out. */
  amount?: number;
  now?: Date;
}

/**
 * Approves a pending payment: the payment becomes approved with the new end date, and the payer
 * becomes a member of the paid tier for the paid period from `periodStart` (same tier: from the
 * current end; another tier, or no rights: from now).
 * 404 unknown payment, 409 when it is not pending any more (another admin was first), 400 bad amount.
 */
export const approvePayment = async (
  store: Store,
  { paymentId, adminId, amount, now = new Date() }: ApproveInput,
): Promise<{ payment: PaymentDoc; user: UserRecord }> => {
  if (amount !== undefined && (!Number.isInteger(amount) || amount <= 0 || amount > LIMITS.customAmountMax)) {
    throw badRequest(`The amount must be a whole number of Rupiah between 1 and ${LIMITS.customAmountMax}.`, 'BAD_AMOUNT');
  }
  const payment = await store.payments.findById(paymentId);
  if (!payment || payment.status !== 'pending') throw alreadyDecided(payment);
  const payer = await store.users.findById(payment.userId);
  if (!payer) throw conflict('The account that made this payment no longer exists.', 'PAYER_GONE');
  // Made an admin after paying: an admin holds no membership (tier "admin"), as POST /payments says.
  if (payer.role === 'admin') throw conflict('This account is an admin now and holds no membership. Reject the payment instead.', 'PAYER_IS_ADMIN');

  const membershipEnd = addPeriod(periodStart(payer, payment.membershipTier, now), payment.duration);
  const decided = await store.payments.decide(paymentId, {
    status: 'approved',
    reviewedBy: adminId,
    reviewedAt: now,
    amount: amount ?? payment.amount,
    expiredDate: membershipEnd,
  });
  if (!decided) throw alreadyDecided(await store.payments.findById(paymentId));

  let user: UserRecord | null;
  try {
    user = await store.users.update(payer._id, {
      membershipTier: payment.membershipTier,
      duration: payment.duration,
      membershipEnd,
      role: 'member',
    });
  } catch (error) {
    user = null;
    await store.payments.reopen(paymentId, payer._id).catch(() => undefined);
    throw failed('The membership could not be updated. Please try again.', 'APPROVE_FAILED', error);
  }
  if (!user) {
    await store.payments.reopen(paymentId, payer._id);
    throw conflict('The account that made this payment no longer exists.', 'PAYER_GONE');
  }
  return { payment: decided, user };
};

export interface RejectInput {
  paymentId: string;
  adminId: string;
  /** Shown to nobody but admins for now; trimmed, at most 500 characters. */
  reason?: string;
  now?: Date;
}

/** Rejects a pending payment. 404 unknown, 409 already decided. The payer may then pay again. */
export const rejectPayment = async (
  store: Store,
  { paymentId, adminId, reason, now = new Date() }: RejectInput,
): Promise<{ payment: PaymentDoc }> => {
  const text = reason?.trim() ?? '';
  if (text.length > 500) throw badRequest('The reason is too long (at most 500 characters).', 'REASON_TOO_LONG');
  const decided = await store.payments.decide(paymentId, {
    status: 'rejected',
    reviewedBy: adminId,
    reviewedAt: now,
    reason: text === '' ? null : text,
  });
  if (!decided) throw alreadyDecided(await store.payments.findById(paymentId));
  return { payment: decided };
};
