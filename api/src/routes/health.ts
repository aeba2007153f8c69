import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Redis } from 'ioredis';
import { HealthResponse } from '@le/contracts/schemas';

/**
 * Contract §15: 200 while the process can serve, 503 while the store cannot write or be reached
 * (a probe write, not a read: a full disk still reads). Redis is named in `checks` but does not
 * fail the process: writes go on without it and events wait for it.
 */
const healthRoutes: FastifyPluginAsyncTypebox<{ redis: Redis | null }> = async (app, options) => {
  app.get('/health', { schema: { response: { 200: HealthResponse, 503: HealthResponse } } }, async (_request, reply) => {
    const store = await app.store.health.check();
    const redis = options.redis ? (options.redis.status === 'ready' ? ('ok' as const) : ('failing' as const)) : ('unused' as const);
    const status = store === 'ok' ? ('ok' as const) : ('failing' as const);
    void reply.code(status === 'ok' ? 200 : 503).header('cache-control', 'no-store');
    return {
      status,
      store: app.store.kind,
      realtime: app.realtime.publisher.mode === 'redis' ? ('redis' as const) : ('local' as const),
      checks: { store, redis },
    };
  });
};

export default healthRoutes;
