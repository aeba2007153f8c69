/**
 * Who is online. A user is online while at least one *holder* vouches for them: a realtime
 * process holding one of their sockets (`rt:<processId>`), or a browser session whose heartbeat is
 * fresh (`session:<sessionId>`). Each claim has an expiry, so a crashed process or a closed tab
 * without a goodbye goes offline by itself; live holders refresh their claims.
 *
 * Alone, the claims live in this process (`memoryPresence`). With Redis (`redisPresence`), they
 * live in Redis so that every API and realtime process sees the same set:
 *   - `le:presence:u:<userId>`: a hash holder → expiry (ms), expiring with its newest claim;
 *   - `le:presence:online`: a sorted set userId → newest expiry, for listing and sweeping.
 * Every change runs as one Lua script, so exactly one process observes each online/offline edge
 * and announces it.
 */
export interface PresenceStore {
    readonly mode: 'memory' | 'redis';
    /** `holder` vouches for `userId` for `ttlMs`. True when the user was offline before. */
    enter(userId: string, holder: string, ttlMs: number): Promise<boolean>;
    /** `holder` stops vouching for `userId`. True when the user is offline now. */
    leave(userId: string, holder: string): Promise<boolean>;
    /** Drops users whose every claim expired; returns them (each to one caller only). */
    sweep(): Promise<string[]>;
    /** Users online now. */
    onlineUserIds(): Promise<string[]>;
    close(): Promise<void>;
}
export declare const memoryPresence: (clock?: () => number) => PresenceStore;
/**
 * Presence in Redis. Its own connection fails fast while Redis is down (a presence update is
 * dropped, not queued for ever); the refresh loop of each holder restores the claims afterwards.
 */
export declare const redisPresence: (redisUrl: string, clock?: () => number) => PresenceStore;
