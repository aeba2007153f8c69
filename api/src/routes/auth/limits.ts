import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../../lib/errors';

/** Per-IP limit of an auth route, counted per route. */
export const perIp = (max: number, minutes: number) => ({
  rateLimit: { max, timeWindow: minutes * 60_000 },
});

const accountOf = (request: FastifyRequest): string => {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
};

/**
 * Per-account limit, whatever the address: a preHandler, since the body is parsed by then, and it
 * stacks on the per-IP limit of the route. The email or username is resolved to the account, so
 * switching between them counts against the same limit.
 */
export const perAccount = (app: FastifyInstance, group: string, max: number, minutes: number) => {
  const limiter = app.createRateLimit({
    max: max * app.config.rateLimitScale,
    timeWindow: minutes * 60_000,
    keyGenerator: async (request) => {
      const typed = accountOf(request);
      const user = typed === '' ? null : await app.store.users.findByLogin(typed);
      return `${group}:${user ? user._id : typed}`;
    },
  });
  return async (request: FastifyRequest): Promise<void> => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) {
      const seconds = Math.max(1, result.ttlInSeconds);
      throw tooManyRequests(`Too many attempts for this account. Please try again in ${seconds} seconds.`, seconds);
    }
  };
};
