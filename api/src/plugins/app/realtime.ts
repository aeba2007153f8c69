import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { signalAccessEndsAt, signalAccessOf } from '@le/contracts';
import { createRealtimeServer, logRedisOutages, memoryPresence, redisPresence, type ConnectionLimits, type RealtimeServer } from '@le/realtime-server';
import { localPublisher, nullPublisher, redisPublisher, type RealtimeServices } from './publisher';

/**
 * How this process reaches sockets. `in-process`: Socket.IO on this very server (with Redis, its
 * adapter carries the emits to other processes too). `through-redis`: the realtime server runs in
 * other processes; events go out through the Redis emitter. Without either (tests through inject),
 * events go nowhere and presence is kept in memory.
 */
export type RealtimeMode =
  | { mode: 'in-process'; redisUrl: string | null; trustProxy: number; connectionLimits: Pick<ConnectionLimits, 'maxSocketsPerAddress' | 'maxSocketsPerUser'> }
  | { mode: 'through-redis'; redisUrl: string };

/** The publisher and presence, and the Socket.IO server when it runs in this process. */
export interface Realtime extends RealtimeServices {
  server: RealtimeServer | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/**
 * Made before the services that need it, so they are built with a real publisher: Socket.IO is
 * registered on Fastify's own HTTP server here. Handshakes are resolved as requests are
 * (`resolveToken`: session and user from the store), so the `authenticate` plugin comes first.
 */
export default fp<{ realtime?: RealtimeMode }>(
  async (app, { realtime: how }) => {
    const log = { warn: (message: string) => app.log.warn(message), info: (message: string) => app.log.info(message) };
    if (how?.mode === 'in-process') {
      const server = await createRealtimeServer({
        httpServer: app.server,
        redisUrl: how.redisUrl,
        log,
        trustProxy: how.trustProxy,
        connectionLimits: how.connectionLimits,
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
      // A drain (main.ts) closes it first, keeping the clients' reconnection; a plain close drops them.
      let closing: Promise<void> | null = null;
      const close: RealtimeServer['close'] = (options) => (closing ??= server.close(options));
      app.decorate('realtime', {
        // With Redis the adapter carries these emits to the sockets of every other process too.
        publisher: localPublisher(server, how.redisUrl ? 'redis' : 'local'),
        presence: server.presence,
        server: { ...server, close },
      });
      app.addHook('preClose', () => close());
      return;
    }
    if (how?.mode === 'through-redis') {
      // Its own connection, which queues while Redis is away: what is published during an outage
      // goes out on reconnect, and the emitter (which does not catch a refused publish) never sees
      // one. Clients that still miss something catch up from /api/chat/events.
      const publisherRedis = new Redis(how.redisUrl, { maxRetriesPerRequest: null });
      logRedisOutages(publisherRedis, 'publisher', log);
      const presence = redisPresence(how.redisUrl);
      app.decorate('realtime', { publisher: redisPublisher(publisherRedis), presence, server: null });
      app.addHook('onClose', async () => {
        await presence.close();
        await publisherRedis.quit().catch(() => undefined);
      });
      return;
    }
    app.decorate('realtime', { publisher: nullPublisher, presence: memoryPresence(), server: null });
  },
  { name: 'realtime', dependencies: ['authenticate'] },
);
