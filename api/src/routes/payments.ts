import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DURATIONS, PAID_TIERS, type Duration, type PaidTier } from '@le/contracts';
import { PaymentResponse } from '@le/contracts/schemas';
import { badRequest, conflict, forbidden } from '../lib/errors';
import { newId } from '../lib/ids';
import { priceOf, toPaymentView } from '../services/memberships';
import { UPLOAD_ERRORS } from '../services/uploads';
import { DuplicateKeyError } from '../store';

const PENDING_EXISTS = 'You already have a payment waiting for validation. Please wait for the admin to review it.';

/**
 * POST /api/payments (contract §5): multipart `membershipTier`, `duration` and the transfer proof
 * `paymentProof` (a private image). The amount comes from the price table. One pending payment per
 * user: a second one → 409 (checked first, and held by a unique index against two at once).
 */
const paymentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      onRequest: app.authenticate,
      config: { rateLimit: { max: 20, timeWindow: 10 * 60_000 } },
      schema: { consumes: ['multipart/form-data'], response: { 201: PaymentResponse, ...UPLOAD_ERRORS } },
    },
    async (request, reply) => {
      const user = request.auth!.user;
      if (user.role === 'admin') throw forbidden('Admins do not need a membership.');
      const { file, fields } = await app.uploads.receive(request, {
        fileField: 'paymentProof',
        fields: ['membershipTier', 'duration'],
        ownerId: user._id,
        visibility: 'private',
        kind: 'payment-proof',
        validateFields: async (sent) => {
          if (!(PAID_TIERS as readonly string[]).includes(sent.membershipTier ?? '')) {
            throw badRequest(`Choose a membership tier: ${PAID_TIERS.join(', ')}.`, 'BAD_TIER');
          }
          if (!(DURATIONS as readonly string[]).includes(sent.duration ?? '')) {
            throw badRequest(`Choose a duration: ${DURATIONS.join(' or ')}.`, 'BAD_DURATION');
          }
          if (await app.store.payments.findPendingByUser(user._id)) throw conflict(PENDING_EXISTS, 'PAYMENT_PENDING');
        },
      });
      const membershipTier = fields.membershipTier as PaidTier;
      const duration = fields.duration as Duration;
      const now = new Date();
      const amount = priceOf(membershipTier, duration);
      try {
        const payment = await app.store.payments.create({
          _id: newId(),
          userId: user._id,
          membershipTier,
          duration,
          amount,
          expectedAmount: amount,
          status: 'pending',
          proofFileId: file._id,
          paymentDate: now,
          expiredDate: null,
          reason: null,
          reviewedBy: null,
          reviewedAt: null,
          updatedAt: now,
        });
        return reply.code(201).send({ payment: toPaymentView(payment) });
      } catch (error) {
        await app.uploads.remove(file._id);
        if (error instanceof DuplicateKeyError) throw conflict(PENDING_EXISTS, 'PAYMENT_PENDING');
        throw error;
      }
    },
  );
};

export default paymentRoutes;
