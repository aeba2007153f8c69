import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, MemberPatchBody, MembersQuery, MembersResponse, UserResponse } from '@le/contracts/schemas';
import { badRequest } from '../../lib/errors';
import { decodePageCursor, encodePageCursor } from '../../lib/page-cursor';
import { toPublicUser } from '../../lib/public-user';
import { changeMember } from '../../services/member-changes';
import { announceMembership } from '../../services/membership-events';
import { adminErrors } from './schemas';
import { activityOrigin } from '../../lib/activity-origin';

export const MANAGE_MEMBERSHIP_PAGE = '/manage-membership';

/** The admin's member list and edits (search, filters, tier / end date / role). */
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
      const { before, user, changes } = await changeMember(users, {
        adminId: request.auth!.user._id,
        memberId: request.params.id,
        patch: request.body,
      });
      if (changes.length === 0) return { user: toPublicUser(user) };
      // Role, tier or end: the member's screens and socket rooms follow at once.
      announceMembership(app.realtime.publisher, user);
      await app.activity.record(activityOrigin(request), {
        page: MANAGE_MEMBERSHIP_PAGE,
        message: `Changed member ${before.username}: ${changes.join(', ')}`,
      });
      return { user: toPublicUser(user) };
    },
  );
};

export default memberRoutes;
