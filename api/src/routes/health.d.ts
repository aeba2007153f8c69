import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
declare const healthRoutes: FastifyPluginAsyncTypebox;
export default healthRoutes;
