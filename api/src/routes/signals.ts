import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  IdParams,
  SignalCloseBody,
  SignalDetail,
  SignalEventList,
  SignalEventsQuery,
  SignalLedgerCheckpoints,
  SignalLedgerPage,
  SignalLedgerQuery,
  SignalList,
  SignalListQuery,
  SignalOpenBody,
  SignalPatchBody,
  SignalResponse,
  SignalStats,
} from '@le/contracts/schemas';
import { SIGNAL_LEDGER, SIGNAL_RULES } from '@le/contracts';
import type { FastifyRequest } from 'fastify';
import { errorResponses } from './responses';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const DEFAULT_EVENTS = 200;
/** Admins open and manage a few signals a day; this only stops a runaway client. */
const writeLimit = { rateLimit: { max: 30, timeWindow: 60_000 } };

/**
 * The signals of contract §8. Reads are open to guests (a token, when sent, must be valid and then
 * decides the view); writes need an admin, read from the store.
 */
const signalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { signals } = app;

  const optionalAuth = async (request: FastifyRequest): Promise<void> => {
    if (request.headers.authorization) await app.authenticate(request, undefined as never);
  };
  const readerOf = (request: FastifyRequest) => request.auth?.user ?? null;
  const adminOnly = app.requireRole('admin');

  app.get(
    '/',
    { onRequest: optionalAuth, schema: { querystring: SignalListQuery, response: { 200: SignalList, ...errors } } },
    async (request) => {
      const { status = 'all', side, before, limit = SIGNAL_RULES.pageSize } = request.query;
      return signals.list(readerOf(request), { status, side: side ?? null, before: before ?? null, limit });
    },
  );

  app.get('/stats', { schema: { response: { 200: SignalStats, ...errors } } }, async () => signals.stats());

  app.get(
    '/ledger',
    { onRequest: optionalAuth, schema: { querystring: SignalLedgerQuery, response: { 200: SignalLedgerPage, ...errors } } },
    async (request) => signals.ledger(readerOf(request), request.query.after ?? 0, request.query.limit ?? SIGNAL_LEDGER.pageMax),
  );

  app.get('/ledger/checkpoints', { schema: { response: { 200: SignalLedgerCheckpoints, ...errors } } }, async () => signals.checkpoints());

  app.get(
    '/events',
    { onRequest: optionalAuth, schema: { querystring: SignalEventsQuery, response: { 200: SignalEventList, ...errors } } },
    async (request) => ({ events: await signals.events(readerOf(request), request.query.after ?? 0, request.query.limit ?? DEFAULT_EVENTS) }),
  );

  app.get(
    '/:id',
    { onRequest: optionalAuth, schema: { params: IdParams, response: { 200: SignalDetail, ...errors } } },
    async (request) => signals.detail(readerOf(request), request.params.id),
  );

  app.post(
    '/',
    { onRequest: adminOnly, config: writeLimit, schema: { body: SignalOpenBody, response: { 201: SignalResponse, ...errors } } },
    async (request, reply) => reply.code(201).send({ signal: await signals.open(request.auth!.user, request.body) }),
  );

  app.patch(
    '/:id',
    { onRequest: adminOnly, config: writeLimit, schema: { params: IdParams, body: SignalPatchBody, response: { 200: SignalResponse, ...errors } } },
    async (request) => ({ signal: await signals.update(request.auth!.user, request.params.id, request.body) }),
  );

  app.post(
    '/:id/close',
    { onRequest: adminOnly, config: writeLimit, schema: { params: IdParams, body: SignalCloseBody, response: { 200: SignalResponse, ...errors } } },
    async (request) => ({ signal: await signals.close(request.auth!.user, request.params.id, request.body.exitPrice) }),
  );

  app.post(
    '/:id/cancel',
    { onRequest: adminOnly, config: writeLimit, schema: { params: IdParams, response: { 200: SignalResponse, ...errors } } },
    async (request) => ({ signal: await signals.cancel(request.auth!.user, request.params.id) }),
  );
};

export default signalRoutes;
