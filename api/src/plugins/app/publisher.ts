import { REVOKED_SESSION_KEY, REVOKED_SESSION_TTL_SECONDS, ROOMS, type ServerToClientEvents } from '@le/contracts';
import { roomMove, SERVER_EVENTS, type PresenceStore, type RealtimeServer, type UserRights } from '@le/realtime-server';
import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import type { Server } from 'socket.io';

/**
 * How the API reaches sockets: the in-process Socket.IO server when alone, the Redis emitter
 * when the realtime server runs in other processes. Rooms are the only addressing.
 */
export interface EventPublisher {
  readonly mode: 'local' | 'redis' | 'none';
  emit<E extends keyof ServerToClientEvents>(rooms: string[], event: E, ...args: Parameters<ServerToClientEvents[E]>): void;
  /** Sends to every connected socket, guests included, except those in any of `rooms`. */
  emitExcept<E extends keyof ServerToClientEvents>(rooms: string[], event: E, ...args: Parameters<ServerToClientEvents[E]>): void;
  /** Drops the sockets of a revoked session, on whichever process holds them. */
  disconnectSession(sessionId: string): void;
  /**
   * The user's stored rights changed (role, tier, the end of the membership): their sockets, on
   * every session and every process, move into the rooms of those rights through the adapter.
   * Nobody is disconnected; the sessions stay signed in.
   */
  moveUser(userId: string, rights: UserRights): void;
}

export const localPublisher = (server: Pick<RealtimeServer, 'io' | 'refreshUser'>, mode: 'local' | 'redis' = 'local'): EventPublisher => {
  // Untyped here: the payloads are checked by the EventPublisher signatures above.
  const io = server.io as unknown as Server;
  return {
    mode,
    emit(rooms, event, ...args) {
      if (rooms.length > 0) io.to(rooms).emit(event, ...(args as never[]));
    },
    emitExcept(rooms, event, ...args) {
      io.except(rooms).emit(event, ...(args as never[]));
    },
    disconnectSession(sessionId) {
      io.in(ROOMS.session(sessionId)).disconnectSockets(true);
    },
    moveUser(userId, rights) {
      // Other processes forget their answers and re-arm their timers; this one does it here.
      if (mode === 'redis') io.serverSideEmit(SERVER_EVENTS.userRefreshed, userId, rights);
      server.refreshUser(userId, rights);
      const { leave, join } = roomMove(rights);
      io.in(ROOMS.user(userId)).socketsLeave(leave);
      io.in(ROOMS.user(userId)).socketsJoin(join);
    },
  };
};

/**
 * Standalone realtime processes confirm every handshake with the API (GET /api/auth/me), never
 * from Redis alone. What goes through Redis for them: the broadcasts; a word that a user's rights
 * changed or a session ended (`SERVER_EVENTS`), published before the room moves or drops on the
 * same channel, so a process forgets its short-lived answers first; the room moves and drops
 * themselves (the emitter's `socketsLeave`/`socketsJoin`/`disconnectSockets`, applied by every
 * process's adapter); and one expiring key, a revoked session (a fast refusal), which ioredis's
 * offline queue holds while Redis is away (this connection retries without limit).
 */
export const redisPublisher = (redis: Redis): EventPublisher => {
  const emitter = new Emitter(redis);
  return {
    mode: 'redis',
    emit(rooms, event, ...args) {
      if (rooms.length > 0) emitter.to(rooms).emit(event, ...(args as never[]));
    },
    emitExcept(rooms, event, ...args) {
      emitter.except(rooms).emit(event, ...(args as never[]));
    },
    disconnectSession(sessionId) {
      // The session already ended in the store: a reconnection is refused by the API.
      emitter.serverSideEmit(SERVER_EVENTS.sessionEnded, sessionId);
      emitter.in(ROOMS.session(sessionId)).disconnectSockets(true);
      redis.set(REVOKED_SESSION_KEY(sessionId), '1', 'EX', REVOKED_SESSION_TTL_SECONDS).catch(() => undefined);
    },
    moveUser(userId, rights) {
      // The store already has the new rights; every process's sockets of the user move to them.
      emitter.serverSideEmit(SERVER_EVENTS.userRefreshed, userId, rights);
      const { leave, join } = roomMove(rights);
      emitter.in(ROOMS.user(userId)).socketsLeave(leave);
      emitter.in(ROOMS.user(userId)).socketsJoin(join);
    },
  };
};

/** How the API reaches sockets, and who is online (sockets and heartbeats, see services/presence.ts). */
export interface RealtimeServices {
  publisher: EventPublisher;
  presence: PresenceStore;
}

/** Without a realtime server (tests through inject), events have nowhere to go. */
export const nullPublisher: EventPublisher = {
  mode: 'none',
  emit() {},
  emitExcept() {},
  disconnectSession() {},
  moveUser() {},
};
