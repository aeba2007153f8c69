import type { Collection, StoreDriver } from './collection';
import type { UserRecord } from './records';

export type UserChanges = Partial<Omit<UserRecord, '_id' | 'createdAt' | 'emailLower' | 'usernameLower'>>;

export class UsersRepository {
  private constructor(private readonly users: Collection<UserRecord>) {}

  static async open(driver: StoreDriver): Promise<UsersRepository> {
    const users = await driver.collection<UserRecord>('users', [
      { fields: { emailLower: 1 }, unique: true },
      { fields: { usernameLower: 1 }, unique: true },
      { fields: { role: 1 } },
    ]);
    return new UsersRepository(users);
  }

  /** Throws DuplicateKeyError (field emailLower or usernameLower) when taken. */
  create(user: Omit<UserRecord, 'emailLower' | 'usernameLower'>): Promise<UserRecord> {
    return this.users.insertOne({
      ...user,
      emailLower: user.email.toLowerCase(),
      usernameLower: user.username.toLowerCase(),
    });
  }

  findById(id: string): Promise<UserRecord | null> {
    return this.users.findOne({ _id: id });
  }

  findByEmail(email: string): Promise<UserRecord | null> {
    return this.users.findOne({ emailLower: email.trim().toLowerCase() });
  }

  /** Sign-in accepts the email or the username, both case-insensitively. */
  findByLogin(emailOrUsername: string): Promise<UserRecord | null> {
    const key = emailOrUsername.trim().toLowerCase();
    return this.users.findOne(key.includes('@') ? { emailLower: key } : { usernameLower: key });
  }

  findAnyAdmin(): Promise<UserRecord | null> {
    return this.users.findOne({ role: 'admin' });
  }

  /** Every admin, oldest account first (the chat's participants). */
  listAdmins(): Promise<UserRecord[]> {
    return this.users.find({ role: 'admin' }, { sort: { createdAt: 1 } });
  }

  findByIds(ids: string[]): Promise<UserRecord[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.users.find({ _id: { $in: ids } });
  }

  /** Throws DuplicateKeyError when a changed email or username is taken. */
  update(id: string, changes: UserChanges): Promise<UserRecord | null> {
    const $set: Record<string, unknown> = { ...changes, updatedAt: new Date() };
    if (changes.email !== undefined) $set.emailLower = changes.email.toLowerCase();
    if (changes.username !== undefined) $set.usernameLower = changes.username.toLowerCase();
    return this.users.updateOne({ _id: id }, { $set });
  }
}
