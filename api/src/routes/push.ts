import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  IdParams,
  NotificationPreferencesBody,
  NotificationPreferencesResponse,
  PushDeviceList,
  PushEndpointBody,
  PushPublicKey,
  PushSubscriptionBody,
  PushSubscriptionResponse,
} from '@le/contracts/schemas';
import { errorResponses, NoContent } from './responses';

const errors = errorResponses(400, 401, 404, 429);
/** A browser subscribes a few times a day at most; this only stops a runaway client. */
const writeLimit = { rateLimit: { max: 30, timeWindow: 60_000 } };

/**
 * Web Push (contract §14): the VAPID public key (anyone), the signed-in caller's subscriptions,
 * each bound to the session that made it, and a test notification to the caller's devices.
 */
export const pushRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { push } = app;

  app.get('/public-key', { schema: { response: { 200: PushPublicKey } } }, async () => ({ publicKey: push.publicKey }));

  app.get('/subscriptions', { onRequest: app.authenticate, schema: { response: { 200: PushDeviceList, ...errors } } }, async (request) => {
    const { user, session } = request.auth!;
    return { subscriptions: await push.devices(user, session._id) };
  });

  app.post(
    '/subscriptions',
    { onRequest: app.authenticate, config: writeLimit, schema: { body: PushSubscriptionBody, response: { 200: PushSubscriptionResponse, 201: PushSubscriptionResponse, ...errors } } },
    async (request, reply) => {
      const { user, session } = request.auth!;
      const { subscription, created } = await push.subscribe(user, session._id, request.body, request.headers['user-agent'] ?? '');
      return reply.code(created ? 201 : 200).send({ subscription });
    },
  );

  app.delete(
    '/subscriptions',
    { onRequest: app.authenticate, config: writeLimit, schema: { body: PushEndpointBody, response: { 204: NoContent, ...errors } } },
    async (request, reply) => {
      await push.unsubscribe(request.auth!.user, request.body.endpoint);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/subscriptions/:id',
    { onRequest: app.authenticate, config: writeLimit, schema: { params: IdParams, response: { 204: NoContent, ...errors } } },
    async (request, reply) => {
      await push.removeDevice(request.auth!.user, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/test',
    { onRequest: app.authenticate, config: { rateLimit: { max: 5, timeWindow: 60_000 } }, schema: { response: { 202: NoContent, ...errors } } },
    async (request, reply) => {
      push.test(request.auth!.user);
      return reply.code(202).send(null);
    },
  );
};

/** The caller's switches, one per kind of notification (contract §14). */
export const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { push } = app;

  app.get('/preferences', { onRequest: app.authenticate, schema: { response: { 200: NotificationPreferencesResponse, ...errors } } }, async (request) => ({
    preferences: await push.preferences(request.auth!.user),
  }));

  app.put(
    '/preferences',
    { onRequest: app.authenticate, config: writeLimit, schema: { body: NotificationPreferencesBody, response: { 200: NotificationPreferencesResponse, ...errors } } },
    async (request) => ({ preferences: await push.setPreferences(request.auth!.user, request.body) }),
  );
};
