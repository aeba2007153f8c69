import type { Collection, StoreDriver } from './collection';
import type { CodePurpose, CodeRecord } from './records';

export class CodesRepository {
  private constructor(private readonly codes: Collection<CodeRecord>) {}

  static async open(driver: StoreDriver): Promise<CodesRepository> {
    const codes = await driver.collection<CodeRecord>('codes', [
      { fields: { userId: 1, purpose: 1, createdAt: -1 } },
      { fields: { expiresAt: 1 } },
    ]);
    return new CodesRepository(codes);
  }

  /** Stores a new code and voids every earlier open code of the same purpose. */
  async issue(code: CodeRecord): Promise<CodeRecord> {
    await this.codes.updateMany(
      { userId: code.userId, purpose: code.purpose, closedAt: null },
      { $set: { closedAt: code.createdAt, closedReason: 'voided' } },
    );
    return this.codes.insertOne(code);
  }

  /** The newest code of a purpose, open or not (for the resend cooldown). */
  async latest(userId: string, purpose: CodePurpose): Promise<CodeRecord | null> {
    const [latest] = await this.codes.find({ userId, purpose }, { sort: { createdAt: -1 }, limit: 1 });
    return latest ?? null;
  }

  /** The newest open code: if two requests raced past the cooldown, only the last mailed counts. */
  async findOpen(userId: string, purpose: CodePurpose): Promise<CodeRecord | null> {
    const [newest] = await this.codes.find({ userId, purpose, closedAt: null }, { sort: { createdAt: -1 }, limit: 1 });
    return newest ?? null;
  }

  /** Counts a wrong try; the try that reaches `maxAttempts` burns the code. */
  async recordWrongTry(id: string, maxAttempts: number, now = new Date()): Promise<CodeRecord | null> {
    const tried = await this.codes.updateOne({ _id: id, closedAt: null }, { $inc: { attempts: 1 } });
    if (tried && tried.attempts >= maxAttempts) {
      return this.codes.updateOne({ _id: id, closedAt: null }, { $set: { closedAt: now, closedReason: 'burnt' } });
    }
    return tried;
  }

  /** Closes the code as used; false when it was closed already (a concurrent use won). */
  async consume(id: string, now = new Date()): Promise<boolean> {
    const used = await this.codes.updateOne(
      { _id: id, closedAt: null },
      { $set: { closedAt: now, closedReason: 'used' } },
    );
    if (used) {
      await this.codes.updateMany(
        { userId: used.userId, purpose: used.purpose, closedAt: null },
        { $set: { closedAt: now, closedReason: 'voided' } },
      );
    }
    return used !== null;
  }

  /** Removes up to `limit` codes that expired before `cutoff` (used, burnt, voided or never used). */
  async purgeExpiredBefore(cutoff: Date, limit: number): Promise<number> {
    const old = await this.codes.find({ expiresAt: { $lt: cutoff } }, { limit });
    return old.length === 0 ? 0 : this.codes.deleteMany({ _id: { $in: old.map((code) => code._id) } });
  }
}
