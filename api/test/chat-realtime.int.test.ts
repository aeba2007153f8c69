import type { ChatEventPayload, ChatMessage } from '@le/contracts';
import { latestCode, requireOrSkip, startRedisServer, tempDir, type RedisServerHandle, type TempDir } from '@le/testing';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { startServer, type RunningServer } from '../src/main';
import { redisPublisher } from '../src/plugins/app/publisher';
import { uniqueTag } from './support/unique';

/** `chat:event` over a real socket in the one process: who receives what, and redaction. */
const ADMIN = { ADMIN_EMAIL: 'chat-rt-admin@example.com', ADMIN_PASSWORD: 'chat-rt-admin-password' };

let dir: TempDir;
let server: RunningServer;
const sockets: Socket[] = [];

const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, token?: string, payload?: Record<string, unknown>) =>
  server.app.inject({ method, url, ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}), ...(payload ? { payload } : {}) });

const login = async (email: string, password: string) => {
  const response = await inject('POST', '/api/auth/login', undefined, { email, password });
  return response.json<{ token: string; user: { _id: string } }>();
};

const memberAccount = async (label: string) => {
  const id = `${label}${uniqueTag()}`;
  const input = { name: label, username: id, email: `${id}@example.com`, password: 'correct horse 1' };
  await inject('POST', '/api/auth/register', undefined, input);
  const code = await latestCode(server.app.config.mailOutbox, input.email);
  await inject('POST', '/api/auth/verify-email', undefined, { email: input.email, code });
  const signedIn = await login(input.email, input.password);
  await server.app.store.users.update(signedIn.user._id, { role: 'member', membershipTier: 'basic', membershipEnd: new Date(Date.now() + 86_400_000) });
  return signedIn;
};

const open = (token?: string): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const socket = connect(server.url, { auth: token ? { token } : {}, transports: ['websocket'], reconnection: false, timeout: 5_000 });
    sockets.push(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });

/** Collects every chat:event a socket receives. */
const record = (socket: Socket): ChatEventPayload[] => {
  const received: ChatEventPayload[] = [];
  socket.on('chat:event', (event: ChatEventPayload) => received.push(event));
  return received;
};

const until = async (check: () => boolean, what: string): Promise<void> => {
  for (let i = 0; i < 100; i += 1) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
};

beforeAll(async () => {
  dir = await tempDir('le-chat-rt-');
  server = await startServer(loadConfig({ DATA_DIR: dir.path, PORT: '0', HOST: '127.0.0.1', ...ADMIN }, dir.path), 'all', { logger: false });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server.close();
  await dir.remove();
});

