import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
/**
 * Stored uploads (services/uploads.ts). Public: profile photos, history images. Private: identity
 * photos and payment proofs, only for their owner and for admins (contract §5).
 */
declare const fileRoutes: FastifyPluginAsyncTypebox;
export default fileRoutes;
