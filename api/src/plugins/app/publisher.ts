import { REVOKED_SESSION_KEY, REVOKED_SESSION_TTL_SECONDS, ROOMS, type ServerToClientEvents } from '@le/contracts';
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
  };
};

/** Until a realtime server is attached, events have nowhere to go. */
export const nullPublisher: EventPublisher = {
  mode: 'none',
  emit() {},
  emitExcept() {},
  disconnectSession() {},
};
