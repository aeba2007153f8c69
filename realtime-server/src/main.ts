import { createServer } from 'node:http';
import { ConfigError } from '@le/config';
import { REVOKED_SESSION_KEY } from '@le/contracts';
import { createVerifier } from 'fast-jwt';
import { Redis } from 'ioredis';
import { loadRealtimeConfig, type RealtimeConfig } from './config';
import { confirmThroughApi, type TokenClaims } from './confirm';
import { createRealtimeServer } from './index';
import { logRedisOutages } from './redis-outages';

/**
 * `pnpm start:realtime`: Socket.IO alone on its own PORT, rooms shared through Redis. It fails
 * closed (contract §10): a signed-in handshake is checked here (the API's JWT_SECRET), may be
 * refused at once by Redis (a revoked session), and is admitted only once the API itself
 * (API_URL, `GET /api/auth/me`) says from its store that the session is live and what the user's
 * role is. Neither Redis nor the token's claims ever admit a socket or choose its rooms.
 */
const fail = (message: string): never => {
  process.stderr.write(`Configuration error: ${message}\n`);
  process.exit(1);
};

let config: RealtimeConfig;
try {
  config = loadRealtimeConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
const { port, host, redisUrl, apiUrl, jwtSecret: secret, trustProxy, maxSocketsPerAddress, maxSocketsPerUser } = config!;

const verify = createVerifier({ key: secret, algorithms: ['HS256'], requiredClaims: ['exp', 'sub', 'sid'] });
const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
// ioredis reconnects by itself. Meanwhile the revoked-session check is skipped (the API still
// answers for every handshake); sockets already open are confirmed again once it is back.
const outageLog = { warn: (message: string) => process.stderr.write(`${message}\n`), info: (message: string) => process.stdout.write(`${message}\n`) };
logRedisOutages(redis, 'revocations', outageLog);

const httpServer = createServer((req, res) => {
  if (req.url === '/health') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ status: 'ok', realtime: 'redis' }));
    return;
  }
  res.writeHead(404, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ message: 'Not found' }));
});

const confirmation = confirmThroughApi({
  apiUrl,
  verify: (token) => verify(token) as TokenClaims,
  // A fast "no" only: an empty or absent Redis admits nobody, the API decides.
  isRevoked: async (sessionId) => redis.status === 'ready' && (await redis.exists(REVOKED_SESSION_KEY(sessionId))) === 1,
});

const realtime = await createRealtimeServer({
  httpServer,
  redisUrl,
  authenticate: confirmation.authenticate,
  identityCache: confirmation,
  log: outageLog,
  trustProxy,
  connectionLimits: { maxSocketsPerAddress, maxSocketsPerUser },
});

httpServer.listen(port, host, () => {
  process.stdout.write(`realtime server listening on port ${port} (redis, sessions confirmed by ${apiUrl})\n`);
});

// SIGTERM: no new connections; every socket is told to reconnect (to another process behind the
// proxy); out within 10 s whatever happens.
const shutdown = () => {
  setTimeout(() => process.exit(1), 10_000).unref();
  httpServer.close();
  void realtime.close({ reconnect: true }).finally(() => {
    httpServer.closeAllConnections();
    void redis.quit().finally(() => process.exit(0));
  });
};
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
