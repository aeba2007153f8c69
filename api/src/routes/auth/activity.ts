import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ActivityListQuery, ActivityListResponse, LogActivityBody, MessageResponse } from '@le/contracts/schemas';
import { badRequest } from '../../lib/errors';
import { decodePageCursor, encodePageCursor } from '../../lib/page-cursor';
import { activityOrigin } from '../../lib/activity-origin';
import { toActivityLogEntry } from '../../services/activity';
import { perIp } from './limits';
import { errorResponses } from '../responses';

const errors = errorResponses(400, 401, 403, 429);

/**
 * The activity log (spec §2, §7): any visitor reports page visits (signed in or not); admins read
 * the log newest first, a page at a time, filtered by user and page.
 */
const activityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { activity } = app.store;

  app.post(
    '/log-activity',
    {
      config: perIp(120, 1),
      schema: { body: LogActivityBody, response: { 201: MessageResponse, ...errors } },
      // A visitor without a token is logged as a guest; a token that is sent must be good.
      onRequest: async (request, reply) => {
        if (request.headers.authorization !== undefined) await app.authenticate(request, reply);
      },
    },
    async (request, reply) => {
      // A visit is all a client may report: the server writes the sentence (admin actions are
      // written by the admin routes alone), so nobody can put words of their own into the log.
      const { ipAddress, page } = request.body;
      const recorded = await app.activity.recordVisit(activityOrigin(request), { ipAddress, page });
      if (!recorded) return reply.code(201).send({ message: 'Already recorded.' });
      return reply.code(201).send({ message: 'Recorded.' });
    },
  );

  app.get(
    '/log-activity',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        querystring: ActivityListQuery,
        response: {
          200: ActivityListResponse,
          ...errors,
        },
      },
    },
    async (request) => {
      const { user, page, before: cursorText, limit = 50 } = request.query;
      const before = cursorText === undefined ? null : decodePageCursor(cursorText);
      if (before === null && cursorText !== undefined) throw badRequest('This page cursor is not valid.', 'BAD_CURSOR');
      const found = await activity.list({ user: user?.trim() || undefined, page: page?.trim() || undefined, before, limit });
      return { logs: found.entries.map(toActivityLogEntry), nextCursor: found.next ? encodePageCursor(found.next) : null };
    },
  );
};

export default activityRoutes;
