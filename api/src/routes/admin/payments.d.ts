import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
/** The payments queue (issue 3 /manage-membership): list, approve (optionally a custom amount), reject. */
declare const paymentRoutes: FastifyPluginAsyncTypebox;
export default paymentRoutes;
