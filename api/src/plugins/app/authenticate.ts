import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../../lib/errors';
import type { SessionRecord, UserRecord } from '../../store';

export interface TokenClaims {
  sub: string;
  sid: string;
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
export default fp(
  async (app) => {
    app.decorateRequest('auth', null);

    const resolveClaims = async (claims: TokenClaims): Promise<AuthContext | null> => {
      if (typeof claims.sub !== 'string' || typeof claims.sid !== 'string') return null;
      const session = await app.store.sessions.findLive(claims.sid);
      if (!session || session.userId !== claims.sub) return null;
      const user = await app.store.users.findById(claims.sub);
      if (!user || !user.emailVerified) return null;
      return { user, session };
    };

    app.decorate('resolveToken', async (token: string) => {
      try {
        return await resolveClaims(app.jwt.verify<TokenClaims>(token));
      } catch {
        return null;
      }
    });

    const authenticate = async (request: FastifyRequest): Promise<void> => {
      let claims: TokenClaims;
      try {
        claims = await request.jwtVerify<TokenClaims>();
      } catch {
        throw unauthorized();
      }
      const auth = await resolveClaims(claims);
      if (!auth) throw unauthorized('Your session has ended. Please sign in again.');
      request.auth = auth;
    };

    app.decorate('authenticate', authenticate);
    app.decorate(
      'requireRole',
      (...roles: UserRecord['role'][]) =>
        async (request: FastifyRequest) => {
          if (!request.auth) await authenticate(request);
          if (!roles.includes(request.auth!.user.role)) throw forbidden();
        },
    );
  },
  { name: 'authenticate', dependencies: ['core'] },
);
