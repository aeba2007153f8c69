import { REVOKED_SESSION_KEY, REVOKED_SESSION_TTL_SECONDS, ROOMS, USER_ROLE_KEY, type Role, type ServerToClientEvents } from '@le/contracts';
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
   * The user's stored role or tier changed: drop its sockets (every session, every process) so
   * they reconnect into the rooms of the new role. Not a revocation: the sessions stay signed in.
   */
  refreshUser(userId: string, role: Role): void;
}

export const localPublisher = (io: Server, mode: 'local' | 'redis' = 'local'): EventPublisher => ({
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
  refreshUser(userId) {
    // The one-process start resolves every handshake against the store: a reconnect gets the new role.
    io.in(ROOMS.user(userId)).disconnectSockets(true);
  },
});

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
      emitter.in(ROOMS.session(sessionId)).disconnectSockets(true);
      // A realtime process that only checks signatures refuses this session from now on.
      void redis.set(REVOKED_SESSION_KEY(sessionId), '1', 'EX', REVOKED_SESSION_TTL_SECONDS).catch(() => undefined);
    },
    refreshUser(userId, role) {
      // Standalone realtime processes only check signatures: they read the current role from this
      // key, written before the sockets drop so that their reconnection already sees it.
      void redis
        .set(USER_ROLE_KEY(userId), role, 'EX', REVOKED_SESSION_TTL_SECONDS)
        .catch(() => undefined)
        .then(() => emitter.in(ROOMS.user(userId)).disconnectSockets(true));
    },
  };
};

/** Until a realtime server is attached, events have nowhere to go. */
export const nullPublisher: EventPublisher = {
  mode: 'none',
  emit() {},
  emitExcept() {},
  disconnectSession() {},
  refreshUser() {},
};
