import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { tooManyRequests } from '../../lib/errors';

/**
 * Limits are opt-in per route (see routes/auth). With Redis they are shared by every API
 * process; alone they live in memory.
 */
export default fp<{ redis: Redis | null; scale?: number }>(
  async (app, { redis, scale = 1 }) => {
    // RATE_LIMIT_SCALE multiplies every route's allowance in one place (routes name their own).
    if (scale !== 1) {
      app.addHook('onRoute', (route) => {
        const config = route.config as { rateLimit?: { max?: unknown } } | undefined;
        const limit = config?.rateLimit;
        // a new object: several routes may share one limit object, which must not be scaled twice
        if (limit && typeof limit.max === 'number') route.config = { ...config, rateLimit: { ...limit, max: limit.max * scale } };
      });
    }
    await app.register(rateLimit, {
      global: false,
      // While Redis is away the limits are not counted rather than every limited route failing.
      ...(redis ? { redis, nameSpace: 'le-rate-limit:', skipOnError: true } : {}),
      errorResponseBuilder: (_request, context) => {
        const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
        return tooManyRequests(`Too many requests. Please try again in ${seconds} seconds.`, seconds);
      },
    });
  },
  { name: 'rate-limit' },
);
