import { Redis } from 'ioredis';

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

export const memoryPresence = (clock: () => number = Date.now): PresenceStore => {
  const claims = new Map<string, Map<string, number>>();
  const isLive = (userId: string, now: number): boolean =>
    [...(claims.get(userId)?.values() ?? [])].some((expiry) => expiry > now);
  /** Drops lapsed claims of a user; false when none is left (the user is forgotten then). */
  const prune = (userId: string, now: number): boolean => {
    const holders = claims.get(userId);
    if (!holders) return false;
    for (const [holder, expiry] of holders) if (expiry <= now) holders.delete(holder);
    if (holders.size === 0) claims.delete(userId);
    return holders.size > 0;
  };
  return {
    mode: 'memory',
    async enter(userId, holder, ttlMs) {
      const now = clock();
      // A user whose claims all lapsed but who was not swept yet counts as offline: announce.
      const before = prune(userId, now);
      const holders = claims.get(userId) ?? new Map<string, number>();
      holders.set(holder, now + ttlMs);
      claims.set(userId, holders);
      return !before;
    },
    async leave(userId, holder) {
      if (!claims.get(userId)?.delete(holder)) return false;
      return !prune(userId, clock());
    },
    async sweep() {
      const now = clock();
      return [...claims.keys()].filter((userId) => !prune(userId, now));
    },
    async onlineUserIds() {
      const now = clock();
      return [...claims.keys()].filter((userId) => isLive(userId, now));
    },
    async close() {
      claims.clear();
    },
  };
};

const ONLINE = 'le:presence:online';
const USER_PREFIX = 'le:presence:u:';

// Shared Lua: recompute a user's newest live claim; 0 when none is left (and clean up then).
const REFRESH = `
local function refresh(hash, userId, now)
  local entries = redis.call('HGETALL', hash)
  local newest = 0
  for i = 1, #entries, 2 do
    local expiry = tonumber(entries[i + 1])
    if expiry <= now then
      redis.call('HDEL', hash, entries[i])
    elseif expiry > newest then
      newest = expiry
    end
  end
  if newest == 0 then
    redis.call('DEL', hash)
    return redis.call('ZREM', KEYS[1], userId) == 1 and -1 or 0
  end
  redis.call('PEXPIREAT', hash, newest)
  redis.call('ZADD', KEYS[1], newest, userId)
  return newest
end
`;

// KEYS: online set, user hash. ARGV: userId, holder, expiry, now. 1 when the user came online.
const ENTER = `${REFRESH}
local previous = tonumber(redis.call('ZSCORE', KEYS[1], ARGV[1]) or '0')
redis.call('HSET', KEYS[2], ARGV[2], ARGV[3])
refresh(KEYS[2], ARGV[1], tonumber(ARGV[4]))
if previous > tonumber(ARGV[4]) then return 0 end
return 1
`;

// KEYS: online set, user hash. ARGV: userId, holder, now. 1 when the user went offline.
const LEAVE = `${REFRESH}
if redis.call('HDEL', KEYS[2], ARGV[2]) == 0 then return 0 end
return refresh(KEYS[2], ARGV[1], tonumber(ARGV[3])) == -1 and 1 or 0
`;

// KEYS: online set. ARGV: now, user hash prefix. The users that went offline, once.
const SWEEP = `${REFRESH}
local gone = {}
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
for _, userId in ipairs(due) do
  if refresh(ARGV[2] .. userId, userId, tonumber(ARGV[1])) == -1 then table.insert(gone, userId) end
end
return gone
`;

interface PresenceRedis extends Redis {
  presenceEnter(online: string, hash: string, userId: string, holder: string, expiry: number, now: number): Promise<number>;
  presenceLeave(online: string, hash: string, userId: string, holder: string, now: number): Promise<number>;
  presenceSweep(online: string, now: number, prefix: string): Promise<string[]>;
}

/**
 * Presence in Redis. Its own connection fails fast while Redis is down (a presence update is
 * dropped, not queued for ever); the refresh loop of each holder restores the claims afterwards.
 */
export const redisPresence = (redisUrl: string, clock: () => number = Date.now): PresenceStore => {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 }) as PresenceRedis;
  redis.on('error', () => undefined); // reconnects by itself; callers see the failed command
  redis.defineCommand('presenceEnter', { numberOfKeys: 2, lua: ENTER });
  redis.defineCommand('presenceLeave', { numberOfKeys: 2, lua: LEAVE });
  redis.defineCommand('presenceSweep', { numberOfKeys: 1, lua: SWEEP });
  return {
    mode: 'redis',
    async enter(userId, holder, ttlMs) {
      const now = clock();
      return (await redis.presenceEnter(ONLINE, USER_PREFIX + userId, userId, holder, now + ttlMs, now)) === 1;
    },
    async leave(userId, holder) {
      return (await redis.presenceLeave(ONLINE, USER_PREFIX + userId, userId, holder, clock())) === 1;
    },
    async sweep() {
      return redis.presenceSweep(ONLINE, clock(), USER_PREFIX);
    },
    async onlineUserIds() {
      return redis.zrangebyscore(ONLINE, `(${clock()}`, '+inf');
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
};
