import type { FastifyInstance } from 'fastify';
/** A heartbeat of this browser session. */
export declare const touchPresence: (app: FastifyInstance, userId: string, sessionId: string) => Promise<void>;
/** The browser session said goodbye (logout, page unload). */
export declare const leavePresence: (app: FastifyInstance, userId: string, sessionId: string) => Promise<void>;
/** Users online now (a socket on any realtime process or a fresh heartbeat); empty if unknown. */
export declare const onlineUserIds: (app: FastifyInstance) => Promise<Set<string>>;
