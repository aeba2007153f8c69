import { randomBytes } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { ClientToServerEvents, ServerToClientEvents } from '@le/contracts';
import { LIMITS, ROOMS } from '@le/contracts';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { clientAddress, DEFAULT_CONNECTION_LIMITS, localCounter, redisCounter, TOO_MANY_CONNECTIONS, type ConnectionCounter, type ConnectionLimits } from './connection-limits';
import { memoryPresence, redisPresence, type PresenceStore } from './presence';
import { logRedisOutages, type OutageLog } from './redis-outages';
import { SERVER_EVENTS, type RealtimeServerSideEvents } from './server-events';
import type { IdentityCache, SocketIdentity, UserRights } from './identity';
import { roomMove, rightsRooms } from './rooms';

export { memoryPresence, redisPresence, type PresenceStore } from './presence';
export { SERVER_EVENTS, type RealtimeServerSideEvents } from './server-events';
export { logRedisOutages, type OutageLog } from './redis-outages';
export { DEFAULT_CONNECTION_LIMITS, TOO_MANY_CONNECTIONS, clientAddress, type ConnectionLimits } from './connection-limits';
export type { IdentityCache, SocketIdentity, UserRights } from './identity';
export { rightsRooms, roomMove, RIGHTS_ROOMS } from './rooms';
export { confirmThroughApi, type ApiConfirmation, type ApiConfirmationOptions, type TokenClaims } from './confirm';

export interface RealtimeServerOptions {
  /** The HTTP server to attach to (the API's in the one-process start, a bare one otherwise). */
  httpServer: HttpServer;
  /**
   * Turns the handshake token into an identity; null rejects the connection ('unauthorized').
   * Called with undefined for a guest (no token), which should be allowed. Throwing means the
   * token could not be checked now ('unavailable': the client retries later).
   */
  authenticate: (token: string | undefined) => Promise<SocketIdentity | null>;
  /** What `authenticate` keeps, if anything: told of the API's refreshes and ended sessions. */
  identityCache?: IdentityCache;
  /** With a Redis URL, every process shares rooms and broadcasts through the Redis adapter. */
  redisUrl?: string | null;
  /** Origins allowed to open a socket; the default allows only same-origin pages. */
  allowedOrigins?: string[];
  /** Largest message a client may send, in bytes (default 16 KiB). */
  maxHttpBufferSize?: number;
  /**
   * Sockets at once per client address and per signed-in user, handshakes per address per 10 s
   * (contract §10); counted across processes through Redis with a Redis URL.
   */
  connectionLimits?: Partial<ConnectionLimits>;
  /** Where a Redis outage is told, once per outage (the console by default). */
  log?: OutageLog;
  /** Proxy hops to trust for the client address (TRUST_PROXY), as the API's rate limits count them. */
  trustProxy?: number;
  /** Client events allowed per socket per 10 s before the socket is dropped (default 50). */
  maxEventsPer10s?: number;
  /** Where online users are kept; by default in Redis with a Redis URL, in this process otherwise. */
  presence?: PresenceStore;
  /** How long one claim of this process keeps a user online, and how often it is renewed. */
  presenceTtlMs?: number;
  presenceRefreshMs?: number;
  /** How often lapsed claims are swept (and their users announced offline). */
  presenceSweepMs?: number;
  /**
   * With an `identityCache` (a standalone process): how often every signed-in socket is confirmed
   * again (default 5 minutes), for a drop message lost while this process still heard Redis.
   */
  reconfirmMs?: number;
}

export interface RealtimeServer {
  io: Server<ClientToServerEvents, ServerToClientEvents, RealtimeServerSideEvents, SocketData>;
  mode: 'local' | 'redis';
  /** Online users, shared with the API of the same process (or through Redis). */
  presence: PresenceStore;
  /**
   * The user's stored rights changed: this process's sockets of theirs take them (rooms, the
   * moment the signals' room ends) without a reconnect. Other processes hear it through Redis.
   */
  refreshUser(userId: string, rights: UserRights): void;
  close(options?: { reconnect?: boolean }): Promise<void>;
}

interface SocketData {
  identity: SocketIdentity;
  address: string;
  /** Cancels the timer that takes the socket out of its signals' room when the access ends. */
  cancelSignalsEnd?: () => void;
}

