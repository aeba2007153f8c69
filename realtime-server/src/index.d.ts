import type { Server as HttpServer } from 'node:http';
import type { ClientToServerEvents, Role, ServerToClientEvents } from '@le/contracts';
import { Server } from 'socket.io';
import { type PresenceStore } from './presence';
export { memoryPresence, redisPresence, type PresenceStore } from './presence';
/** Who a socket belongs to; a guest has no user. */
export interface SocketIdentity {
    userId: string | null;
    sessionId: string | null;
    role: Role;
    /** When the token stops being valid (ms since epoch): the socket is dropped then. */
    expiresAt?: number;
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
}
export interface RealtimeServer {
    io: Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
    mode: 'local' | 'redis';
    /** Online users, shared with the API of the same process (or through Redis). */
    presence: PresenceStore;
    close(): Promise<void>;
}
interface SocketData {
    identity: SocketIdentity;
}
/**
 * The Socket.IO server of contract §6. It keeps no records: sockets join one room per user, per
 * role and per session; the API decides what each room receives.
 */
export declare const createRealtimeServer: (options: RealtimeServerOptions) => Promise<RealtimeServer>;
