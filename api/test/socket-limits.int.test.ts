import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRealtimeServer, TOO_MANY_CONNECTIONS, type ConnectionLimits, type RealtimeServer } from '@le/realtime-server';
import { freePort, requireOrSkip, startRedisServer, tempDir, type RedisServerHandle } from '@le/testing';
import { loadConfig } from '../src/config';
import { startServer } from '../src/main';

/**
 * Contract §10: Socket.IO connections are bounded per client address (MAX_SOCKETS_PER_ADDRESS),
 * per signed-in user (20) and by handshake rate, by the same hop-counted address as the rate
 * limits, and across processes through Redis; past that, `connect_error` "too many connections".
 */
interface Realtime {
  url: string;
  server: RealtimeServer;
  http: HttpServer;
}

const realtimes: Realtime[] = [];
const sockets: Socket[] = [];

/** A realtime server on its own port; the token "user:<id>" signs in as that user. */
const startRealtime = async (limits: Partial<ConnectionLimits>, redisUrl: string | null = null): Promise<Realtime> => {
  const http = createServer();
  const server = await createRealtimeServer({
    httpServer: http,
    redisUrl,
    trustProxy: 1,
    connectionLimits: limits,
    authenticate: async (token) => {
      if (!token) return { userId: null, sessionId: null, role: 'guest' };
      const userId = token.replace(/^user:/, '');
      return { userId, sessionId: `s-${userId}`, role: 'member' };
    },
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const realtime = { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, server, http };
  realtimes.push(realtime);
  return realtime;
};

/** Opens a socket as if from `forwardedFor` (the proxy's X-Forwarded-For); resolves 'connected' or the refusal. */
const open = (url: string, forwardedFor: string, token?: string): Promise<string> =>
  new Promise((resolve) => {
    const socket = connect(url, { transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: { 'x-forwarded-for': forwardedFor }, auth: token ? { token } : {} });
    sockets.push(socket);
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (error) => resolve(error.message));
  });

const closeLast = async () => {
  sockets.filter((socket) => socket.connected).at(-1)?.close();
  await new Promise((resolve) => setTimeout(resolve, 200));
};

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  for (const realtime of realtimes.splice(0)) {
    await realtime.server.close();
    realtime.http.close();
  }
});

describe('socket bounds in one process', () => {
  it('per client address: the one past the bound is refused, another address is not, a freed slot is taken again', async () => {
    const { url } = await startRealtime({ maxSocketsPerAddress: 5 });
    for (let index = 0; index < 5; index += 1) expect(await open(url, '203.0.113.1')).toBe('connected');
    expect(await open(url, '203.0.113.1')).toBe(TOO_MANY_CONNECTIONS);
    // What the client wrote left of the proxy's entry is not its address.
    expect(await open(url, '198.51.100.9, 203.0.113.1')).toBe(TOO_MANY_CONNECTIONS);
    expect(await open(url, '203.0.113.2')).toBe('connected');
    await closeLast(); // 203.0.113.2's
    await closeLast(); // one of 203.0.113.1's
    expect(await open(url, '203.0.113.1')).toBe('connected');
  });

  it('per signed-in user: 20 at once from anywhere, the 21st refused; guests and other users go on', async () => {
    const { url } = await startRealtime({});
    for (let index = 0; index < 20; index += 1) expect(await open(url, `203.0.113.${index + 10}`, 'user:u1')).toBe('connected');
    expect(await open(url, '203.0.113.99', 'user:u1')).toBe(TOO_MANY_CONNECTIONS);
    expect(await open(url, '203.0.113.99', 'user:u2')).toBe('connected');
    expect(await open(url, '203.0.113.99')).toBe('connected');
  });

  it('handshakes from one address at a bounded rate, even when each socket closes at once', async () => {
    const { url } = await startRealtime({ handshakesPer10s: 4 });
    for (let index = 0; index < 4; index += 1) {
      expect(await open(url, '203.0.113.50')).toBe('connected');
      await closeLast();
    }
    expect(await open(url, '203.0.113.50')).toBe(TOO_MANY_CONNECTIONS);
    expect(await open(url, '203.0.113.51')).toBe('connected');
  });
});

const redisServer = requireOrSkip('redis-server', 'socket bounds across processes', 'apt-get install redis-server');

describe.runIf(redisServer)('socket bounds across processes (Redis)', () => {
  let redis: RedisServerHandle;
  beforeAll(async () => {
    redis = await startRedisServer(redisServer!);
  });
  afterAll(() => redis?.stop());

  it('counts one address over every realtime process', async () => {
    const [a, b] = [await startRealtime({ maxSocketsPerAddress: 3 }, redis.url), await startRealtime({ maxSocketsPerAddress: 3 }, redis.url)];
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await open(a.url, '203.0.113.7')).toBe('connected');
    expect(await open(a.url, '203.0.113.7')).toBe('connected');
    expect(await open(b.url, '203.0.113.7')).toBe('connected');
    expect(await open(b.url, '203.0.113.7')).toBe(TOO_MANY_CONNECTIONS);
    expect(await open(a.url, '203.0.113.7')).toBe(TOO_MANY_CONNECTIONS);
    await closeLast(); // the one on b
    expect(await open(a.url, '203.0.113.7')).toBe('connected');
  });
});

describe('the product', () => {
  it('MAX_SOCKETS_PER_ADDRESS bounds the one-process start, by the TRUST_PROXY address', async () => {
    const dir = await tempDir('le-socket-limits-');
    const port = await freePort();
    const server = await startServer(
      loadConfig({ DATA_DIR: dir.path, PORT: String(port), HOST: '127.0.0.1', MAX_SOCKETS_PER_ADDRESS: '3', TRUST_PROXY: '1', ADMIN_EMAIL: 'a@example.com', ADMIN_PASSWORD: 'password-123' }),
      'all',
      { logger: false },
    );
    try {
      for (let index = 0; index < 3; index += 1) expect(await open(server.url, '203.0.113.80')).toBe('connected');
      expect(await open(server.url, '203.0.113.80')).toBe(TOO_MANY_CONNECTIONS);
      expect(await open(server.url, '203.0.113.81')).toBe('connected');
    } finally {
      for (const socket of sockets.splice(0)) socket.close();
      await server.close();
      await dir.remove();
    }
  });
});
