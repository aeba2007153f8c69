import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
/** The admin console's API: every route needs a signed-in admin, read from the store. */
declare const adminRoutes: FastifyPluginAsyncTypebox;
export default adminRoutes;
