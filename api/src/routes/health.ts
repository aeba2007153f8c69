import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HealthResponse } from '@le/contracts/schemas';

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/health', { schema: { response: { 200: HealthResponse } } }, async () => ({
    status: 'ok' as const,
    store: app.store.kind,
    realtime: app.realtime.publisher.mode === 'redis' ? ('redis' as const) : ('local' as const),
  }));
};

export default healthRoutes;
