import type { StoreDriver } from './collection';
import type { SessionRecord } from './records';
export declare class SessionsRepository {
    private readonly sessions;
    private constructor();
    static open(driver: StoreDriver): Promise<SessionsRepository>;
    create(session: SessionRecord): Promise<SessionRecord>;
    /** A session that exists, is not revoked and has not expired; null otherwise. */
    findLive(id: string, now?: Date): Promise<SessionRecord | null>;
    revoke(id: string, now?: Date): Promise<boolean>;
    /** Ends every live session of a user (password reset); returns their ids. */
    revokeAllForUser(userId: string, now?: Date): Promise<string[]>;
    /** Heartbeat: the browser session of this user is alive now. */
    touch(id: string, userId: string, now?: Date): Promise<boolean>;
    /** Page unload: the tab went away; the session itself stays signed in. */
    markOffline(id: string): Promise<boolean>;
    /** Users with a session that is online and heard from since `since`. */
    onlineUserIds(since: Date): Promise<string[]>;
    /** The ids of a user's sessions that are still signed in (to drop their sockets). */
    liveIdsForUser(userId: string, now?: Date): Promise<string[]>;
    /** Removes up to `limit` sessions that ended (signed out, or expired) before `cutoff`. */
    purgeEndedBefore(cutoff: Date, limit: number): Promise<number>;
}
