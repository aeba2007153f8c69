import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
/** The routes of a signed-in browser session. */
declare const sessionAuthRoutes: FastifyPluginAsyncTypebox;
export default sessionAuthRoutes;