describe('chat:event in the one process', () => {
  it('sends the global stream to everyone: guests redacted, admins in full, each socket once', async () => {
    const admin = await login(ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const member = await memberAccount('rtmember');
    const guestEvents = record(await open());
    const adminEvents = record(await open(admin.token));
    const memberEvents = record(await open(member.token));

    const posted = await inject('POST', '/api/chat', member.token, { content: 'secret signal', clientId: 'rt-1' });
    expect(posted.statusCode).toBe(201);
    const message = posted.json<{ message: ChatMessage }>().message;
    await until(() => guestEvents.length === 1 && adminEvents.length === 1 && memberEvents.length === 1, 'the posted event');
    expect(guestEvents[0]).toMatchObject({ stream: 'global', seq: message.seq, type: 'message.posted', actorId: member.user._id, message: { _id: message._id, content: 'secret signal' } });

    const hidden = await inject('PATCH', `/api/chat/${message._id}/hide`, admin.token, { context: 'global' });
    expect(hidden.statusCode).toBe(200);
    await until(() => guestEvents.length === 2 && adminEvents.length === 2 && memberEvents.length === 2, 'the hidden event');
    for (const events of [guestEvents, memberEvents]) {
      expect(events[1]).toMatchObject({ type: 'message.hidden', seq: message.seq + 1, message: { _id: message._id, content: '', hidden: true, hiddenFor: ['all'] } });
      expect(JSON.stringify(events[1])).not.toContain('secret signal');
    }
    expect(adminEvents[1]).toMatchObject({ type: 'message.hidden', message: { content: 'secret signal', hidden: true } });
    // A moment more: nobody gets a second copy.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect([guestEvents.length, adminEvents.length, memberEvents.length]).toEqual([2, 2, 2]);
  });

  it('sends a private stream only to its member and the admins', async () => {
    const admin = await login(ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const member = await memberAccount('rtowner');
    const outsider = await memberAccount('rtoutsider');
    const guestEvents = record(await open());
    const outsiderEvents = record(await open(outsider.token));
    const memberEvents = record(await open(member.token));
    const adminEvents = record(await open(admin.token));

    const chat = (await inject('POST', '/api/chat/with-admin', member.token)).json<{ chat: { _id: string } }>().chat;
    expect((await inject('POST', '/api/chat', admin.token, { content: 'private answer', chatId: chat._id })).statusCode).toBe(201);
    await until(() => memberEvents.length === 1 && adminEvents.length === 1, 'the private event');
    expect(memberEvents[0]).toMatchObject({ stream: chat._id, seq: 1, type: 'message.posted', message: { content: 'private answer', chatId: chat._id } });

    expect((await inject('POST', `/api/chat/${chat._id}/read`, member.token)).statusCode).toBe(204);
    await until(() => memberEvents.length === 2 && adminEvents.length === 2, 'the read event');
    expect(adminEvents[1]).toMatchObject({ type: 'chat.read', seq: 2, readerId: member.user._id, upTo: 1 });

    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(guestEvents).toEqual([]);
    expect(outsiderEvents).toEqual([]);
  });
});

const redisBinary = requireOrSkip('redis-server', 'chat publishing through the Redis emitter', 'apt-get install redis-server');
describe.runIf(redisBinary)('chat publishing through the Redis emitter', () => {
  let redis: RedisServerHandle;
  let redisDir: TempDir;
  let holder: RunningServer;
  let publisherConnection: Redis;
  beforeAll(async () => {
    redis = await startRedisServer(redisBinary!);
    redisDir = await tempDir('le-chat-rt-redis-');
    holder = await startServer(
      loadConfig({ DATA_DIR: redisDir.path, PORT: '0', HOST: '127.0.0.1', REDIS_URL: redis.url, ...ADMIN }, redisDir.path),
      'all',
      { logger: false },
    );
    publisherConnection = new Redis(redis.url, { maxRetriesPerRequest: null });
  });
  afterAll(async () => {
    publisherConnection?.disconnect();
    await holder?.close();
    await redis?.stop();
    await redisDir?.remove();
  });

  it('emitExcept reaches every socket but the excluded room, on a process that only holds sockets', async () => {
    const url = holder.url;
    const connectTo = (token?: string): Promise<Socket> =>
      new Promise((resolve, reject) => {
        const socket = connect(url, { auth: token ? { token } : {}, transports: ['websocket'], reconnection: false, timeout: 5_000 });
        sockets.push(socket);
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    const adminLogin = await holder.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD } });
    const guestEvents = record(await connectTo());
    const adminEvents = record(await connectTo(adminLogin.json<{ token: string }>().token));
    const publisher = redisPublisher(publisherConnection);
    const event: ChatEventPayload = { stream: 'global', seq: 1, type: 'message.deleted' };
    publisher.emit(['role:admin'], 'chat:event', { ...event, actorId: 'full' });
    publisher.emitExcept(['role:admin'], 'chat:event', { ...event, actorId: 'redacted' });
    await until(() => guestEvents.length === 1 && adminEvents.length === 1, 'both emits');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(guestEvents).toEqual([{ ...event, actorId: 'redacted' }]);
    expect(adminEvents).toEqual([{ ...event, actorId: 'full' }]);
  });
});
