import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { createRealtimeServer, redisPresence, type PresenceStore, type RealtimeServer } from '@le/realtime-server';
import { signalAccessEndsAt, signalAccessOf } from '@le/contracts';
import { ConfigError, loadConfig, type Config } from './config';
import { createMailer } from './plugins/app/mailer';
import { localPublisher, redisPublisher } from './plugins/app/publisher';
import { buildServer } from './server';
import { ensureAdmin } from './services/bootstrap-admin';
import { makeDirPrivate, makeTreePrivateOnce } from './lib/private-files';
import { catchUpChatProjections } from './services/chat-catch-up';
import { catchUpSignalProjection } from './services/signals/catch-up';
import { scheduleRetention } from './services/retention';
import { createLifecycle, type Lifecycle } from './services/lifecycle';
import { copyHistoryImages } from './services/history-images';
import { createStore, describeTakeover } from './store';

export type StartMode = 'all' | 'api';

export interface RunningServer {
  app: FastifyInstance;
  realtime: RealtimeServer | null;
  /** The membership lifecycle of this process (it runs only while it holds the store's lease). */
  lifecycle: Lifecycle;
  /** The history images' copy job of this start (services/history-images): how many images got copies. */
  historyImages: Promise<number>;
  url: string;
  close(): Promise<void>;
}

/**
 * Starts the product. `all`: web, API and Socket.IO in one process (Redis optional).
 * `api`: web and API; events go out through Redis to separate realtime processes.
 */
export const startServer = async (
  config: Config,
  mode: StartMode = 'all',
  options: { logger?: boolean } = {},
): Promise<RunningServer> => {
  if (mode === 'api' && !config.redisUrl) throw new ConfigError('REDIS_URL is required to run the API alone');
  // The store (SQLite) and everything else under DATA_DIR are the product user's alone.
  makeDirPrivate(config.dataDir);
  const store = await createStore(config);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true }) : null;
  const app = await buildServer({
    config,
    store,
    redis,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outbox: config.mailOutbox }),
    logger: options.logger ?? true,
  });
  // ioredis reconnects by itself; a refused connection is worth a line in the log, not more.
  redis?.on('error', (error) => app.log.warn({ err: error }, 'redis'));
  if (store.takeover) app.log.info({ takeover: store.takeover }, describeTakeover(store.takeover));
  const caughtUp = await catchUpChatProjections(store);
  if (caughtUp.events > 0) app.log.warn(caughtUp, `chat projections were behind their events: ${caughtUp.events} events applied to ${caughtUp.streams} streams`);
  const signalsCaughtUp = await catchUpSignalProjection(store);
  if (signalsCaughtUp.signals > 0) app.log.warn(signalsCaughtUp, `the signals projection was behind its events: ${signalsCaughtUp.signals} signals folded again`);
  await ensureAdmin(store, { email: config.adminEmail, password: config.adminPassword }, app.log);
  const retention = scheduleRetention(store, { activityRetentionDays: config.activityRetentionDays }, app.log);
  makeTreePrivateOnce(config.dataDir).catch((error: unknown) => app.log.warn({ err: error }, 'could not make DATA_DIR private'));

  let realtime: RealtimeServer | null = null;
  let ownPresence: PresenceStore | null = null;
  let publisherRedis: Redis | null = null;
  if (mode === 'all') {
    realtime = await createRealtimeServer({
      httpServer: app.server,
      redisUrl: config.redisUrl,
      authenticate: async (token) => {
        if (!token) return { userId: null, sessionId: null, role: 'guest' };
        const auth = await app.resolveToken(token);
        if (!auth) return null;
        const now = Date.now();
        return {
          userId: auth.user._id,
          sessionId: auth.session._id,
          role: auth.user.role,
          expiresAt: auth.session.expiresAt.getTime(),
          signalAccess: signalAccessOf(auth.user, now),
          signalAccessEndsAt: signalAccessEndsAt(auth.user, now),
        };
      },
    });
    // With Redis the adapter carries these emits to the sockets of every other process too.
    app.realtime.publisher = localPublisher(realtime.io, config.redisUrl ? 'redis' : 'local');
    app.realtime.presence = realtime.presence;
  } else {
    // Its own connection, which queues while Redis is away: what is published during an outage
    // goes out on reconnect, and the emitter (which does not catch a refused publish) never sees
    // one. Clients that still miss something catch up from /api/chat/events.
    publisherRedis = new Redis(config.redisUrl!, { maxRetriesPerRequest: null });
    publisherRedis.on('error', (error) => app.log.warn({ err: error }, 'redis (publisher)'));
    // Revocations and roles written to Redis are kept and retried by the publisher while it is away.
    app.realtime.publisher = redisPublisher(publisherRedis, { log: app.log });
    ownPresence = redisPresence(config.redisUrl!);
    app.realtime.presence = ownPresence;
  }

  // Reminders and ended rights (contract §9): every API process starts it, the store's lease lets one run it.
  const lifecycle = createLifecycle({
    store,
    mailer: app.mailer,
    realtime: app.realtime,
    scanMs: config.lifecycleScanMs,
    renewUrl: `${config.publicUrl}/payment-membership`,
    log: app.log,
  });
  lifecycle.start();

  const address = await app.listen({ port: config.port, host: config.host });
  // History images without their smaller copies (stored before copies were kept, or a copy lost)
  // get them now, in the background; every API process starts it, the store's lease lets one run it.
  const stopCopies = new AbortController();
  const copying = copyHistoryImages({ history: store.history, uploads: app.uploads, leases: store.lifecycle, log: app.log, signal: stopCopies.signal })
    .then((copied) => {
      if (copied > 0) app.log.info({ copied }, `made the smaller copies of ${copied} history images`);
      return copied;
    })
    .catch((error: unknown) => {
      app.log.warn({ err: error }, 'could not make the copies of the history images');
      return 0;
    });
  let closing: Promise<void> | null = null;
  return {
    app,
    realtime,
    lifecycle,
    historyImages: copying,
    url: address,
    close() {
      closing ??= (async () => {
        await retention.stop();
        await lifecycle.stop();
        stopCopies.abort();
        await copying;
        await realtime?.close();
        await app.close();
        await ownPresence?.close();
        await publisherRedis?.quit().catch(() => undefined);
        await redis?.quit().catch(() => undefined);
        await store.close();
      })();
      return closing;
    },
  };
};

/** Entry point of `pnpm start` / `pnpm start:api`. */
export const main = async (mode: StartMode): Promise<void> => {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  let server: RunningServer;
  try {
    server = await startServer(config, mode);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${error.message}\n`);
      process.exit(1);
    }
    process.stderr.write(`Could not start: ${(error as Error).message}\n`);
    process.exit(1);
  }
  const shutdown = (signal: string) => {
    server.app.log.info(`${signal} received, closing`);
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
};
