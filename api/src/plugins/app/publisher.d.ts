import { type Role, type ServerToClientEvents } from '@le/contracts';
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
export declare const localPublisher: (io: Server, mode?: "local" | "redis") => EventPublisher;
export declare const redisPublisher: (redis: Redis) => EventPublisher;
/** Until a realtime server is attached, events have nowhere to go. */
export declare const nullPublisher: EventPublisher;
