import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, MemberPatchBody, MembersQuery, MembersResponse, UserResponse } from '@le/contracts/schemas';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { decodePageCursor, encodePageCursor } from '../../lib/page-cursor';
import { toPublicUser } from '../../lib/public-user';
import { describeChanges, planMemberChange } from '../../services/member-changes';
import { adminErrors } from './schemas';

export const MANAGE_MEMBERSHIP_PAGE = '/manage-membership';

/** The admin's member list and edits (issue 3: search, filters, tier / end date / role). */
const memberRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { users } = app.store;

  app.get('/members', { schema: { querystring: MembersQuery, response: { 200: MembersResponse, ...adminErrors } } }, async (request) => {
    const { q, role, tier, before: cursorText, limit = 50 } = request.query;
    const before = cursorText === undefined ? null : decodePageCursor(cursorText);
    if (before === null && cursorText !== undefined) throw badRequest('This page cursor is not valid.', 'BAD_CURSOR');
    const found = await users.search({ q: q?.trim() || undefined, role, tier, before, limit });
    return { members: found.users.map(toPublicUser), nextCursor: found.next ? encodePageCursor(found.next) : null };
  });

  app.patch(
    '/members/:id',
    {
      config: { rateLimit: { max: 120, timeWindow: 60_000 } },
      schema: { params: IdParams, body: MemberPatchBody, response: { 200: UserResponse, ...adminErrors } },
    },
    async (request) => {
      const admin = request.auth!.user;
      const { tier, membershipTier, ...rest } = request.body;
      if (tier !== undefined && membershipTier !== undefined && tier !== membershipTier) {
        throw badRequest('tier and membershipTier disagree; send one of them.', 'BAD_TIER');
      }
      const input = { ...rest, membershipTier: membershipTier ?? tier };
      if (Object.values(input).every((value) => value === undefined)) throw badRequest('Nothing to change.', 'EMPTY_CHANGE');

      const current = await users.findById(request.params.id);
      if (!current) throw notFound('Member not found.');
      // An unverified account becomes a trial through its mailed code, not through the console.
      if (!current.emailVerified) throw conflict('This account has not verified its email yet.', 'NOT_VERIFIED');
      const next = planMemberChange(current, input);
      const changes = describeChanges(current, next);
      if (changes.length === 0) return { user: toPublicUser(current) };

      const demotesAdmin = current.role === 'admin' && next.role !== 'admin';
      if (demotesAdmin && current._id === admin._id) throw conflict('You cannot remove your own admin role.', 'SELF_DEMOTION');
      if (demotesAdmin && (await users.countAdmins()) <= 1) throw conflict('The last admin cannot be demoted.', 'LAST_ADMIN');

      const updated = await users.update(current._id, next);
      if (!updated) throw notFound('Member not found.');
      // Two admins demoting each other at once: whoever finds no admin left puts its change back.
      if (demotesAdmin && (await users.countAdmins()) === 0) {
        await users.update(current._id, { role: current.role, membershipTier: current.membershipTier, duration: current.duration, membershipEnd: current.membershipEnd });
        throw conflict('The last admin cannot be demoted.', 'LAST_ADMIN');
      }

      // The token's role claim only routes sockets: drop them so that they rejoin in the right rooms.
      if (current.role !== next.role || current.membershipTier !== next.membershipTier) {
        app.realtime.publisher.refreshUser(current._id, next.role);
      }
      await app.activity.record(request, {
        page: MANAGE_MEMBERSHIP_PAGE,
        message: `Changed member ${current.username}: ${changes.join(', ')}`,
      });
      return { user: toPublicUser(updated) };
    },
  );
};

export default memberRoutes;
