import type { Duration, PaidTier, PaymentStatus } from '@le/contracts';
import type { StoreDriver } from './collection';
/** A membership payment by bank transfer, with its proof image (a private file). */
export interface PaymentDoc {
    _id: string;
    userId: string;
    membershipTier: PaidTier;
    duration: Duration;
    /** The price-table amount at the time of payment; an approval may set a custom amount. */
    amount: number;
    expectedAmount: number;
    status: PaymentStatus;
    /** Id of the proof in the files collection. */
    proofFileId: string;
    /**
     * Set to `userId` while the payment is pending and removed once it is decided. A unique sparse
     * index on it makes "one pending payment per user" hold even for two requests at once.
     */
    pendingUserId?: string;
    paymentDate: Date;
    /** The membership end this payment gave, once approved. */
    expiredDate: Date | null;
    reason: string | null;
    reviewedBy: string | null;
    reviewedAt: Date | null;
    updatedAt: Date;
}
export interface PaymentDecision {
    status: 'approved' | 'rejected';
    reviewedBy: string;
    reviewedAt: Date;
    amount?: number;
    expiredDate?: Date | null;
    reason?: string | null;
}
export declare class PaymentsRepository {
    private readonly payments;
    private constructor();
    static open(driver: StoreDriver): Promise<PaymentsRepository>;
    /** Throws DuplicateKeyError (field pendingUserId) when the user already has a pending payment. */
    create(payment: Omit<PaymentDoc, 'pendingUserId'>): Promise<PaymentDoc>;
    findById(id: string): Promise<PaymentDoc | null>;
    findPendingByUser(userId: string): Promise<PaymentDoc | null>;
    /** A user's whole history, newest first. */
    listByUser(userId: string): Promise<PaymentDoc[]>;
    /** The admin queue: newest first, optionally one status. */
    list(query?: {
        status?: PaymentStatus;
        limit?: number;
        skip?: number;
    }): Promise<PaymentDoc[]>;
    /**
     * The admin queue a page at a time: newest first by (paymentDate, _id), strictly older than
     * `before`; one more than `limit` is read to tell whether another page exists.
     */
    page(query: {
        status?: PaymentStatus;
        before?: {
            paymentDate: Date;
            id: string;
        } | null;
        limit: number;
    }): Promise<{
        payments: PaymentDoc[];
        next: {
            paymentDate: Date;
            id: string;
        } | null;
    }>;
    countByStatus(status: PaymentStatus): Promise<number>;
    /**
     * pending → approved/rejected, atomically: of two concurrent decisions exactly one gets the
     * record back, the other gets null.
     */
    decide(id: string, decision: PaymentDecision): Promise<PaymentDoc | null>;
    /** Undoes a decision that could not be completed (the user update failed). */
    reopen(id: string, userId: string): Promise<PaymentDoc | null>;
    /** Fixes the expired date after the user's membership end is known. */
    setExpiredDate(id: string, expiredDate: Date): Promise<PaymentDoc | null>;
}
