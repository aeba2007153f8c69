import { NOTIFICATION_KINDS, type NotificationPreferences } from '@le/contracts';
import { DuplicateKeyError, type Collection, type StoreDriver } from './collection';

/** One browser's Web Push subscription (contract §14): it belongs to the session that made it. */
export interface PushSubscriptionRecord {
  _id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  userId: string;
  sessionId: string;
  userAgent: string;
  createdAt: Date;
}

interface PreferencesDoc extends NotificationPreferences {
  /** The user's id: one document per user, written on the first change only. */
  _id: string;
  updatedAt: Date;
}

export const DEFAULT_PREFERENCES: NotificationPreferences = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, true])) as NotificationPreferences;

const preferencesOf = (doc: PreferencesDoc | null): NotificationPreferences =>
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, doc ? doc[kind] !== false : true])) as NotificationPreferences;

/**
 * Web Push subscriptions (`push_subscriptions`: unique by endpoint, read by user and by session)
 * and each user's notification preferences (`notification_preferences`, absent until changed).
 * Both are new collections: a store of an earlier build gets them empty at its first start.
 */
export class PushRepository {
  private constructor(
    private readonly subscriptions: Collection<PushSubscriptionRecord>,
    private readonly preferences: Collection<PreferencesDoc>,
  ) {}

  static async open(driver: StoreDriver): Promise<PushRepository> {
    const subscriptions = await driver.collection<PushSubscriptionRecord>('push_subscriptions', [
      { fields: { endpoint: 1 }, unique: true },
      { fields: { userId: 1 } },
      { fields: { sessionId: 1 } },
    ]);
    const preferences = await driver.collection<PreferencesDoc>('notification_preferences');
    return new PushRepository(subscriptions, preferences);
  }

  /**
   * Keeps this endpoint for this session: a new one is inserted (`created`), a known one (the
   * browser subscribed again, or another account signed in on the same browser) moves to it.
   */
  async save(subscription: PushSubscriptionRecord): Promise<{ record: PushSubscriptionRecord; created: boolean }> {
    const { _id: _omit, endpoint, createdAt: _created, ...owner } = subscription;
    const moved = await this.subscriptions.updateOne({ endpoint }, { $set: owner });
    if (moved) return { record: moved, created: false };
    try {
      return { record: await this.subscriptions.insertOne(subscription), created: true };
    } catch (error) {
      // Another request saved the same endpoint between the two writes: it is known now.
      if (!(error instanceof DuplicateKeyError)) throw error;
      const raced = await this.subscriptions.updateOne({ endpoint }, { $set: owner });
      if (!raced) throw error;
      return { record: raced, created: false };
    }
  }

  /** Removes an endpoint; with `userId`, only if it is that user's. */
  async removeEndpoint(endpoint: string, userId?: string): Promise<number> {
    return this.subscriptions.deleteMany({ endpoint, ...(userId === undefined ? {} : { userId }) });
  }

  /** Removes one of a user's devices by id. */
  async removeOwn(id: string, userId: string): Promise<boolean> {
    return (await this.subscriptions.deleteMany({ _id: id, userId })) > 0;
  }

  /** Removes what a session subscribed (it signed out or was revoked). */
  removeForSession(sessionId: string): Promise<number> {
    return this.subscriptions.deleteMany({ sessionId });
  }

  removeForSessions(sessionIds: string[]): Promise<number> {
    return sessionIds.length === 0 ? Promise.resolve(0) : this.subscriptions.deleteMany({ sessionId: { $in: sessionIds } });
  }

  /** A user's subscriptions, newest first (a user has few). */
  async forUser(userId: string): Promise<PushSubscriptionRecord[]> {
    const found = await this.subscriptions.find({ userId });
    return found.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  }

  /** The subscriptions of these users. */
  forUsers(userIds: string[]): Promise<PushSubscriptionRecord[]> {
    return userIds.length === 0 ? Promise.resolve([]) : this.subscriptions.find({ userId: { $in: userIds } });
  }

  /** A page of every subscription in id order (the fan-out of a signal reads them all, page by page). */
  page(afterId: string | null, limit: number): Promise<PushSubscriptionRecord[]> {
    return this.subscriptions.find(afterId === null ? {} : { _id: { $gt: afterId } }, { sort: { _id: 1 }, limit });
  }

  async preferencesOf(userId: string): Promise<NotificationPreferences> {
    return preferencesOf(await this.preferences.findOne({ _id: userId }));
  }

  /** The preferences of these users; absent users have the defaults. */
  async preferencesOfMany(userIds: string[]): Promise<Map<string, NotificationPreferences>> {
    const docs = userIds.length === 0 ? [] : await this.preferences.find({ _id: { $in: userIds } });
    const byId = new Map(docs.map((doc) => [doc._id, doc]));
    return new Map(userIds.map((id) => [id, preferencesOf(byId.get(id) ?? null)]));
  }

  /** Sets some switches; the others keep their value. */
  async setPreferences(userId: string, changes: Partial<NotificationPreferences>, now: Date): Promise<NotificationPreferences> {
    const next = { ...(await this.preferencesOf(userId)), ...changes };
    const updated = await this.preferences.updateOne({ _id: userId }, { $set: { ...next, updatedAt: now } });
    if (updated) return preferencesOf(updated);
    try {
      return preferencesOf(await this.preferences.insertOne({ _id: userId, ...next, updatedAt: now }));
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      return preferencesOf(await this.preferences.updateOne({ _id: userId }, { $set: { ...changes, updatedAt: now } }));
    }
  }
}
