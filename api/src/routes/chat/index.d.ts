import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
/** The chat of spec §7 and contract §4–§6. Every write goes through the chat core (ChatService). */
declare const chatRoutes: FastifyPluginAsyncTypebox;
export default chatRoutes;
