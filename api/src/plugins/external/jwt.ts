import jwt from '@fastify/jwt';
import fp from 'fastify-plugin';

export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

/** HS256 only, always with an expiry. */
export default fp<{ secret: string }>(
  async (app, { secret }) => {
    await app.register(jwt, {
      secret,
      sign: { algorithm: 'HS256', expiresIn: TOKEN_LIFETIME_SECONDS },
      verify: { algorithms: ['HS256'], requiredClaims: ['exp', 'sub', 'sid'] },
    });
  },
  { name: 'jwt' },
);
