import { randomBytes } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { ClientToServerEvents, Role, ServerToClientEvents, SignalAccess } from '@le/contracts';
import { LIMITS, ROOMS } from '@le/contracts';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { memoryPresence, redisPresence, type PresenceStore } from './presence';
import { SERVER_EVENTS, type RealtimeServerSideEvents } from './server-events';

export { memoryPresence, redisPresence, type PresenceStore } from './presence';
export { SERVER_EVENTS, type RealtimeServerSideEvents } from './server-events';
export { confirmThroughApi, type ApiConfirmation, type ApiConfirmationOptions, type TokenClaims } from './confirm';

/** Who a socket belongs to; a guest has no user. */
export interface SocketIdentity {
  userId: string | null;
  sessionId: string | null;
  role: Role;
  /** When the token stops being valid (ms since epoch): the socket is dropped then. */
  expiresAt?: number;
  /** What the user may see of signals (contract §8), from the stored membership; none when absent. */
  signalAccess?: SignalAccess;
  /** When that access ends by itself (the membership's end, ms since epoch): the socket leaves its room then. */
  signalAccessEndsAt?: number | null;
}

/** Answers `authenticate` keeps, told when they go stale (see `confirmThroughApi`). */
export interface IdentityCache {
  /** The API refreshed this user (role or tier changed). */
  forgetUser(userId: string): void;
  /** The API ended this session. */
  forgetSession(sessionId: string): void;
  /** False while this process cannot hear Redis, where those messages come from: keep nothing then. */
  setListening(listening: boolean): void;
}

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
  close(): Promise<void>;
}

interface SocketData {
  identity: SocketIdentity;
}

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
  // The API's refreshes and ended sessions, each just before the sockets concerned drop.
  io.sockets.on(SERVER_EVENTS.userRefreshed, (userId) => {
    if (typeof userId === 'string') identityCache?.forgetUser(userId);
  });
  io.sockets.on(SERVER_EVENTS.sessionEnded, (sessionId) => {
    if (typeof sessionId === 'string') identityCache?.forgetSession(sessionId);
  });

  /**
   * Every signed-in socket here is checked again, as at its handshake (one check per token): one
   * whose session ended, whose user or role is not the same, or that cannot be checked now is
   * dropped (the client reconnects into the right rooms, or is refused). For when this process
   * may have missed the API's `disconnectSockets` (it could not hear Redis meanwhile).
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
        const changed = !now || now.userId !== was.userId || now.role !== was.role || (now.signalAccess ?? 'none') !== (was.signalAccess ?? 'none');
        if (!closed && socket.connected && changed) socket.disconnect(true);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
  };

  const redisClients: Redis[] = [];
  if (options.redisUrl) {
    const pub = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
    const sub = pub.duplicate();
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

  io.use((socket, next) => {
    options
      .authenticate(tokenOf(socket))
      .then((identity) => {
        if (!identity) return next(new Error('unauthorized'));
        socket.data.identity = identity;
        next();
      })
      // A failure to check (store or Redis away) is not a verdict on the token: the client may retry.
      .catch(() => next(new Error('unavailable')));
  });

  // Presence: this process vouches for every user with at least one socket here. Admins hear of
  // each online/offline edge once, whichever process (or API heartbeat) observed it.
  const presence = options.presence ?? (options.redisUrl ? redisPresence(options.redisUrl) : memoryPresence());
  const presenceTtl = options.presenceTtlMs ?? LIMITS.presenceTtlMs;
  const holder = `rt:${randomBytes(6).toString('hex')}`;
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
  io.on('connection', (socket: Socket<ClientToServerEvents, ServerToClientEvents, RealtimeServerSideEvents, SocketData>) => {
    const { identity } = socket.data;
    void socket.join(ROOMS.role(identity.role));
    if (identity.userId) void socket.join(ROOMS.user(identity.userId));
    if (identity.sessionId) void socket.join(ROOMS.session(identity.sessionId));
    // Signals go out once per audience (everything, the levels, the rest): the socket joins the
    // room of what its stored membership shows, and leaves it the moment the membership ends.
    const signalAccess = identity.signalAccess ?? 'none';
    if (signalAccess !== 'none') {
      const room = ROOMS.signals(signalAccess);
      void socket.join(room);
      const endsAt = identity.signalAccessEndsAt;
      if (endsAt !== undefined && endsAt !== null) {
        const cancel = runAt(endsAt, () => void socket.leave(room));
        socket.once('disconnect', cancel);
      }
    }

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
    /** Drops every socket and stops the engine; the HTTP server is left to its owner. */
    async close() {
      clearInterval(refresh);
      clearInterval(sweep);
      if (recheck) clearInterval(recheck);
      io.local.disconnectSockets(true);
      // The users of this process leave (and are announced) before the connections go.
      await Promise.all([...pending]);
      closed = true;
      io.engine.close();
      await Promise.all([...io._nsps.values()].map((namespace) => namespace.adapter.close()));
      await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
      if (!options.presence) await presence.close();
    },
  };
};
