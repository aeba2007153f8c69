import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  FiltersBody,
  FiltersResponse,
  IdParams,
  ModerationLog,
  ModerationLogQuery,
  ReportList,
  ReportResponse,
  ReportsQuery,
  ResolveReportBody,
  RoomBody,
  RoomResponse,
  TimeoutBody,
  TimeoutList,
  TimeoutResponse,
  UserIdParams,
} from '@le/contracts/schemas';
import { errorResponses, NoContent } from './responses';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** An admin acts a few times a minute; a script looping on these would flood the log. */
const writeLimit = { rateLimit: { max: 60, timeWindow: 60_000 } };
const readLimit = { rateLimit: { max: 240, timeWindow: 60_000 } };

/**
 * Moderation of the live room (contract §13), admins only (the role read from the store by
 * `requireRole`, and again by each decision). The report itself is `POST /chat/:messageId/report`.
 */
const moderationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { moderation } = app;
  app.addHook('onRequest', app.authenticate);
  app.addHook('preHandler', app.requireRole('admin'));
  const adminOf = (request: { auth: { user: Parameters<typeof moderation.timeOut>[0] } | null }) => request.auth!.user;

  app.get(
    '/reports',
    { config: readLimit, schema: { querystring: ReportsQuery, response: { 200: ReportList, ...errors } } },
    async (request) => moderation.reports({ status: request.query.status ?? 'open', ...request.query }),
  );

  app.post(
    '/reports/:id/resolve',
    { config: writeLimit, schema: { params: IdParams, body: ResolveReportBody, response: { 200: ReportResponse, ...errors } } },
    async (request) => ({ report: await moderation.resolve(adminOf(request), request.params.id, request.body) }),
  );

  app.get('/timeouts', { config: readLimit, schema: { response: { 200: TimeoutList, ...errors } } }, async () => ({
    timeouts: await moderation.activeTimeouts(),
  }));

  app.post(
    '/timeouts',
    { config: writeLimit, schema: { body: TimeoutBody, response: { 201: TimeoutResponse, ...errors } } },
    async (request, reply) => reply.code(201).send({ timeout: await moderation.timeOut(adminOf(request), request.body) }),
  );

  app.delete(
    '/timeouts/:userId',
    { config: writeLimit, schema: { params: UserIdParams, response: { 204: NoContent, ...errors } } },
    async (request, reply) => {
      await moderation.lift(adminOf(request), request.params.userId);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/room',
    { config: writeLimit, schema: { body: RoomBody, response: { 200: RoomResponse, ...errors } } },
    async (request) => ({ room: await moderation.updateRoom(adminOf(request), request.body) }),
  );

  app.get('/filters', { config: readLimit, schema: { response: { 200: FiltersResponse, ...errors } } }, async () => ({
    blockedTerms: await moderation.blockedTerms(),
  }));

  app.put(
    '/filters',
    { config: writeLimit, schema: { body: FiltersBody, response: { 200: FiltersResponse, ...errors } } },
    async (request) => ({ blockedTerms: await moderation.setBlockedTerms(adminOf(request), request.body.blockedTerms) }),
  );

  app.get(
    '/log',
    { config: readLimit, schema: { querystring: ModerationLogQuery, response: { 200: ModerationLog, ...errors } } },
    async (request) => moderation.log(request.query),
  );
};

export default moderationRoutes;
