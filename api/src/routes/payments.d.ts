import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
/**
 * POST /api/payments (contract §5): multipart `membershipTier`, `duration` and the transfer proof
 * `paymentProof` (a private image). The amount comes from the price table. One pending payment per
 * user: a second one → 409 (checked first, and held by a unique index against two at once).
 */
declare const paymentRoutes: FastifyPluginAsyncTypebox;
export default paymentRoutes;
