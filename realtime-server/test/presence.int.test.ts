import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { requireOrSkip, startRedisServer, type RedisServerHandle } from '@le/testing';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRealtimeServer, memoryPresence, redisPresence, type PresenceStore, type RealtimeServer, type SocketIdentity } from '../src/index';

/** Presence claims (memory and Redis), the realtime server's presence edges, limits and expiry. */

const storeCases = (name: string, make: (clock: () => number) => Promise<PresenceStore>) => {
  describe(`${name} presence store`, () => {
    it('is online while any holder vouches, offline when the last leaves', async () => {
      let now = Date.now() + 864_000_000; // ten days ahead: the servers' own sweeps leave these alone
      const presence = await make(() => now);
      expect(await presence.enter('u1', 'rt:a', 10_000)).toBe(true);
      expect(await presence.enter('u1', 'rt:b', 10_000)).toBe(false);
      expect(await presence.enter('u1', 'rt:a', 10_000)).toBe(false);
      expect(await presence.onlineUserIds()).toEqual(['u1']);
      expect(await presence.leave('u1', 'rt:a')).toBe(false);
      expect(await presence.leave('u1', 'rt:a')).toBe(false);
      expect(await presence.leave('u1', 'rt:b')).toBe(true);
      expect(await presence.onlineUserIds()).toEqual([]);
      now += 1;
      await presence.close();
    });

    it('lets lapsed claims go offline once, through the sweep', async () => {
      let now = Date.now() + 864_000_000;
      const presence = await make(() => now);
      await presence.enter('u2', 'session:s1', 5_000);
      await presence.enter('u3', 'rt:a', 50_000);
      now += 6_000;
      expect(await presence.onlineUserIds()).toEqual(['u3']);
      expect(await presence.sweep()).toEqual(['u2']);
      expect(await presence.sweep()).toEqual([]);
      // Coming back after a lapse is a new online edge.
      expect(await presence.enter('u2', 'session:s1', 5_000)).toBe(true);
      await presence.leave('u2', 'session:s1');
      await presence.leave('u3', 'rt:a');
      await presence.close();
    });
  });
};

storeCases('memory', async (clock) => memoryPresence(clock));

const redisServer = requireOrSkip('redis-server', 'presence in Redis', 'apt-get install redis-server');

interface Harness {
  http: HttpServer;
  realtime: RealtimeServer;
  url: string;
}

const identities: Record<string, SocketIdentity> = {
  admin: { userId: 'admin1', sessionId: 's-admin', role: 'admin' },
  member: { userId: 'member1', sessionId: 's-member', role: 'member' },
  brief: { userId: 'brief1', sessionId: 's-brief', role: 'member' },
};

