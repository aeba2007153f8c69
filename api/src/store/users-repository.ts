import { olderThan, type PageCursor } from '../lib/page-cursor';
import type { Collection, Filter, StoreDriver } from './collection';
import type { UserRecord } from './records';
import { containsFilter } from './text-filter';

export interface MemberQuery {
  /** Part of the username, email or name, case-insensitive, matched literally. */
  q?: string;
  role?: string;
  tier?: string;
  before?: PageCursor | null;
  limit: number;
}

export type UserChanges = Partial<Omit<UserRecord, '_id' | 'createdAt' | 'emailLower' | 'usernameLower'>>;

const DAY_MS = 86_400_000;

/**
 * Users as the product sees them. `graceEndsAt` is derived on every read, never stored: a paid
 * membership's rights last `graceDays` past its end (contract §9, GRACE_DAYS), so changing the
 * setting applies to everyone at the next start, and every rights check that reads a user
 * (`hasActiveMembership` and those built on it) sees the grace.
 */
export class UsersRepository {
  private constructor(
    private readonly users: Collection<UserRecord>,
    private readonly graceDays: number,
  ) {}

  /** The record with its grace: `membershipEnd + graceDays` for a member with an end, null otherwise (or without grace). */
  private withGrace = (user: UserRecord): UserRecord => ({
    ...user,
    graceEndsAt: this.graceDays > 0 && user.role === 'member' && user.membershipEnd ? new Date(user.membershipEnd.getTime() + this.graceDays * DAY_MS) : null,
  });

  private one = async (found: Promise<UserRecord | null>): Promise<UserRecord | null> => {
    const user = await found;
    return user ? this.withGrace(user) : null;
  };

  private many = async (found: Promise<UserRecord[]>): Promise<UserRecord[]> => (await found).map(this.withGrace);

  static async open(driver: StoreDriver, options: { graceDays?: number } = {}): Promise<UsersRepository> {
    const users = await driver.collection<UserRecord>('users', [
      { fields: { emailLower: 1 }, unique: true },
      { fields: { usernameLower: 1 }, unique: true },
      { fields: { role: 1, createdAt: -1, _id: -1 } },
      { fields: { createdAt: -1, _id: -1 } },
      { fields: { role: 1, trialExpiresAt: 1 } },
      { fields: { role: 1, membershipTier: 1, membershipEnd: 1 } },
      { fields: { role: 1, membershipEnd: 1 } },
      { fields: { membershipTier: 1, createdAt: -1, _id: -1 } },
    ]);
    return new UsersRepository(users, options.graceDays ?? 0);
  }

  /** Throws DuplicateKeyError (field emailLower or usernameLower) when taken. */
  async create(user: Omit<UserRecord, 'emailLower' | 'usernameLower'>): Promise<UserRecord> {
    const { graceEndsAt: _derived, ...stored } = user;
    return this.withGrace(
      await this.users.insertOne({
        ...stored,
        emailLower: user.email.toLowerCase(),
        usernameLower: user.username.toLowerCase(),
      }),
    );
  }

  findById(id: string): Promise<UserRecord | null> {
    return this.one(this.users.findOne({ _id: id }));
  }

  findByEmail(email: string): Promise<UserRecord | null> {
    return this.one(this.users.findOne({ emailLower: email.trim().toLowerCase() }));
  }

  /** Sign-in accepts the email or the username, both case-insensitively. */
  findByLogin(emailOrUsername: string): Promise<UserRecord | null> {
    const key = emailOrUsername.trim().toLowerCase();
    return this.one(this.users.findOne(key.includes('@') ? { emailLower: key } : { usernameLower: key }));
  }

  findAnyAdmin(): Promise<UserRecord | null> {
    return this.one(this.users.findOne({ role: 'admin' }));
  }

  /** Every admin, oldest account first (the chat's participants). */
  listAdmins(): Promise<UserRecord[]> {
    return this.many(this.users.find({ role: 'admin' }, { sort: { createdAt: 1 } }));
  }

  findByIds(ids: string[]): Promise<UserRecord[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.many(this.users.find({ _id: { $in: ids } }));
  }

  /** Throws DuplicateKeyError when a changed email or username is taken. */
  update(id: string, changes: UserChanges): Promise<UserRecord | null> {
    const { graceEndsAt: _derived, ...stored } = changes;
    const $set: Record<string, unknown> = { ...stored, updatedAt: new Date() };
    if (changes.email !== undefined) $set.emailLower = changes.email.toLowerCase();
    if (changes.username !== undefined) $set.usernameLower = changes.username.toLowerCase();
    return this.one(this.users.updateOne({ _id: id }, { $set }));
  }
  /** The admin's member list: newest accounts first, one more than `limit` read to tell if more exist. */
  async search(query: MemberQuery): Promise<{ users: UserRecord[]; next: PageCursor | null }> {
    const and: Filter[] = [];
    if (query.q) {
      const text = query.q.toLowerCase();
      and.push({ $or: [{ usernameLower: containsFilter(text) }, { emailLower: containsFilter(text) }, { name: containsFilter(query.q) }] });
    }
    if (query.role) and.push({ role: query.role });
    if (query.tier) and.push({ membershipTier: query.tier });
    if (query.before) and.push(olderThan(query.before));
    const filter: Filter = and.length === 0 ? {} : and.length === 1 ? and[0]! : { $and: and };
    const found = await this.users.find(filter, { sort: { createdAt: -1, _id: -1 }, limit: query.limit + 1 });
    const users = found.slice(0, query.limit).map(this.withGrace);
    const last = users.at(-1);
    return { users, next: found.length > query.limit && last ? { createdAt: last.createdAt, id: last._id } : null };
  }

  countAdmins(): Promise<number> {
    return this.users.count({ role: 'admin' });
  }

  /** Members whose paid membership still runs, for one tier. */
  countActiveMembers(tier: string, now = new Date()): Promise<number> {
    return this.users.count({ role: 'member', membershipTier: tier, membershipEnd: { $gt: now } });
  }

  /** Trials still running now. */
  countActiveTrials(now = new Date()): Promise<number> {
    return this.users.count({ role: 'trial', trialExpiresAt: { $gt: now } });
  }

  /** Members and trials whose time has run out. */
  countExpired(now = new Date()): Promise<number> {
    return this.users.count({
      $or: [
        { role: 'member', $or: [{ membershipEnd: null }, { membershipEnd: { $lte: now } }] },
        { role: 'trial', $or: [{ trialExpiresAt: null }, { trialExpiresAt: { $lte: now } }] },
      ],
    });
  }

  /** Trials that end after `now` and no later than `until`, soonest first. */
  trialsEndingBetween(now: Date, until: Date): Promise<UserRecord[]> {
    return this.many(this.users.find({ role: 'trial', trialExpiresAt: { $gt: now, $lte: until } }, { sort: { trialExpiresAt: 1 }, limit: 50 }));
  }

  /** Members whose membership ends after `from` and no later than `until`, soonest first. */
  membersEndingBetween(from: Date, until: Date, limit = 200): Promise<UserRecord[]> {
    return this.many(this.users.find({ role: 'member', membershipEnd: { $gt: from, $lte: until } }, { sort: { membershipEnd: 1 }, limit }));
  }

  /** How long rights outlive a membership's end (GRACE_DAYS), in ms. */
  get graceMs(): number {
    return this.graceDays * DAY_MS;
  }

  findManyByIds(ids: string[]): Promise<UserRecord[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.many(this.users.find({ _id: { $in: ids } }));
  }
}
