import { DuplicateKeyError, type Collection, type StoreDriver } from './collection';

/** A lease: who runs a job, until when (the holder renews it each run). */
interface LeaseDoc {
  _id: string;
  holder: string;
  until: Date;
}

/** One membership notice sent (a reminder mail, or the push when the rights ended), once per period. */
export type NoticeKind = 'ends-in-7-days' | 'ends-tomorrow' | 'ended' | 'rights-ended';

interface NoticeDoc {
  /** `<userId>:<membershipEnd ISO>:<kind>`: unique, so a notice is claimed by exactly one process. */
  _id: string;
  userId: string;
  periodEnd: Date;
  kind: NoticeKind;
  at: Date;
}

const noticeId = (userId: string, periodEnd: Date, kind: NoticeKind): string => `${userId}:${periodEnd.toISOString()}:${kind}`;

/**
 * The membership lifecycle's records (contract §9): `leases` (which API process runs a job now:
 * `membership-lifecycle`, and `history-image-copies` of services/history-images) and `membership_notices` (each reminder and each end push, claimed once per membership period:
 * the period is named by its `membershipEnd`, so a renewal starts afresh).
 */
export class LifecycleRepository {
  private constructor(
    private readonly leases: Collection<LeaseDoc>,
    private readonly notices: Collection<NoticeDoc>,
  ) {}

  static async open(driver: StoreDriver): Promise<LifecycleRepository> {
    const leases = await driver.collection<LeaseDoc>('leases');
    const notices = await driver.collection<NoticeDoc>('membership_notices', [{ fields: { at: 1 } }]);
    return new LifecycleRepository(leases, notices);
  }

  /**
   * Takes or renews the lease `name` for `holder` until `until`: true when it is this holder's now.
   * Exactly one holder wins: the update only matches a lease that is this holder's or has lapsed,
   * and the first insert of a missing lease is unique on its id.
   */
  async acquireLease(name: string, holder: string, now: Date, until: Date): Promise<boolean> {
    const renewed = await this.leases.updateOne({ _id: name, $or: [{ holder }, { until: { $lte: now } }] }, { $set: { holder, until } });
    if (renewed) return renewed.holder === holder;
    try {
      await this.leases.insertOne({ _id: name, holder, until });
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  /** Lets the lease go (a clean stop), so another process takes over at its next run. */
  async releaseLease(name: string, holder: string): Promise<void> {
    await this.leases.updateOne({ _id: name, holder }, { $set: { until: new Date(0) } });
  }

  /** Claims a notice: true when this call is the first (send it), false when it was claimed before. */
  async claimNotice(userId: string, periodEnd: Date, kind: NoticeKind, at: Date): Promise<boolean> {
    try {
      await this.notices.insertOne({ _id: noticeId(userId, periodEnd, kind), userId, periodEnd, kind, at });
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  /** Gives a claim back (its mail could not be sent), so the next run tries again. */
  async releaseNotice(userId: string, periodEnd: Date, kind: NoticeKind): Promise<void> {
    await this.notices.deleteMany({ _id: noticeId(userId, periodEnd, kind) });
  }

  /** Whether any of these notices was sent for this period. */
  async sentAny(userId: string, periodEnd: Date, kinds: NoticeKind[]): Promise<boolean> {
    const found = await this.notices.find({ _id: { $in: kinds.map((kind) => noticeId(userId, periodEnd, kind)) } }, { limit: 1 });
    return found.length > 0;
  }
}
