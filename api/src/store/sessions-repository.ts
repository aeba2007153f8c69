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

  async revoke(id: string, now = new Date()): Promise<boolean> {
    const revoked = await this.sessions.updateOne(
      { _id: id, revokedAt: null },
      { $set: { revokedAt: now, online: false } },
    );
    return revoked !== null;
  }

  /** Ends every live session of a user (password reset); returns their ids. */
  async revokeAllForUser(userId: string, now = new Date()): Promise<string[]> {
    const live = await this.sessions.find({ userId, revokedAt: null });
    await this.sessions.updateMany({ userId, revokedAt: null }, { $set: { revokedAt: now, online: false } });
    return live.map((session) => session._id);
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
    const live = await this.sessions.find({ userId, revokedAt: null, expiresAt: { $gt: now } });
    return live.map((session) => session._id);
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
