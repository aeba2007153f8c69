import type { IncomingMessage } from 'node:http';
import type { Redis } from 'ioredis';

/**
 * Bounds on sockets (contract §10): at once from one client address (`MAX_SOCKETS_PER_ADDRESS`,
 * default 200: mobile carriers put many people behind one address), at once per signed-in user
 * (20), and handshakes from one address per 10 s. One address may otherwise open thousands of
 * sockets, each about 10 KB and each sent every event.
 *
 * Alone, counted in this process. With Redis, counted across every realtime process: a sorted
 * set per address and per user, `holder:socket` → when the claim lapses, renewed while the socket
 * lives, so the sockets of a process that died stop counting by themselves. While Redis is away,
 * each process counts its own (a bound that fails open is still a bound per process).
 */
export interface ConnectionLimits {
  maxSocketsPerAddress: number;
  maxSocketsPerUser: number;
  handshakesPer10s: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = { maxSocketsPerAddress: 200, maxSocketsPerUser: 20, handshakesPer10s: 240 };

/** What a refused handshake's `connect_error` says. */
export const TOO_MANY_CONNECTIONS = 'too many connections';

/**
 * The client's address as the API's rate limits read it (contract §2 TRUST_PROXY): the peer, and
 * `hops` proxies from the right of X-Forwarded-For, never an entry the client wrote further left.
 */
export const clientAddress = (request: IncomingMessage, hops: number): string => {
  const peer = request.socket.remoteAddress ?? 'unknown';
  if (hops <= 0) return peer;
  const header = request.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .reverse();
  const chain = [peer, ...forwarded];
  return chain[Math.min(hops, chain.length - 1)]!;
};

export interface Claim {
  /** Lets the slot go (the socket closed, or its handshake was refused later on). */
  release(): void;
}

export interface ConnectionCounter {
  /** A slot for one more socket from `address` (and `userId`); null when a bound is reached. */
  claim(socketId: string, address: string, userId: string | null): Promise<Claim | null>;
  /** One more handshake from `address`; false past the rate. */
  handshake(address: string): Promise<boolean>;
  close(): void;
}

const WINDOW_MS = 10_000;

const memoryCounter = (limits: ConnectionLimits): ConnectionCounter & { counts: Map<string, number> } => {
  const counts = new Map<string, number>();
  /** Per address, the moments of its handshakes within the last window (a sliding window). */
  const handshakes = new Map<string, number[]>();
  const add = (key: string, delta: number) => {
    const next = (counts.get(key) ?? 0) + delta;
    if (next <= 0) counts.delete(key);
    else counts.set(key, next);
  };
  return {
    counts,
    async claim(_socketId, address, userId) {
      const addressKey = `a:${address}`;
      const userKey = userId ? `u:${userId}` : null;
      if ((counts.get(addressKey) ?? 0) >= limits.maxSocketsPerAddress) return null;
      if (userKey && (counts.get(userKey) ?? 0) >= limits.maxSocketsPerUser) return null;
      add(addressKey, 1);
      if (userKey) add(userKey, 1);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          add(addressKey, -1);
          if (userKey) add(userKey, -1);
        },
      };
    },
    async handshake(address) {
      const now = Date.now();
      const recent = (handshakes.get(address) ?? []).filter((at) => at > now - WINDOW_MS);
      if (recent.length >= limits.handshakesPer10s) {
        handshakes.set(address, recent);
        return false;
      }
      recent.push(now);
      if (!handshakes.has(address) && handshakes.size > 50_000) {
        for (const [key, moments] of handshakes) if (moments.every((at) => at <= now - WINDOW_MS)) handshakes.delete(key);
      }
      handshakes.set(address, recent);
      return true;
    },
    close() {
      counts.clear();
      handshakes.clear();
    },
  };
};

/** KEYS: the address's set, the user's set (or ""). ARGV: now, lapse, member, max per address, max per user, ttl ms. */
const CLAIM = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
if KEYS[2] ~= '' then
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[1])
  if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[5]) then return 0 end
  redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3])
  redis.call('PEXPIRE', KEYS[2], ARGV[6])
end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[6])
return 1
`;

/** KEYS: the address's handshakes. ARGV: now, window start, member, max, window ms. A sliding window. */
const HANDSHAKE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[2])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1
`;

const CLAIM_TTL_MS = 90_000;
const RENEW_EVERY_MS = 30_000;
const addressKey = (address: string) => `le:sockets:a:${address}`;
const userKey = (userId: string) => `le:sockets:u:${userId}`;

export const redisCounter = (redis: Redis, holder: string, limits: ConnectionLimits): ConnectionCounter => {
  const local = memoryCounter(limits);
  /** This process's live claims, renewed while their sockets live. */
  const live = new Map<string, string[]>();
  const renew = setInterval(() => {
    if (redis.status !== 'ready' || live.size === 0) return;
    const lapse = Date.now() + CLAIM_TTL_MS;
    const pipeline = redis.pipeline();
    for (const [member, keys] of live) {
      for (const key of keys) {
        pipeline.zadd(key, 'XX', lapse, member);
        pipeline.pexpire(key, CLAIM_TTL_MS);
      }
    }
    void pipeline.exec().catch(() => undefined);
  }, RENEW_EVERY_MS);
  renew.unref();

  return {
    async claim(socketId, address, userId) {
      // Redis away: this process's own count is the bound meanwhile.
      if (redis.status !== 'ready') return local.claim(socketId, address, userId);
      const member = `${holder}:${socketId}`;
      const keys = [addressKey(address), userId ? userKey(userId) : ''];
      const now = Date.now();
      let granted: unknown;
      try {
        granted = await redis.eval(CLAIM, 2, keys[0]!, keys[1]!, now, now + CLAIM_TTL_MS, member, limits.maxSocketsPerAddress, limits.maxSocketsPerUser, CLAIM_TTL_MS);
      } catch {
        return local.claim(socketId, address, userId);
      }
      if (granted !== 1) return null;
      const held = keys.filter(Boolean);
      live.set(member, held);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          live.delete(member);
          const pipeline = redis.pipeline();
          for (const key of held) pipeline.zrem(key, member);
          void pipeline.exec().catch(() => undefined);
        },
      };
    },
    async handshake(address) {
      if (redis.status !== 'ready') return local.handshake(address);
      const now = Date.now();
      try {
        const allowed = await redis.eval(HANDSHAKE, 1, `le:handshakes:${address}`, now, now - WINDOW_MS, `${holder}:${now}:${Math.random()}`, limits.handshakesPer10s, WINDOW_MS);
        return allowed === 1;
      } catch {
        return local.handshake(address);
      }
    },
    close() {
      clearInterval(renew);
      local.close();
    },
  };
};

export const localCounter = (limits: ConnectionLimits): ConnectionCounter => memoryCounter(limits);
