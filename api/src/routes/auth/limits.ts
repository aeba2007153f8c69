import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../../lib/errors';

/** Per-IP limit of an auth route, counted per route. */
export const perIp = (max: number, minutes: number) => ({
  rateLimit: { max, timeWindow: minutes * 60_000 },
});

const typedAddress = (request: FastifyRequest): string => {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
};

/** The account the typed email or username names (its id), else what was typed. */
const accountKey = async (app: FastifyInstance, request: FastifyRequest): Promise<string> => {
  const typed = typedAddress(request);
  const user = typed === '' ? null : await app.store.users.findByLogin(typed);
  return user ? user._id : typed;
};

type Limiter = (request: FastifyRequest) => Promise<{ isAllowed: boolean; isExceeded: boolean; ttlInSeconds: number }>;

const limiterOf = (app: FastifyInstance, max: number, minutes: number, keyOf: (request: FastifyRequest) => Promise<string>): Limiter =>
  app.createRateLimit({ max: max * app.config.rateLimitScale, timeWindow: minutes * 60_000, keyGenerator: keyOf }) as Limiter;

/**
 * Per account AND address (contract §10): attempts at one account from one address are limited,
 * so nobody can lock the owner out from elsewhere. A preHandler, since the body is parsed by then;
 * it stacks on the route's per-IP limit. Email and username resolve to the same account.
 */
export const perAccount = (app: FastifyInstance, group: string, max: number, minutes: number) => {
  const limiter = limiterOf(app, max, minutes, async (request) => `${group}:${await accountKey(app, request)}:${request.ip}`);
  return async (request: FastifyRequest): Promise<void> => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) {
      const seconds = Math.max(1, result.ttlInSeconds);
      throw tooManyRequests(`Too many attempts for this account. Please try again in ${seconds} seconds.`, seconds);
    }
  };
};

/**
 * A cooldown per address string, whether or not an account has it (contract §5: the resend
 * cooldown), so it tells nothing about who is registered. `mark` counts a mail asked for that
 * address (sign-up, forgot password) without refusing anything; `check` refuses a resend inside
 * the cooldown with 429 and counts it too.
 */
export const addressCooldown = (app: FastifyInstance, seconds: number) => {
  const limiter = limiterOf(app, 1, seconds / 60, async (request) => `code-mail:${typedAddress(request)}`);
  return {
    mark: async (request: FastifyRequest): Promise<void> => {
      await limiter(request);
    },
    check: async (request: FastifyRequest): Promise<void> => {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        const wait = Math.max(1, result.ttlInSeconds);
        throw tooManyRequests(`Please wait ${wait} seconds before requesting a new code.`, wait);
      }
    },
  };
};

/** How long an attempt past an account's ceiling waits before it is answered. */
export const SLOW_DOWN_MS = 2_000;

/**
 * A ceiling per account over every address: past it, each attempt is answered after a pause
 * (a guessing botnet slows to a crawl) but never refused, so the owner still gets in.
 */
export const slowPerAccount = (app: FastifyInstance, group: string, max: number, minutes: number, pause = SLOW_DOWN_MS) => {
  const limiter = limiterOf(app, max, minutes, async (request) => `${group}:${await accountKey(app, request)}`);
  return async (request: FastifyRequest): Promise<void> => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) await new Promise((resolve) => setTimeout(resolve, pause));
  };
};
