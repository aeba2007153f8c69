import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PaymentResponse } from '@le/contracts/schemas';
import { checkPaymentForm, refuseAdminPayer, submitPayment, toPaymentView, type PaymentChoice } from '../services/memberships';
import { UPLOAD_ERRORS } from '../services/uploads';

/** The form of POST /api/payments (read by the uploads service, shown in the docs). */
const PROOF_FORM = { fileField: 'paymentProof', fields: ['membershipTier', 'duration'] } as const;

/**
 * POST /api/payments (contract §5): multipart `membershipTier`, `duration` and the transfer proof
 * `paymentProof` (a private image). The amount comes from the price table. One pending payment per
 * user: a second one → 409 (checked first, and held by a unique index against two at once). The
 * rules are `submitPayment`'s (services/memberships.ts); the route receives the proof and answers.
 */
const paymentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      onRequest: app.authenticate,
      config: { rateLimit: { max: 20, timeWindow: 10 * 60_000 } },
      schema: { consumes: ['multipart/form-data'], multipartForm: { ...PROOF_FORM, required: PROOF_FORM.fields }, response: { 201: PaymentResponse, ...UPLOAD_ERRORS } },
    },
    async (request, reply) => {
      const user = request.auth!.user;
      refuseAdminPayer(user);
      let choice: PaymentChoice | undefined;
      const { file } = await app.uploads.receive(request, {
        ...PROOF_FORM,
        ownerId: user._id,
        visibility: 'private',
        kind: 'payment-proof',
        validateFields: async (sent) => {
          choice = await checkPaymentForm(app.store, user, sent);
        },
      });
      try {
        // a payment that started waiting since the check is refused by the unique index (409)
        const payment = await submitPayment(app.store, { user, choice: choice!, proofFileId: file._id });
        app.push.notify({ kind: 'payment', paymentId: payment._id, payerName: user.name, tier: payment.membershipTier, duration: payment.duration });
        return reply.code(201).send({ payment: toPaymentView(payment) });
      } catch (error) {
        await app.uploads.remove(file._id);
        throw error;
      }
    },
  );
};

export default paymentRoutes;
