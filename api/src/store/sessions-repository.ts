import type { Collection, StoreDriver } from './collection';
import type { SessionRecord } from './records';

export class SessionsRepository {
  private constructor(private readonly sessions: Collection<SessionRecord>) {}

  static async open(driver: StoreDriver): Promise<SessionsRepository> {
    const sessions = await driver.collection<SessionRecord>('sessions', [
      { fields: { userId: 1 } },
      { fields: { lastSeenAt: 1 } },
      { fields: { expiresAt: 1 } },
      { fields: { revokedAt: 1 }, sparse: true },
    ]);
    return new SessionsRepository(sessions);
  }

  create(session: SessionRecord): Promise<SessionRecord> {
    return this.sessions.insertOne(session);
  }

  /** A session that exists, is not revoked and has not expired; null otherwise. */
  async findLive(id: string, now = new Date()): Promise<SessionRecord | null> {
    const session = await this.sessions.findOne({ _id: id });
    if (!session || session.revokedAt !== null || session.expiresAt <= now) return null;
    return session;
  }

  /** Ends one session; with `userId`, only if it is that user's (false otherwise, or when already ended). */
  async revoke(id: string, now = new Date(), userId?: string): Promise<boolean> {
    const revoked = await this.sessions.updateOne(
      { _id: id, revokedAt: null, ...(userId === undefined ? {} : { userId }) },
      { $set: { revokedAt: now, online: false } },
    );
    return revoked !== null;
  }

  /**
   * Ends every live session of a user (password reset), or every one but `except` (the caller's
   * own, for "sign out everywhere else"); returns the ids it ended, one conditional update each,
   * so a session signed in meanwhile is either listed or left alone, never ended unannounced.
   */
  async revokeAllForUser(userId: string, now = new Date(), except?: string): Promise<string[]> {
    const live = await this.sessions.find({ userId, revokedAt: null });
    const ended: string[] = [];
    for (const session of live) {
      if (session._id !== except && (await this.revoke(session._id, now, userId))) ended.push(session._id);
    }
    return ended;
  }

  /** A user's sessions that are still signed in, the most recently seen first (a user has few). */
  async listLiveForUser(userId: string, now = new Date()): Promise<SessionRecord[]> {
    const live = await this.sessions.find({ userId, revokedAt: null, expiresAt: { $gt: now } });
    return live.sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime());
  }

  /** Which of these sessions are still signed in (a push goes only to a live session's subscription). */
  async liveAmong(ids: string[], now = new Date()): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const found = await this.sessions.find({ _id: { $in: ids }, revokedAt: null, expiresAt: { $gt: now } });
    return new Set(found.map((session) => session._id));
  }

  /** Heartbeat: the browser session of this user is alive now. */
  async touch(id: string, userId: string, now = new Date()): Promise<boolean> {
    const touched = await this.sessions.updateOne(
      { _id: id, userId, revokedAt: null },
      { $set: { lastSeenAt: now, online: true } },
    );
    return touched !== null;
  }

  /** Page unload: the tab went away; the session itself stays signed in. */
  async markOffline(id: string): Promise<boolean> {
    return (await this.sessions.updateOne({ _id: id }, { $set: { online: false } })) !== null;
  }

  /** Users with a session that is online and heard from since `since`. */
  async onlineUserIds(since: Date): Promise<string[]> {
    const sessions = await this.sessions.find({ online: true, revokedAt: null, lastSeenAt: { $gte: since } });
    return [...new Set(sessions.map((session) => session.userId))];
  }
  /** The ids of a user's sessions that are still signed in (to drop their sockets). */
  async liveIdsForUser(userId: string, now = new Date()): Promise<string[]> {
    return (await this.listLiveForUser(userId, now)).map((session) => session._id);
  }

  /** Removes up to `limit` sessions that ended (signed out, or expired) before `cutoff`. */
  async purgeEndedBefore(cutoff: Date, limit: number): Promise<number> {
    const ended = [
      ...(await this.sessions.find({ revokedAt: { $lt: cutoff } }, { limit })),
      ...(await this.sessions.find({ expiresAt: { $lt: cutoff } }, { limit })),
    ];
    const ids = [...new Set(ended.map((session) => session._id))].slice(0, limit);
    return ids.length === 0 ? 0 : this.sessions.deleteMany({ _id: { $in: ids } });
  }
}
