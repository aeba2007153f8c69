import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
declare const authRoutes: FastifyPluginAsyncTypebox;
export default authRoutes;
