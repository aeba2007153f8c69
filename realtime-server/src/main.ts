import { createServer } from 'node:http';
import { ConfigError } from '@le/config';
import { REVOKED_SESSION_KEY, ROLES, USER_ROLE_KEY, type Role } from '@le/contracts';
import { createVerifier } from 'fast-jwt';
import { Redis } from 'ioredis';
import { loadRealtimeConfig, type RealtimeConfig } from './config';
import { createRealtimeServer } from './index';

/**
 * `pnpm start:realtime`: Socket.IO alone on its own PORT. It shares the API's JWT_SECRET to check
 * tokens and Redis to share rooms; revoked sessions are read from Redis, set there by the API.
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
const { port, host, redisUrl, jwtSecret: secret } = config!;

const verify = createVerifier({ key: secret, algorithms: ['HS256'], requiredClaims: ['exp', 'sub', 'sid'] });
const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
// ioredis reconnects by itself. Meanwhile a signed-in socket cannot be checked against revoked
// sessions and is refused (guests still connect); sockets already open stay open.
let redisDown = false;
redis.on('error', (error) => {
  if (!redisDown) process.stderr.write(`redis unavailable: ${error.message}\n`);
  redisDown = true;
});
redis.on('ready', () => {
  if (redisDown) process.stdout.write('redis available again\n');
  redisDown = false;
});

const httpServer = createServer((req, res) => {
  if (req.url === '/health') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ status: 'ok', realtime: 'redis' }));
    return;
  }
  res.writeHead(404, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ message: 'Not found' }));
});

const realtime = await createRealtimeServer({
  httpServer,
  redisUrl,
  authenticate: async (token) => {
    if (!token) return { userId: null, sessionId: null, role: 'guest' };
    let claims: { sub: string; sid: string; role?: string; exp: number };
    try {
      claims = verify(token) as typeof claims;
    } catch {
      return null; // bad signature, expired, malformed
    }
    // Redis away: this throws, and the client is told 'unavailable' rather than 'unauthorized'.
    const [revoked, current] = await Promise.all([redis.exists(REVOKED_SESSION_KEY(claims.sid)), redis.get(USER_ROLE_KEY(claims.sub))]);
    if (revoked) return null;
    // An admin may have changed the role since the token was signed (the API writes it to Redis).
    const claimed = current ?? claims.role;
    const role: Role = ROLES.includes(claimed as Role) ? (claimed as Role) : 'guest';
    return { userId: claims.sub, sessionId: claims.sid, role, expiresAt: claims.exp * 1000 };
  },
});

httpServer.listen(port, host, () => {
  process.stdout.write(`realtime server listening on port ${port} (redis)\n`);
});

const shutdown = () => {
  void realtime.close().finally(() => {
    httpServer.close();
    void redis.quit().finally(() => process.exit(0));
  });
};
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
