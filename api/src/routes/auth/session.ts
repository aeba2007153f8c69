import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ChangePasswordBody,
  IdParams,
  MessageResponse,
  RevokeOthersResponse,
  SessionBody,
  SessionList,
  UserResponse,
} from '@le/contracts/schemas';
import { toPublicUser } from '../../lib/public-user';
import { perIp } from './limits';
import { errorResponses, NoContent } from '../responses';

const errors = errorResponses(400, 401, 404, 429);

/** The routes of a signed-in browser session. */
const sessionAuthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The unload beacon cannot send a token or always set a JSON type: it identifies the browser
  // session by id alone and only marks it offline, so it needs nothing more.
  const beaconRoutes: FastifyPluginAsyncTypebox = async (beacon) => {
    const parseJson = beacon.getDefaultJsonParser('error', 'error');
    beacon.addContentTypeParser('text/plain', { parseAs: 'string' }, parseJson);
    beacon.post(
      '/session/end',
      { config: perIp(120, 1), schema: { body: SessionBody, response: { 204: NoContent, ...errors } } },
      async (request, reply) => {
        await app.accounts.leaveBrowser(request.body.sessionId);
        return reply.code(204).send(null);
      },
    );
  };

  const signedInRoutes: FastifyPluginAsyncTypebox = async (signedIn) => {
    signedIn.addHook('onRequest', app.authenticate);

    signedIn.get('/me', { schema: { response: { 200: UserResponse, ...errors } } }, async (request) => ({
      user: { ...toPublicUser(request.auth!.user), timedOutUntil: await app.moderation.timedOutUntil(request.auth!.user._id) },
    }));

    // A browser signs out once; a script looping on it would only burn store writes.
    signedIn.post('/logout', { config: perIp(60, 1), schema: { response: { 200: MessageResponse, ...errors } } }, async (request) => {
      await app.accounts.endSession(request.auth!.session);
      return { message: 'You have been signed out.' };
    });

    signedIn.post(
      '/heartbeat',
      // Every 30 s per tab; generous for many tabs and shared addresses.
      { config: perIp(600, 1), schema: { body: SessionBody, response: { 204: NoContent, ...errors } } },
      async (request, reply) => {
        const { user, session } = request.auth!;
        await app.accounts.heartbeat(user, session, request.body.sessionId);
        return reply.code(204).send(null);
      },
    );
  };

  /** Contract §10: the caller's signed-in browsers, and ending them. */
  const sessionRoutes: FastifyPluginAsyncTypebox = async (signedIn) => {
    signedIn.addHook('onRequest', app.authenticate);

    signedIn.get('/sessions', { schema: { response: { 200: SessionList, ...errors } } }, async (request) => {
      const { user, session: current } = request.auth!;
      const live = await app.accounts.listSessions(user);
      return {
        sessions: live.map((session) => ({
          _id: session._id,
          current: session._id === current._id,
          createdAt: session.createdAt.toISOString(),
          lastSeenAt: session.lastSeenAt.toISOString(),
          ip: session.ip,
          userAgent: session.userAgent,
        })),
      };
    });

    signedIn.delete(
      '/sessions/:id',
      { config: perIp(60, 1), schema: { params: IdParams, response: { 204: NoContent, ...errors } } },
      async (request, reply) => {
        await app.accounts.endOwnSession(request.auth!.user, request.params.id);
        return reply.code(204).send(null);
      },
    );

    signedIn.post(
      '/sessions/revoke-others',
      { config: perIp(30, 1), schema: { response: { 200: RevokeOthersResponse, ...errors } } },
      async (request) => ({ revoked: await app.accounts.endOtherSessions(request.auth!.user, request.auth!.session._id) }),
    );

    signedIn.post(
      '/change-password',
      { config: perIp(10, 10), schema: { body: ChangePasswordBody, response: { 200: MessageResponse, ...errors } } },
      async (request) => {
        const { user, session } = request.auth!;
        await app.accounts.changePassword(user, session._id, request.body.currentPassword, request.body.newPassword);
        return { message: 'Your password has been changed. Your other devices are signed out.' };
      },
    );
  };

  await app.register(beaconRoutes);
  await app.register(sessionRoutes);
  await app.register(signedInRoutes);
};

export default sessionAuthRoutes;
