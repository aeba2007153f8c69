/**
 * Memberships bought by bank transfer: a payment is created pending (POST /api/payments) and an
 * admin approves or rejects it (the /api/admin/payments routes call `approvePayment` and
 * `rejectPayment`). Both decisions are one atomic pending → decided step on the payment, so of
 * two admins clicking at once exactly one wins and the other gets a 409.
 */
import type { AdminPaymentRecord, Duration, PaidTier, PaymentRecord } from '@le/contracts';
import type { PaymentDoc, Store, UserRecord } from '../store';
/** The largest amount an admin may approve (Rp 100 million): a typo guard, not a business rule. */
export declare const MAX_CUSTOM_AMOUNT = 100000000;
export declare const priceOf: (tier: PaidTier, duration: Duration) => number;
/**
 * `from` plus one month or one year, in UTC. The day of month is kept when it exists and clamped
 * to the month's last day otherwise (31 Jan + 1 month = 28/29 Feb, not 3 Mar).
 */
export declare const addPeriod: (from: Date, duration: Duration) => Date;
/**
 * Where a new period starts: the end of a membership that still runs (so paying early loses no
 * day), otherwise now.
 */
export declare const periodStart: (user: Pick<UserRecord, "membershipEnd">, now: Date) => Date;
/** Spec §3 payment history record, as the payer sees it. */
export declare const toPaymentView: (payment: PaymentDoc) => PaymentRecord;
/** The admin queue's view: the record plus who paid and how it was decided. */
export declare const toAdminPaymentView: (payment: PaymentDoc, payer: Pick<UserRecord, "username" | "email"> | null) => AdminPaymentRecord;
export interface ApproveInput {
    paymentId: string;
    adminId: string;
    /** A custom amount (whole Rupiah); the price-table amount when left out. */
    amount?: number;
    now?: Date;
}
/**
 * Approves a pending payment: the payment becomes approved with the new end date, and the payer
 * becomes a member of the paid tier until max(now, current end) + the paid period.
 * 404 unknown payment, 409 when it is not pending any more (another admin was first), 400 bad amount.
 */
export declare const approvePayment: (store: Store, { paymentId, adminId, amount, now }: ApproveInput) => Promise<{
    payment: PaymentDoc;
    user: UserRecord;
}>;
export interface RejectInput {
    paymentId: string;
    adminId: string;
    /** Shown to nobody but admins for now; trimmed, at most 500 characters. */
    reason?: string;
    now?: Date;
}
/** Rejects a pending payment. 404 unknown, 409 already decided. The payer may then pay again. */
export declare const rejectPayment: (store: Store, { paymentId, adminId, reason, now }: RejectInput) => Promise<{
    payment: PaymentDoc;
}>;