type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, RealtimeServerSideEvents, SocketData>;

/** Leaves the signals' room the moment the access ends (re-armed whenever the rights change). */
const armSignalsEnd = (socket: RealtimeSocket): void => {
  socket.data.cancelSignalsEnd?.();
  socket.data.cancelSignalsEnd = undefined;
  const { signalAccess = 'none', signalAccessEndsAt } = socket.data.identity;
  if (signalAccess === 'none' || signalAccessEndsAt === undefined || signalAccessEndsAt === null) return;
  const room = ROOMS.signals(signalAccess);
  socket.data.cancelSignalsEnd = runAt(signalAccessEndsAt, () => void socket.leave(room));
};

/** Moves a live socket into the rooms of new rights, as its identity from now on: nobody is disconnected. */
const applyRights = (socket: RealtimeSocket, rights: UserRights): void => {
  const { leave, join } = roomMove(rights);
  for (const room of leave) void socket.leave(room);
  for (const room of join) void socket.join(room);
  socket.data.identity = { ...socket.data.identity, role: rights.role, signalAccess: rights.signalAccess, signalAccessEndsAt: rights.signalAccessEndsAt };
  armSignalsEnd(socket);
};

/** One per process, so that its connections tell one outage once (redis-outages.ts). */
const consoleOutageLog: OutageLog = {
  warn: (message) => process.stderr.write(`${message}\n`),
  info: (message) => process.stdout.write(`${message}\n`),
};

const tokenOf = (socket: { handshake: { auth?: unknown } }): string | undefined => {
  const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  return typeof token === 'string' && token !== '' ? token : undefined;
};

const sameOrigin = (origin: string | undefined, host: string | undefined): boolean => {
  if (!origin || !host) return true; // non-browser clients send no Origin
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
};

/**
 * Runs `work` at the moment `at` (ms since epoch), at once when it has passed. A timer waits at
 * most 2^31-1 ms (about 24.8 days), so a later moment is reached in steps. Returns the cancel.
 */
export const runAt = (at: number, work: () => void): (() => void) => {
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    const left = at - Date.now();
    if (left <= 0) {
      timer = undefined;
      work();
      return;
    }
    timer = setTimeout(arm, Math.min(2 ** 31 - 1, left));
    timer.unref();
  };
  arm();
  return () => clearTimeout(timer);
};

/**
 * The Socket.IO server of contract §6. It keeps no records: sockets join one room per user, per
 * role and per session; the API decides what each room receives.
 */
