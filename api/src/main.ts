import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { logRedisOutages, type RealtimeServer } from '@le/realtime-server';
import { ConfigError, exitOnConfigError, loadConfigOrExit, type Config } from './config';
import { createMailer } from './plugins/app/mailer';
import { buildServer } from './server';
import { ensureAdmin } from './services/bootstrap-admin';
import { makeDirPrivate, makeTreePrivateOnce } from './lib/private-files';
import { catchUpChatProjections } from './services/chat-catch-up';
import { catchUpSignalProjection } from './services/signals/catch-up';
import { extendLedger } from './services/signals/ledger';
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
  // The rate limits' connection: while Redis is away a command fails at once (no offline queue)
  // and the limit is skipped, so a write waits for no reconnection attempt.
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 0, enableOfflineQueue: false }) : null;
  const app = await buildServer({
    config,
    store,
    redis,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outbox: config.mailOutbox }),
    logger: options.logger ?? true,
    realtime:
      mode === 'all'
        ? {
            mode: 'in-process',
            redisUrl: config.redisUrl,
            trustProxy: config.trustProxy,
            connectionLimits: { maxSocketsPerAddress: config.maxSocketsPerAddress, maxSocketsPerUser: config.maxSocketsPerUser },
          }
        : { mode: 'through-redis', redisUrl: config.redisUrl! },
  });
  // ioredis reconnects by itself; an outage is worth a line in the log, not one per retry.
  const outageLog = { warn: (message: string) => app.log.warn(message), info: (message: string) => app.log.info(message) };
  if (redis) logRedisOutages(redis, 'rate limits', outageLog);
  if (config.mongodbUrl && config.vapid.source === 'data-dir') {
    // Each API process would sign with its own pair: subscriptions made through one fail through another.
    app.log.warn('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set: every API process on MongoDB must share one pair (npx web-push generate-vapid-keys)');
  }
  if (store.takeover) app.log.info({ takeover: store.takeover }, describeTakeover(store.takeover));
  const caughtUp = await catchUpChatProjections(store);
  if (caughtUp.events > 0) app.log.warn(caughtUp, `chat projections were behind their events: ${caughtUp.events} events applied to ${caughtUp.streams} streams`);
  const signalsCaughtUp = await catchUpSignalProjection(store);
  if (signalsCaughtUp.signals > 0) app.log.warn(signalsCaughtUp, `the signals projection was behind its events: ${signalsCaughtUp.signals} signals folded again`);
  // A DATA_DIR of a build before the ledger gets its chain here, over the events in seq order.
  const ledgerBuilt = await extendLedger(store);
  if (ledgerBuilt.records > 0) app.log.info(ledgerBuilt, `the signals ledger was extended by ${ledgerBuilt.records} records`);
  await ensureAdmin(store, { email: config.adminEmail, password: config.adminPassword }, app.log);
  const retention = scheduleRetention(store, { activityRetentionDays: config.activityRetentionDays }, app.log);
  makeTreePrivateOnce(config.dataDir).catch((error: unknown) => app.log.warn({ err: error }, 'could not make DATA_DIR private'));

  const realtime: RealtimeServer | null = app.realtime.server;

  // Reminders and ended rights (contract §9): every API process starts it, the store's lease lets one run it.
  const lifecycle = createLifecycle({
    store,
    mailer: app.mailer,
    realtime: { publisher: app.realtime.publisher, push: app.push },
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
        // Answer what was received, refuse what comes now, then stop listening (contract §15).
        const httpClosed = drainHttp(app);
        await retention.stop();
        await lifecycle.stop();
        stopCopies.abort();
        await copying;
        await realtime?.close({ reconnect: true });
        // The publisher's own Redis connection and presence close with the app (plugins/app/realtime.ts).
        await httpClosed;
        await redis?.quit().catch(() => undefined);
        await store.close();
      })();
      return closing;
    },
  };
};

/** How long requests in flight have to finish at a close before their connections are cut. */
const DRAIN_GRACE_MS = 8_000;
/**
 * How long the listener stays open after the signal, answering every new request 503 with
 * `Connection: close`: a connection the kernel completed but a busy loop had not yet accepted
 * would be reset by closing the listener at once, and its request was sent before the signal.
 */
const ACCEPT_GRACE_MS = 1_000;

/**
 * A drain: requests already being handled finish; every request that starts now is a 503
 * (`SHUTTING_DOWN`, Retry-After) on a connection that then closes; after the accept grace the
 * listener closes and each remaining connection goes as soon as it is idle; past the grace,
 * what is left is cut, so the process is out within the 10 s of a SIGTERM.
 */
const drainHttp = async (app: FastifyInstance): Promise<void> => {
  app.startDrain();
  await new Promise((resolve) => setTimeout(resolve, ACCEPT_GRACE_MS));
  const idle = setInterval(() => app.server.closeIdleConnections(), 50);
  const cut = setTimeout(() => app.server.closeAllConnections(), DRAIN_GRACE_MS - ACCEPT_GRACE_MS);
  try {
    await app.close();
  } finally {
    clearInterval(idle);
    clearTimeout(cut);
  }
};

/** Entry point of `pnpm start` / `pnpm start:api`. */
export const main = async (mode: StartMode): Promise<void> => {
  const config = loadConfigOrExit();
  let server: RunningServer;
  try {
    server = await startServer(config, mode);
  } catch (error) {
    exitOnConfigError(error);
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
