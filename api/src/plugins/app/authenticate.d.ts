import type { SessionRecord, UserRecord } from '../../store';
export interface TokenClaims {
    sub: string;
    sid: string;
    /** A routing hint for standalone realtime processes; never used for authorization. */
    role?: string;
}
export interface AuthContext {
    user: UserRecord;
    session: SessionRecord;
}
declare module '@fastify/jwt' {
    interface FastifyJWT {
        payload: TokenClaims;
        user: TokenClaims;
    }
}
declare module 'fastify' {
    interface FastifyRequest {
        auth: AuthContext | null;
    }
    interface FastifyInstance {
        /** onRequest hook: a live session and its user from the store, or 401. */
        authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
        /** onRequest hook: like authenticate, then the stored role must be one of these. */
        requireRole: (...roles: UserRecord['role'][]) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
        /** Resolves a raw token as authenticate does; null when it is not valid now. */
        resolveToken: (token: string) => Promise<AuthContext | null>;
    }
}
/**
 * The token only names a session. Every request reads the session and the user from the store, so
 * a logout or a password reset takes effect at once and the role is never taken from the token.
 */
declare const _default: (app: import("fastify").FastifyInstance<import("fastify").RawServerDefault, import("http").IncomingMessage, import("http").ServerResponse<import("http").IncomingMessage>, import("fastify").FastifyBaseLogger, import("fastify").FastifyTypeProviderDefault>) => Promise<void>;
export default _default;