export const createRealtimeServer = async (options: RealtimeServerOptions): Promise<RealtimeServer> => {
  const io = new Server<ClientToServerEvents, ServerToClientEvents, RealtimeServerSideEvents, SocketData>(
    options.httpServer,
    {
      path: '/socket.io',
      serveClient: false,
      maxHttpBufferSize: options.maxHttpBufferSize ?? 16 * 1024,
      allowRequest: (req, callback) => {
        const origin = req.headers.origin;
        const allowed =
          sameOrigin(origin, req.headers.host) || (origin !== undefined && (options.allowedOrigins ?? []).includes(origin));
        callback(allowed ? null : 'origin not allowed', allowed);
      },
    },
  );

  let closed = false;
  const { identityCache } = options;
  const refreshUser = (userId: string, rights: UserRights) => {
    for (const socket of io.of('/').sockets.values()) if (socket.data.identity?.userId === userId) applyRights(socket, rights);
  };
  // The API's refreshes and ended sessions, each before the moves or drops that follow them.
  io.sockets.on(SERVER_EVENTS.userRefreshed, (userId, rights) => {
    if (typeof userId !== 'string') return;
    identityCache?.forgetUser(userId);
    if (rights && typeof rights === 'object' && typeof rights.role === 'string') refreshUser(userId, rights);
  });
  io.sockets.on(SERVER_EVENTS.sessionEnded, (sessionId) => {
    if (typeof sessionId === 'string') identityCache?.forgetSession(sessionId);
  });

  /**
   * Every signed-in socket here is checked again, as at its handshake (one check per token): one
   * whose session ended, whose user is not the same, or that cannot be checked now is dropped (the
   * client reconnects, or is refused); one whose rights changed moves into the rooms of the new
   * ones. For when this process may have missed the API's word (it could not hear Redis meanwhile).
   */
  const reconfirm = async (dropUnchecked = true) => {
    const checks = new Map<string, Promise<SocketIdentity | null | undefined>>();
    const queue = [...io.of('/').sockets.values()].filter((socket) => socket.data.identity?.userId);
    const worker = async () => {
      for (let socket = queue.shift(); socket; socket = queue.shift()) {
        const token = tokenOf(socket);
        if (!token) continue;
        let check = checks.get(token);
        if (!check) {
          check = options.authenticate(token).catch(() => undefined);
          checks.set(token, check);
        }
        const now = await check;
        const was = socket.data.identity;
        // the periodic round keeps a socket it could not check now (an API blip must not drop everyone)
        if (now === undefined && !dropUnchecked) continue;
        if (closed || !socket.connected) continue;
        if (!now || now.userId !== was.userId) socket.disconnect(true);
        else if (now.role !== was.role || (now.signalAccess ?? 'none') !== (was.signalAccess ?? 'none') || now.signalAccessEndsAt !== was.signalAccessEndsAt) {
          applyRights(socket, { role: now.role, signalAccess: now.signalAccess ?? 'none', signalAccessEndsAt: now.signalAccessEndsAt ?? null });
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
  };

  const redisClients: Redis[] = [];
  if (options.redisUrl) {
    const pub = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
    const sub = pub.duplicate();
    const outageLog = options.log ?? consoleOutageLog;
    logRedisOutages(pub, 'adapter publish', outageLog);
    logRedisOutages(sub, 'adapter subscribe', outageLog);
    redisClients.push(pub, sub);
    io.adapter(createAdapter(pub, sub));
    // Broadcasts published while this process could not hear Redis are gone; once its
    // subscriptions are back, every signed-in socket is confirmed again (a logout or a demotion
    // may have gone unheard) and its clients are told to read their streams forward.
    let lostRedis = false;
    identityCache?.setListening(false);
    sub.on('close', () => {
      if (!lostRedis) identityCache?.setListening(false);
      lostRedis = true;
    });
    sub.on('ready', () => {
      identityCache?.setListening(true);
      if (!lostRedis) return;
      lostRedis = false;
      void reconfirm();
      setTimeout(() => io.local.emit('chat:resync'), 200).unref();
    });
  }

  const holder = `rt:${randomBytes(6).toString('hex')}`;
  const limits = { ...DEFAULT_CONNECTION_LIMITS, ...options.connectionLimits };
  // A whole address's sockets may come back at once after a restart: the rate follows the bound.
  if (options.connectionLimits?.handshakesPer10s === undefined) {
    limits.handshakesPer10s = Math.max(DEFAULT_CONNECTION_LIMITS.handshakesPer10s, Math.ceil(limits.maxSocketsPerAddress * 1.2));
  }
  const counter: ConnectionCounter = redisClients[0] ? redisCounter(redisClients[0], holder, limits) : localCounter(limits);

  // The rate and the address's bound first: a refused handshake costs no session check.
  io.use((socket, next) => {
    const address = clientAddress(socket.request, options.trustProxy ?? 0);
    socket.data.address = address;
    counter.handshake(address).then(
      (allowed) => next(allowed ? undefined : new Error(TOO_MANY_CONNECTIONS)),
      () => next(),
    );
  });

  io.use((socket, next) => {
    options
      .authenticate(tokenOf(socket))
      .then(async (identity) => {
        if (!identity) return next(new Error('unauthorized'));
        socket.data.identity = identity;
        const claim = await counter.claim(socket.id, socket.data.address, identity.userId);
        if (!claim) return next(new Error(TOO_MANY_CONNECTIONS));
        // The engine's connection, not the socket: it closes however the handshake ends.
        if (socket.conn.readyState !== 'open') claim.release();
        else socket.conn.once('close', () => claim.release());
        next();
      })
      // A failure to check (store or Redis away) is not a verdict on the token: the client may retry.
      .catch(() => next(new Error('unavailable')));
  });

  // Presence: this process vouches for every user with at least one socket here. Admins hear of
  // each online/offline edge once, whichever process (or API heartbeat) observed it.
  const presence = options.presence ?? (options.redisUrl ? redisPresence(options.redisUrl) : memoryPresence());
  const presenceTtl = options.presenceTtlMs ?? LIMITS.presenceTtlMs;
  const localSockets = new Map<string, number>();
  const pending = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };
  const announce = (userId: string, online: boolean) => {
    if (!closed) io.to(ROOMS.role('admin')).emit('presence:changed', { userId, online });
  };
  const enter = (userId: string) =>
    track(
      presence.enter(userId, holder, presenceTtl).then(
        (cameOnline) => cameOnline && announce(userId, true),
        () => undefined, // Redis away: the next refresh restores the claim
      ),
    );
  const refresh = setInterval(() => {
    for (const userId of localSockets.keys()) enter(userId);
  }, options.presenceRefreshMs ?? LIMITS.heartbeatMs);
  const sweep = setInterval(() => {
    track(
      presence.sweep().then(
        (gone) => gone.forEach((userId) => announce(userId, false)),
        () => undefined,
      ),
    );
  }, options.presenceSweepMs ?? 15_000);
  refresh.unref();
  sweep.unref();
  // A drop the API sent can still be lost (its process crashed between the store write and the
  // publish): a standalone process asks again now and then, so no socket keeps old rooms for long.
  const recheck = identityCache ? setInterval(() => void reconfirm(false), options.reconfirmMs ?? 5 * 60_000) : null;
  recheck?.unref();

  const maxEvents = options.maxEventsPer10s ?? 50;
  io.on('connection', (socket: RealtimeSocket) => {
    const { identity } = socket.data;
    // Signals go out once per audience (everything, the levels, the rest): the socket joins the
    // room of what its stored membership shows, and leaves it the moment the membership ends.
    for (const room of rightsRooms(identity)) void socket.join(room);
    if (identity.userId) void socket.join(ROOMS.user(identity.userId));
    if (identity.sessionId) void socket.join(ROOMS.session(identity.sessionId));
    armSignalsEnd(socket);
    socket.once('disconnect', () => socket.data.cancelSignalsEnd?.());

    const { userId } = identity;
    if (userId) {
      const count = (localSockets.get(userId) ?? 0) + 1;
      localSockets.set(userId, count);
      if (count === 1) enter(userId);
      socket.once('disconnect', () => {
        const left = (localSockets.get(userId) ?? 1) - 1;
        if (left > 0) {
          localSockets.set(userId, left);
          return;
        }
        localSockets.delete(userId);
        track(
          presence.leave(userId, holder).then(
            (wentOffline) => wentOffline && announce(userId, false),
            () => undefined, // the claim lapses by itself
          ),
        );
      });
    }

    // A token is checked once, at the handshake: the socket does not outlive it.
    if (identity.expiresAt !== undefined) {
      socket.once('disconnect', runAt(identity.expiresAt, () => socket.disconnect(true)));
    }

    // A socket that floods is dropped; honest clients send a handful of events a minute.
    let windowStart = Date.now();
    let count = 0;
    socket.use((_event, next) => {
      const now = Date.now();
      if (now - windowStart > 10_000) {
        windowStart = now;
        count = 0;
      }
      count += 1;
      if (count > maxEvents) {
        socket.disconnect(true);
        return;
      }
      next();
    });

    socket.on('ping', (ack) => {
      if (typeof ack === 'function') ack({ at: new Date().toISOString() });
    });
  });

  return {
    io,
    mode: options.redisUrl ? 'redis' : 'local',
    presence,
    refreshUser,
    /**
     * Drops every socket and stops the engine; the HTTP server is left to its owner. With
     * `reconnect` (a drain: SIGTERM) the connections are closed under the sockets rather than
     * the sockets ended: clients see "transport close", which Socket.IO answers by reconnecting
     * on its own randomised back-off (to another process when scaled), not all at one instant.
     */
    async close(how: { reconnect?: boolean } = {}) {
      clearInterval(refresh);
      clearInterval(sweep);
      if (recheck) clearInterval(recheck);
      if (how.reconnect) io.engine.close();
      else io.local.disconnectSockets(true);
      // The users of this process leave (and are announced) before the connections go.
      await Promise.all([...pending]);
      closed = true;
      io.engine.close();
      counter.close();
      await Promise.all([...io._nsps.values()].map((namespace) => namespace.adapter.close()));
      await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
      if (!options.presence) await presence.close();
    },
  };
};
