import { REVOKED_SESSION_KEY, REVOKED_SESSION_TTL_SECONDS, ROOMS, USER_ROLE_KEY, type Role, type ServerToClientEvents } from '@le/contracts';
import { SERVER_EVENTS } from '@le/realtime-server';
import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import type { Server } from 'socket.io';
import { createKeyWriter, type KeyWriterLog } from './redis-writes';

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

/**
 * Standalone realtime processes confirm every handshake with the API (GET /api/auth/me), never
 * from Redis alone. What goes through Redis for them: the broadcasts; a word that a user or a
 * session changed (`SERVER_EVENTS`), published before the sockets drop on the same channel, so a
 * process forgets its short-lived answers before the reconnection asks; and two expiring keys, a
 * revoked session (a fast refusal) and the current role (for realtime processes of an older
 * release), written through `createKeyWriter` so that an outage delays them but never drops them.
 */
export const redisPublisher = (redis: Redis, options: { log?: KeyWriterLog } = {}): EventPublisher => {
  const emitter = new Emitter(redis);
  const keys = createKeyWriter(redis, { log: options.log });
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
      keys.set(REVOKED_SESSION_KEY(sessionId), '1', REVOKED_SESSION_TTL_SECONDS);
    },
    refreshUser(userId, role) {
      // The store already has the new role: the reconnection is told it by the API.
      emitter.serverSideEmit(SERVER_EVENTS.userRefreshed, userId);
      emitter.in(ROOMS.user(userId)).disconnectSockets(true);
      keys.set(USER_ROLE_KEY(userId), role, REVOKED_SESSION_TTL_SECONDS);
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
