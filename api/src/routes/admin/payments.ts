import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminPaymentListResponse,
  AdminPaymentResponse,
  AdminPaymentsQuery,
  ApprovePaymentBody,
  ApprovePaymentResponse,
  IdParams,
  RejectPaymentBody,
} from '@le/contracts/schemas';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/errors';
import { decodePageCursor, encodePageCursor } from '../../lib/page-cursor';
import { toPublicUser } from '../../lib/public-user';
import { rupiah } from '../../services/activity';
import { approvePayment, rejectPayment, toAdminPaymentView, toPaymentView } from '../../services/memberships';
import type { PaymentDoc, UserRecord } from '../../store';
import { ROOMS } from '@le/contracts';
import { announceMembership } from '../../services/membership-events';
import { MANAGE_MEMBERSHIP_PAGE } from './members';
import { adminErrors } from './schemas';
import { activityOrigin, decisionPage } from '../../lib/activity-origin';

/** The member as the activity log names them: their name and username. */
const memberName = (user: Pick<UserRecord, 'name' | 'username'>): string => (user.name ? `${user.name} (@${user.username})` : `@${user.username}`);
const planOf = (payment: Pick<PaymentDoc, 'membershipTier' | 'duration'>): string => `${payment.membershipTier.toUpperCase()} ${payment.duration}`;

/** The payments queue (/manage-membership, and the inbox's side panel): list, approve (optionally a custom amount), reject. */
const paymentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { payments, users } = app.store;
  const decisionLimit = { rateLimit: { max: 120, timeWindow: 60_000 } };
  // Both bodies are optional: a request without one is read as {} and then validated.
  const emptyBodyAsObject = async (request: FastifyRequest) => {
    if (request.body === undefined || request.body === null) request.body = {};
  };

  app.get(
    '/payments',
    { schema: { querystring: AdminPaymentsQuery, response: { 200: AdminPaymentListResponse, ...adminErrors } } },
    async (request) => {
      const { status, userId, before: cursorText, limit = 100 } = request.query;
      const cursor = cursorText === undefined ? null : decodePageCursor(cursorText);
      if (cursor === null && cursorText !== undefined) throw badRequest('This page cursor is not valid.', 'BAD_CURSOR');
      const page = await payments.page({ status, userId, limit, before: cursor && { paymentDate: cursor.createdAt, id: cursor.id } });
      const found = page.payments;
      const payers = new Map((await users.findManyByIds([...new Set(found.map((payment) => payment.userId))])).map((user) => [user._id, user]));
      return {
        payments: found.map((payment) => toAdminPaymentView(payment, payers.get(payment.userId) ?? null)),
        nextCursor: page.next ? encodePageCursor({ createdAt: page.next.paymentDate, id: page.next.id }) : null,
      };
    },
  );

  app.post(
    '/payments/:id/approve',
    {
      config: decisionLimit,
      preValidation: emptyBodyAsObject,
      schema: {
        params: IdParams,
        body: ApprovePaymentBody,
        response: { 200: ApprovePaymentResponse, ...adminErrors },
      },
    },
    async (request) => {
      const admin = request.auth!.user;
      const { payment, user } = await approvePayment(app.store, { paymentId: request.params.id, adminId: admin._id, amount: request.body.amount });
      // The member's screens open up at once, and their sockets rejoin the rooms of the new rights
      // (the payment first: the rejoin drops the sockets).
      app.realtime.publisher.emit([ROOMS.user(user._id)], 'payment:decided', { payment: toPaymentView(payment) });
      announceMembership(app.realtime.publisher, user);
      const custom = payment.amount !== payment.expectedAmount ? ' (custom)' : '';
      await app.activity.record(activityOrigin(request), {
        page: decisionPage(request, MANAGE_MEMBERSHIP_PAGE),
        message: `Approved the payment of ${memberName(user)}: ${planOf(payment)}, ${rupiah(payment.amount)}${custom}`,
      });
      return { payment: toAdminPaymentView(payment, user), user: toPublicUser(user) };
    },
  );

  app.post(
    '/payments/:id/reject',
    {
      config: decisionLimit,
      preValidation: emptyBodyAsObject,
      schema: { params: IdParams, body: RejectPaymentBody, response: { 200: AdminPaymentResponse, ...adminErrors } },
    },
    async (request) => {
      const admin = request.auth!.user;
      const { payment } = await rejectPayment(app.store, { paymentId: request.params.id, adminId: admin._id, reason: request.body.reason });
      // The member's dashboard shows the rejection and its reason at once, as an approval.
      app.realtime.publisher.emit([ROOMS.user(payment.userId)], 'payment:decided', { payment: toPaymentView(payment) });
      const payer = await users.findById(payment.userId);
      await app.activity.record(activityOrigin(request), {
        page: decisionPage(request, MANAGE_MEMBERSHIP_PAGE),
        message: `Rejected the payment of ${payer ? memberName(payer) : payment.userId}: ${planOf(payment)}, ${rupiah(payment.amount)}. ${payment.reason ? `Reason: ${payment.reason}` : 'No reason given.'}`,
      });
      return { payment: toAdminPaymentView(payment, payer) };
    },
  );
};

export default paymentRoutes;
