import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
/** Register, verify, sign in and recover: the routes that need no token. */
declare const publicAuthRoutes: FastifyPluginAsyncTypebox;
export default publicAuthRoutes;