const startRealtime = async (extra: Partial<Parameters<typeof createRealtimeServer>[0]> = {}): Promise<Harness> => {
  const http = createServer();
  const realtime = await createRealtimeServer({
    httpServer: http,
    authenticate: async (token) => {
      if (token === 'unknowable') throw new Error('store away');
      // A token that ends 1.5 s after its socket connects, however long the tests before it took.
      if (token === 'brief') return { ...identities.brief!, expiresAt: Date.now() + 1_500 };
      return token ? (identities[token] ?? null) : { userId: null, sessionId: null, role: 'guest' };
    },
    presenceSweepMs: 200,
    ...extra,
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return { http, realtime, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` };
};

const stopRealtime = async (harness: Harness | undefined) => {
  if (!harness) return;
  await harness.realtime.close();
  await new Promise((resolve) => harness.http.close(resolve));
};

const open = (url: string, token?: string): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const socket = connect(url, { auth: token ? { token } : {}, transports: ['websocket'], reconnection: false, forceNew: true });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });

const eventually = async (check: () => Promise<void>, timeoutMs = 10_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
};

const nextPresence = (socket: Socket, userId: string) =>
  new Promise<boolean>((resolve) => {
    const listener = (payload: { userId: string; online: boolean }) => {
      if (payload.userId !== userId) return;
      socket.off('presence:changed', listener);
      resolve(payload.online);
    };
    socket.on('presence:changed', listener);
  });

describe('the realtime server alone', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startRealtime({ maxEventsPer10s: 5, maxHttpBufferSize: 1_024 });
  });
  afterAll(() => stopRealtime(harness));

  it('tells admins when a member comes online and goes offline, counting every socket', async () => {
    const admin = await open(harness.url, 'admin');
    const online = nextPresence(admin, 'member1');
    const first = await open(harness.url, 'member');
    await expect(online).resolves.toBe(true);
    const second = await open(harness.url, 'member');
    expect(await harness.realtime.presence.onlineUserIds()).toEqual(expect.arrayContaining(['admin1', 'member1']));
    first.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await harness.realtime.presence.onlineUserIds()).toContain('member1');
    const offline = nextPresence(admin, 'member1');
    second.close();
    await expect(offline).resolves.toBe(false);
    expect(await harness.realtime.presence.onlineUserIds()).toEqual(['admin1']);
    admin.close();
  });

  it('does not tell members or guests about presence', async () => {
    const member = await open(harness.url, 'member');
    const guest = await open(harness.url);
    const heard: unknown[] = [];
    member.on('presence:changed', (payload) => heard.push(payload));
    guest.on('presence:changed', (payload) => heard.push(payload));
    const admin = await open(harness.url, 'admin');
    admin.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual([]);
    member.close();
    guest.close();
  });

  it('drops a socket when its token expires', async () => {
    const socket = await open(harness.url, 'brief');
    const reason = await new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expect(reason).toBe('io server disconnect');
  });

  it('drops a socket that floods events or sends an oversized one', async () => {
    const flooder = await open(harness.url, 'member');
    const dropped = new Promise<string>((resolve) => flooder.once('disconnect', resolve));
    for (let i = 0; i < 8; i += 1) flooder.emit('ping', () => undefined);
    await expect(dropped).resolves.toBe('io server disconnect');

    const big = await open(harness.url, 'member');
    const closed = new Promise<string>((resolve) => big.once('disconnect', resolve));
    big.emit('ping', 'x'.repeat(4_096) as never);
    await expect(closed).resolves.toBe('transport close');
  });

  it('tells a refused token from one that could not be checked', async () => {
    await expect(open(harness.url, 'nobody')).rejects.toThrow('unauthorized');
    await expect(open(harness.url, 'unknowable')).rejects.toThrow('unavailable');
  });

  it('answers ping with the server time', async () => {
    const socket = await open(harness.url);
    const reply = await new Promise<{ at: string }>((resolve) => socket.emit('ping', resolve));
    expect(Number.isNaN(Date.parse(reply.at))).toBe(false);
    socket.close();
  });
});

describe.runIf(redisServer)('presence across processes over a real redis-server', () => {
  let redis: RedisServerHandle;
  let a: Harness;
  let b: Harness;
  beforeAll(async () => {
    redis = await startRedisServer(redisServer!);
    a = await startRealtime({ redisUrl: redis.url });
    b = await startRealtime({ redisUrl: redis.url });
  });
  afterAll(async () => {
    await stopRealtime(a);
    await stopRealtime(b);
    await redis?.stop();
  });

  storeCases('redis', async (clock) => redisPresence(redis.url, clock));

  it('sees a member online on either process and announces each edge once', async () => {
    const admin = await open(a.url, 'admin');
    const heard: boolean[] = [];
    admin.on('presence:changed', (payload: { userId: string; online: boolean }) => {
      if (payload.userId === 'member1') heard.push(payload.online);
    });
    const onB = await open(b.url, 'member');
    await eventually(async () => expect(heard).toEqual([true]));
    const onA = await open(a.url, 'member');
    expect(await a.realtime.presence.onlineUserIds()).toContain('member1');
    onB.close();
    // B let go of its claim; A's still holds.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await b.realtime.presence.onlineUserIds()).toContain('member1');
    onA.close();
    await eventually(async () => expect(await b.realtime.presence.onlineUserIds()).not.toContain('member1'));
    await eventually(async () => expect(heard).toEqual([true, false]));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual([true, false]);
    admin.close();
  });
});
