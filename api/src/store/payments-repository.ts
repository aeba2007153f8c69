import type { Duration, PaidTier, PaymentStatus } from '@le/contracts';
import type { Collection, Filter, StoreDriver } from './collection';

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

export class PaymentsRepository {
  private constructor(private readonly payments: Collection<PaymentDoc>) {}

  static async open(driver: StoreDriver): Promise<PaymentsRepository> {
    const payments = await driver.collection<PaymentDoc>('payments', [
      { fields: { pendingUserId: 1 }, unique: true, sparse: true },
      { fields: { userId: 1, paymentDate: -1, _id: -1 } },
      { fields: { status: 1, paymentDate: -1, _id: -1 } },
      { fields: { paymentDate: -1, _id: -1 } },
      { fields: { status: 1, reviewedAt: 1 } },
    ]);
    return new PaymentsRepository(payments);
  }

  /** Throws DuplicateKeyError (field pendingUserId) when the user already has a pending payment. */
  create(payment: Omit<PaymentDoc, 'pendingUserId'>): Promise<PaymentDoc> {
    return this.payments.insertOne(
      payment.status === 'pending' ? { ...payment, pendingUserId: payment.userId } : { ...payment },
    );
  }

  findById(id: string): Promise<PaymentDoc | null> {
    return this.payments.findOne({ _id: id });
  }

  /** The pending payment of each of these users that has one (one index read). */
  findPendingByUsers(userIds: string[]): Promise<PaymentDoc[]> {
    return userIds.length === 0 ? Promise.resolve([]) : this.payments.find({ pendingUserId: { $in: userIds } });
  }

  findPendingByUser(userId: string): Promise<PaymentDoc | null> {
    return this.payments.findOne({ pendingUserId: userId });
  }

  /** A user's whole history, newest first. */
  listByUser(userId: string): Promise<PaymentDoc[]> {
    return this.payments.find({ userId }, { sort: { paymentDate: -1, _id: -1 } });
  }

  /** The admin queue: newest first, optionally one status. */
  list(query: { status?: PaymentStatus; limit?: number; skip?: number } = {}): Promise<PaymentDoc[]> {
    const filter: Filter = query.status ? { status: query.status } : {};
    return this.payments.find(filter, { sort: { paymentDate: -1, _id: -1 }, limit: query.limit ?? 100, skip: query.skip ?? 0 });
  }

  /**
   * The admin queue a page at a time: newest first by (paymentDate, _id), strictly older than
   * `before`; one more than `limit` is read to tell whether another page exists.
   */
  async page(query: {
    status?: PaymentStatus;
    userId?: string;
    before?: { paymentDate: Date; id: string } | null;
    limit: number;
  }): Promise<{ payments: PaymentDoc[]; next: { paymentDate: Date; id: string } | null }> {
    const and: Filter[] = [];
    if (query.userId) and.push({ userId: query.userId });
    if (query.status) and.push({ status: query.status });
    if (query.before) {
      const { paymentDate, id } = query.before;
      // The plain bound lets the index seek to the cursor (see olderThan in page-cursor.ts).
      and.push({ paymentDate: { $lte: paymentDate }, $or: [{ paymentDate: { $lt: paymentDate } }, { paymentDate, _id: { $lt: id } }] });
    }
    const filter: Filter = and.length === 0 ? {} : and.length === 1 ? and[0]! : { $and: and };
    const found = await this.payments.find(filter, { sort: { paymentDate: -1, _id: -1 }, limit: query.limit + 1 });
    const payments = found.slice(0, query.limit);
    const last = payments.at(-1);
    return { payments, next: found.length > query.limit && last ? { paymentDate: last.paymentDate, id: last._id } : null };
  }

  /** Payments approved at or after `since` (the revenue chart's input). */
  approvedSince(since: Date): Promise<PaymentDoc[]> {
    return this.payments.find({ status: 'approved', reviewedAt: { $gte: since } });
  }

  countByStatus(status: PaymentStatus): Promise<number> {
    return this.payments.count({ status });
  }

  /**
   * pending → approved/rejected, atomically: of two concurrent decisions exactly one gets the
   * record back, the other gets null.
   */
  decide(id: string, decision: PaymentDecision): Promise<PaymentDoc | null> {
    const $set: Record<string, unknown> = {
      status: decision.status,
      reviewedBy: decision.reviewedBy,
      reviewedAt: decision.reviewedAt,
      updatedAt: decision.reviewedAt,
    };
    if (decision.amount !== undefined) $set.amount = decision.amount;
    if (decision.expiredDate !== undefined) $set.expiredDate = decision.expiredDate;
    if (decision.reason !== undefined) $set.reason = decision.reason;
    return this.payments.updateOne({ _id: id, status: 'pending' }, { $set, $unset: { pendingUserId: true } });
  }

  /** Undoes a decision that could not be completed (the user update failed). */
  reopen(id: string, userId: string): Promise<PaymentDoc | null> {
    return this.payments.updateOne(
      { _id: id, status: { $ne: 'pending' } },
      { $set: { status: 'pending', pendingUserId: userId, reviewedBy: null, reviewedAt: null, expiredDate: null, reason: null } },
    );
  }

  /** Fixes the expired date after the user's membership end is known. */
  setExpiredDate(id: string, expiredDate: Date): Promise<PaymentDoc | null> {
    return this.payments.updateOne({ _id: id }, { $set: { expiredDate } });
  }
}
