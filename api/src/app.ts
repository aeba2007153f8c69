import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Config } from './config';
import { asRuleError, statusOf } from './lib/errors';
import authenticate from './plugins/app/authenticate';
import core from './plugins/app/core';
import type { Mailer } from './plugins/app/mailer';
import realtime, { type RealtimeMode } from './plugins/app/realtime';
import services from './plugins/app/services';
import apiDocs from './plugins/external/api-docs';
import jwt from './plugins/external/jwt';
import multipart from './plugins/external/multipart';
import rateLimit from './plugins/external/rate-limit';
import security from './plugins/external/security';
import webApp, { ASSETS_PREFIX } from './plugins/external/web-app';
import adminRoutes from './routes/admin';
import authRoutes from './routes/auth';
import fileRoutes from './routes/files';
import chatRoutes from './routes/chat';
import moderationRoutes from './routes/moderation';
import healthRoutes from './routes/health';
import paymentRoutes from './routes/payments';
import historyRoutes from './routes/history';
import signalRoutes from './routes/signals';
import { notificationRoutes, pushRoutes } from './routes/push';
import type { Store } from './store';

export interface AppOptions {
  config: Config;
  store: Store;
  mailer: Mailer;
  redis?: Redis | null;
  /** Socket.IO in this process, or standalone realtime processes through Redis; none in tests through inject. */
  realtime?: RealtimeMode;
}

/** What a 5xx tells the client: never the error's own text or stack. */
const INTERNAL_ERROR = 'Something went wrong on our side. Please try again.';

/**
 * The whole application as one plugin: external plugins, our own decorators, then routes. It is
 * not encapsulated, so the server that registers it sees its decorators (store, realtime...).
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** From now on every request is answered 503 SHUTTING_DOWN and its connection closed (a drain, main.ts). */
    startDrain(): void;
  }
}

export const app = fp<AppOptions>(async (instance: FastifyInstance, options: AppOptions): Promise<void> => {
  let draining = false;
  instance.decorate('startDrain', () => {
    draining = true;
  });
  instance.addHook('onRequest', async (_request, reply) => {
    if (!draining) return;
    return reply
      .code(503)
      .header('connection', 'close')
      .header('retry-after', '1')
      .send({ message: 'The server is restarting. Please try again in a moment.', code: 'SHUTTING_DOWN' });
  });
  instance.setErrorHandler((error: FastifyError, request, reply) => {
    const refusal = asRuleError(error);
    if (refusal) {
      const status = statusOf(refusal);
      if (status >= 500) request.log.error({ err: refusal.cause ?? refusal }, refusal.message);
      if (refusal.retryAfterSeconds !== undefined) void reply.header('retry-after', String(refusal.retryAfterSeconds));
      return reply
        .code(status)
        .send({ ...refusal.details, message: refusal.message, ...(refusal.code ? { code: refusal.code } : {}) });
    }
    if (error.validation) {
      return reply.code(400).send({ message: `Invalid ${error.validationContext ?? 'request'}: ${error.message}`, code: 'VALIDATION' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: error.message, code: error.code });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: INTERNAL_ERROR });
  });

  // Clients that send `Content-Type: application/json` on every call, body or not (the spec's
  // logout, read mark and admin-chat opening have none): an empty JSON body is no body. Routes that
  // need one still answer 400 from their schema. Poisoned keys stay refused.
  const parseJson = instance.getDefaultJsonParser('error', 'error');
  instance.removeContentTypeParser('application/json');
  instance.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string; // parseAs: 'string'
    if (text === '') return done(null, undefined);
    return parseJson(request, text, done);
  });

  await instance.register(security, { production: options.config.production });
  await instance.register(jwt, { secret: options.config.jwtSecret });
  await instance.register(rateLimit, { redis: options.redis ?? null, scale: options.config.rateLimitScale });
  await instance.register(multipart);
  // Each part exists before what needs it: the store, the sessions, the sockets, then the services.
  await instance.register(core, { config: options.config, store: options.store, mailer: options.mailer });
  await instance.register(authenticate);
  await instance.register(realtime, options.realtime ? { realtime: options.realtime } : {});
  await instance.register(services);
  await instance.register(apiDocs);

  await instance.register(
    async (api) => {
      await api.register(healthRoutes, { redis: options.redis ?? null });
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(adminRoutes, { prefix: '/admin' });
      await api.register(fileRoutes, { prefix: '/files' });
      await api.register(paymentRoutes, { prefix: '/payments' });
      await api.register(historyRoutes, { prefix: '/history' });
      await api.register(chatRoutes, { prefix: '/chat' });
      await api.register(moderationRoutes, { prefix: '/moderation' });
      await api.register(signalRoutes, { prefix: '/signals' });
      await api.register(pushRoutes, { prefix: '/push' });
      await api.register(notificationRoutes, { prefix: '/notifications' });
    },
    { prefix: '/api' },
  );

  const webDist = options.config.webDist;
  if (webDist) await instance.register(webApp, { root: webDist });

  instance.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/socket.io');
    // A missing hashed asset (an older build's chunk) is a 404: the app's HTML is no script.
    const isAsset = url.startsWith(ASSETS_PREFIX);
    if (!isApi && !isAsset && webDist && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.sendAppPage(request);
    }
    return reply.code(404).send({ message: `Route ${request.method} ${url.split('?')[0]} not found`, code: 'NOT_FOUND' });
  });
}, { name: 'app' });
