import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GLOBAL_STREAM } from '@le/chat-core';
import {
  ChatEditBody,
  ChatEventList,
  ChatEventsQuery,
  ChatHideBody,
  ChatList,
  ChatMessageList,
  ChatMessageResponse,
  ChatPageQuery,
  ChatParams,
  ChatPostBody,
  ChatQuery,
  ChatResponse,
  ChatWithAdminResponse,
  IdParams,
  MessageIdParams,
  ReportBody,
  ReportReceiptResponse,
} from '@le/contracts/schemas';
import { viewerOf } from '../../services/chat';
import type { FastifyRequest } from 'fastify';
import { errorResponses, NoContent } from '../responses';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const DEFAULT_PAGE = 50;
const DEFAULT_EVENTS = 200;

/** Writes are limited per address; honest clients send a few messages a minute. */
const writeLimit = { rateLimit: { max: 60, timeWindow: 60_000 } };

const page = (query: { before?: number; limit?: number }) => ({ before: query.before ?? null, limit: query.limit ?? DEFAULT_PAGE });

/** The chat of spec §7 and contract §4–§6. Writes go through the chat core (`ChatCommands`), reads through `ChatQueries`. */
const chatRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { chatCommands: commands, chatQueries: queries } = app;

  /** Reads open to guests: a token, when sent, must be valid and then counts. */
  const optionalAuth = async (request: FastifyRequest): Promise<void> => {
    if (request.headers.authorization) await app.authenticate(request, undefined as never);
  };

  app.get(
    '/public',
    { schema: { querystring: ChatPageQuery, response: { 200: ChatMessageList, ...errors } } },
    async (request) => {
      const found = await queries.messages(null, GLOBAL_STREAM, page(request.query));
      return { messages: found.items, nextCursor: found.nextCursor, room: await commands.roomFor(viewerOf(null)) };
    },
  );

  app.get(
    '/events',
    { onRequest: optionalAuth, schema: { querystring: ChatEventsQuery, response: { 200: ChatEventList, ...errors } } },
    async (request) => {
      const { stream, after, limit } = request.query;
      const found = await queries.events(request.auth?.user ?? null, stream, after ?? 0, limit ?? DEFAULT_EVENTS);
      return { events: found.items, nextCursor: found.nextCursor };
    },
  );

  const signedIn: FastifyPluginAsyncTypebox = async (routes) => {
    routes.addHook('onRequest', app.authenticate);
    const userOf = (request: FastifyRequest) => request.auth!.user;

    routes.get(
      '/',
      { schema: { querystring: ChatQuery, response: { 200: ChatMessageList, ...errors } } },
      async (request) => {
        const stream = request.query.chatId ?? GLOBAL_STREAM;
        const found = await queries.messages(userOf(request), stream, page(request.query));
        // The room's settings beside the room's messages (contract §13).
        const room = stream === GLOBAL_STREAM ? { room: await commands.roomFor(viewerOf(userOf(request))) } : {};
        return { messages: found.items, nextCursor: found.nextCursor, ...room };
      },
    );

    routes.post(
      '/',
      { config: writeLimit, schema: { body: ChatPostBody, response: { 201: ChatMessageResponse, ...errors } } },
      // A retry with the same clientId replays the first answer (201 and the first message, contract
      // §4/§6), marked `Idempotent-Replayed: true` so a client can tell; nothing new is appended.
      async (request, reply) => {
        const { content, type, chatId, replyTo, clientId } = request.body;
        const { message, created } = await commands.post(userOf(request), {
          content,
          ...(type ? { type } : {}),
          ...(chatId ? { chatId } : {}),
          replyTo: replyTo ?? null,
          clientId: clientId ?? null,
        });
        if (!created) reply.header('idempotent-replayed', 'true');
        return reply.code(201).send({ message });
      },
    );

    // Anyone signed in reports a message of the room (contract §13); a few a minute at most.
    routes.post(
      '/:messageId/report',
      {
        config: { rateLimit: { max: 10, timeWindow: 60_000 } },
        schema: { params: MessageIdParams, body: ReportBody, response: { 201: ReportReceiptResponse, ...errors } },
      },
      async (request, reply) =>
        reply.code(201).send({ report: await app.moderation.report(userOf(request), request.params.messageId, request.body.reason) }),
    );

    routes.get(
      '/with-admin',
      { schema: { querystring: ChatPageQuery, response: { 200: ChatWithAdminResponse, ...errors } } },
      async (request) => queries.withAdmin(userOf(request), page(request.query)),
    );

    routes.post(
      '/with-admin',
      { config: writeLimit, schema: { response: { 200: ChatResponse, 201: ChatResponse, ...errors } } },
      async (request, reply) => {
        const { chat: summary, created } = await commands.openWithAdmin(userOf(request));
        return reply.code(created ? 201 : 200).send({ chat: summary });
      },
    );

    routes.get('/admin/chats', { schema: { response: { 200: ChatList, ...errors } } }, async (request) => {
      const chats = await queries.adminChats(userOf(request));
      // `online`: the chat's member has a socket on some realtime process or a fresh heartbeat.
      const online = await app.presence.userIds();
      return { chats: chats.map((summary) => ({ ...summary, online: summary.participants.some((p) => p.role !== 'admin' && online.has(p._id)) })) };
    });

    routes.get('/user/chats', { schema: { response: { 200: ChatList, ...errors } } }, async (request) => ({
      chats: await queries.userChats(userOf(request)),
    }));

    routes.post(
      '/:chatId/read',
      { config: writeLimit, schema: { params: ChatParams, response: { 204: NoContent, ...errors } } },
      async (request, reply) => {
        await commands.markRead(userOf(request), request.params.chatId);
        return reply.code(204).send(null);
      },
    );

    routes.patch(
      '/:id',
      { config: writeLimit, schema: { params: IdParams, body: ChatEditBody, response: { 200: ChatMessageResponse, ...errors } } },
      async (request) => ({ message: await commands.edit(userOf(request), request.params.id, request.body.content) }),
    );

    routes.patch(
      '/:id/hide',
      {
        config: writeLimit,
        // The body is optional: a bare PATCH toggles too.
        preValidation: async (request) => {
          if (request.body === undefined || request.body === null) request.body = {};
        },
        schema: { params: IdParams, body: ChatHideBody, response: { 200: ChatMessageResponse, ...errors } },
      },
      async (request) => ({
        message: await commands.toggleHidden(userOf(request), request.params.id, request.body?.context ?? null),
      }),
    );

    routes.delete(
      '/:id',
      { config: writeLimit, schema: { params: IdParams, response: { 204: NoContent, ...errors } } },
      async (request, reply) => {
        await commands.remove(userOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  };

  await app.register(signedIn);
};

export default chatRoutes;
