import { latestCode, requireOrSkip, startRedisServer, tempDir, type RedisServerHandle, type TempDir } from '@le/testing';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { startServer, type RunningServer } from '../src/main';
import { uniqueTag } from './support/unique';

/** Socket.IO on the same port as the API: token checks, rooms, revocation, and Redis fan-out. */
const ADMIN = { ADMIN_EMAIL: 'rt-admin@example.com', ADMIN_PASSWORD: 'rt-admin-password' };

const start = async (dir: string, extra: Record<string, string> = {}): Promise<RunningServer> =>
  startServer(loadConfig({ DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', ...ADMIN, ...extra }, dir), 'all', { logger: false });

const signInAdmin = async (server: RunningServer) => {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD },
  });
  return response.json<{ token: string; sessionId: string; user: { _id: string } }>();
};

const open = (url: string, token?: string): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const socket = connect(url, { auth: token ? { token } : {}, transports: ['websocket'], reconnection: false, timeout: 5_000 });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });

describe('realtime in the one process', () => {
  let dir: TempDir;
  let server: RunningServer;
  beforeAll(async () => {
    dir = await tempDir('le-rt-');
    server = await start(dir.path);
  });
  afterAll(async () => {
    await server.close();
    await dir.remove();
  });

  it('lets guests in and refuses a bad token', async () => {
    const guest = await open(server.url);
    expect(guest.connected).toBe(true);
    guest.close();
    await expect(open(server.url, 'not-a-token')).rejects.toThrow('unauthorized');
  });

  it('joins a signed-in socket to its user room and drops it on logout', async () => {
    const admin = await signInAdmin(server);
    const socket = await open(server.url, admin.token);
    const received = new Promise((resolve) => socket.once('presence:changed', resolve));
    server.app.realtime.publisher.emit([`user:${admin.user._id}`], 'presence:changed', { userId: admin.user._id, online: true });
    await expect(received).resolves.toEqual({ userId: admin.user._id, online: true });

    const dropped = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const logout = await server.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${admin.token}` } });
    expect(logout.statusCode).toBe(200);
    await expect(dropped).resolves.toBe('io server disconnect');
    await expect(open(server.url, admin.token)).rejects.toThrow('unauthorized');
  });

  it('moves a promoted user into the admin room at once, without a reconnect (role from the store)', async () => {
    const admin = await signInAdmin(server);
    const tag = uniqueTag();
    const input = { name: 'Promoted', username: `promo${tag}`, email: `promo${tag}@example.com`, password: 'correct horse 1' };
    expect((await server.app.inject({ method: 'POST', url: '/api/auth/register', payload: input })).statusCode).toBe(201);
    const code = await latestCode(server.app.config.mailOutbox, input.email);
    expect((await server.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { email: input.email, code } })).statusCode).toBe(200);
    const user = (await server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: input.email, password: input.password } })).json<{ token: string; user: { _id: string } }>();

    const socket = await open(server.url, user.token);
    const drops: string[] = [];
    socket.on('disconnect', (reason) => drops.push(reason));
    const promoted = await server.app.inject({ method: 'PATCH', url: `/api/admin/members/${user.user._id}`, headers: { authorization: `Bearer ${admin.token}` }, payload: { role: 'admin' } });
    expect(promoted.statusCode).toBe(200);

    const received = new Promise((resolve) => socket.once('presence:changed', resolve));
    server.app.realtime.publisher.emit(['role:admin'], 'presence:changed', { userId: 'x', online: true });
    await expect(received).resolves.toEqual({ userId: 'x', online: true });
    expect([socket.connected, drops]).toEqual([true, []]);
    socket.close();
  });

  it('refuses a socket from a foreign origin', async () => {
    const socket = connect(server.url, { transports: ['polling'], reconnection: false, extraHeaders: { origin: 'https://evil.example' } });
    const error = await new Promise<Error>((resolve) => socket.once('connect_error', resolve));
    socket.close();
    expect(error).toBeInstanceOf(Error);
  });
});

const redisServer = requireOrSkip('redis-server', 'realtime over Redis', 'apt-get install redis-server');
describe.runIf(redisServer)('realtime over a real redis-server', () => {
  let redis: RedisServerHandle;
  let dirs: TempDir[];
  let a: RunningServer;
  let b: RunningServer;
  beforeAll(async () => {
    redis = await startRedisServer(redisServer!);
    dirs = [await tempDir('le-rt-a-'), await tempDir('le-rt-b-')];
    const secret = 'x'.repeat(40);
    a = await start(dirs[0]!.path, { REDIS_URL: redis.url, JWT_SECRET: secret });
    b = await start(dirs[1]!.path, { REDIS_URL: redis.url, JWT_SECRET: secret });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await redis?.stop();
    for (const dir of dirs ?? []) await dir.remove();
  });

  it('reports redis in health', async () => {
    const health = await a.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ realtime: 'redis' });
  });

  it('delivers an event published on one process to a socket on the other', async () => {
    const guest = await open(b.url);
    const received = new Promise((resolve) => guest.once('presence:changed', resolve));
    // Room membership travels through the adapter: wait until A sees B's guest socket.
    for (let i = 0; i < 50 && (await a.realtime!.io.in('role:guest').fetchSockets()).length === 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await a.realtime!.io.in('role:guest').fetchSockets()).toHaveLength(1);
    a.app.realtime.publisher.emit(['role:guest'], 'presence:changed', { userId: 'u1', online: false });
    await expect(received).resolves.toEqual({ userId: 'u1', online: false });
    guest.close();
  });
});
