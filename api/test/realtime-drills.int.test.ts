import type { ChatEventPayload, ChatSummary } from '@le/contracts';
import { REVOKED_SESSION_KEY } from '@le/contracts';
import { freePort, requireOrSkip } from '@le/testing';
import { Redis } from 'ioredis';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createMember,
  eventually,
  login,
  openSocket,
  rest,
  restView,
  SCALE_ADMIN,
  startFailoverProxy,
  startRealtimeProcess,
  startScaledSet,
  StreamMirror,
  collectEvents,
  postChat,
  type Account,
  type RealtimeProcess,
  type ScaledSet,
} from './support/scale';

/**
 * Fault drills on the scaled set-up (a real redis-server, the API alone, standalone realtime
 * processes): a realtime process killed, Redis away during a logout and a demotion, Redis back
 * empty. A standalone realtime process fails closed (contract §10): it admits a signed-in socket
 * only on the API's word, with the role the store has, whatever Redis holds or forgot.
 */
const redisServer = requireOrSkip('redis-server', 'the realtime fault drills', 'apt-get install redis-server');

describe.runIf(redisServer)('fault drills: realtime processes, the API and Redis', { timeout: 90_000 }, () => {
  let set: ScaledSet;
  let admin: Account;
  let member: Account;
  let chatId: string;
  let keys: Redis;
  const sockets: Socket[] = [];
  const stopped = new Set<RealtimeProcess>();
  let redisAway = false;
  const stopRedis = async () => {
    redisAway = true;
    await set.redis.stop();
  };
  const restartRedis = async () => {
    await set.redis.restart();
    redisAway = false;
  };

  const open = async (url: string, account?: Account, reconnection = false) => {
    const socket = await openSocket(url, account?.token, { reconnection });
    sockets.push(socket);
    return socket;
  };
  const post = (account: Account, content: string, chat: string | null = chatId) => postChat(set, account, content, chat);
  const collect = collectEvents;
  const disconnected = (socket: Socket) => new Promise<string>((resolve) => socket.once('disconnect', resolve));
  /** `work`, or a failure naming what did not happen within `ms`. */
  const within = <T>(work: Promise<T>, ms: number, what: string) =>
    Promise.race([work, new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms))]);
  const setRole = (account: Account, role: 'admin' | 'member') =>
    rest(set.apiUrl, 'PATCH', `/api/admin/members/${account.userId}`, {
      token: admin.token,
      body: role === 'admin' ? { role } : { role, membershipTier: 'basic', duration: 'monthly' },
    });
  /** A member who was made admin and signed in as one: its token's claim says admin. */
  const formerAdmin = async (label: string) => {
    const account = await createMember(set, label);
    await setRole(account, 'admin');
    return login(set, account.email, account.password);
  };
  /** Resolves once `watcher` hears a message posted now: Redis carries the API's broadcasts again. */
  const deliveryResumed = (watcher: Socket) => {
    const heard = collect(watcher);
    return eventually(async () => {
      const probe = await post(admin, `probe ${Date.now()}`, null);
      await eventually(() => expect(heard.some((event) => event.message?._id === probe._id)).toBe(true), 1_000);
    }, 30_000);
  };
  const freeze = (process: RealtimeProcess) => {
    stopped.add(process);
    process.child.kill('SIGSTOP');
  };
  const thaw = (process: RealtimeProcess) => {
    stopped.delete(process);
    process.child.kill('SIGCONT');
  };

  beforeAll(async () => {
    set = await startScaledSet({ redisExecutable: redisServer!, realtimeProcesses: 2 });
    keys = new Redis(set.redis.url, { maxRetriesPerRequest: null });
    keys.on('error', () => undefined); // away on purpose in some drills; it reconnects
    admin = await login(set, SCALE_ADMIN.email, SCALE_ADMIN.password);
    member = await createMember(set, 'drill');
    chatId = (await rest<{ chat: ChatSummary }>(set.apiUrl, 'POST', '/api/chat/with-admin', { token: member.token })).chat._id;
  });
  // A drill that failed half-way leaves the set as the next one expects it.
  afterEach(async () => {
    for (const process of [...stopped]) thaw(process);
    for (const socket of sockets.splice(0)) socket.close();
    if (redisAway) await restartRedis();
  });
  afterAll(async () => {
    keys?.disconnect();
    await set?.close();
  });

  it('kill -9 of a realtime process: its clients reconnect to the other and converge by seq, losing nothing posted meanwhile', async () => {
    // A process of this drill's own behind a proxy that fails over (as nginx does), the other
    // process of the set behind it.
    const victim = await startRealtimeProcess({ REDIS_URL: set.redis.url, JWT_SECRET: set.secret, API_URL: set.apiUrl });
    const survivor = set.realtime[1]!;
    const proxy = await startFailoverProxy([victim.port, survivor.port]);
    try {
      const memberMirror = new StreamMirror(set.apiUrl, member.token);
      const adminMirror = new StreamMirror(set.apiUrl, admin.token);
      const memberSocket = await open(proxy.url, member, true);
      const adminSocket = await open(proxy.url, admin, true);
      expect(proxy.served.get(victim.port)).toBe(2);
      for (const [mirror, socket] of [
        [memberMirror, memberSocket],
        [adminMirror, adminSocket],
      ] as const) {
        mirror.attach(socket);
        mirror.follow(chatId);
        mirror.follow('global');
        await Promise.all([mirror.catchUp(chatId), mirror.catchUp('global')]);
      }
      const before = await post(member, 'before the crash');
      await eventually(() => expect(adminMirror.delivered.some((event) => event.message?._id === before._id)).toBe(true));

      // The process dies; the outage lasts until the proxy lets connections through again.
      const down = [disconnected(memberSocket), disconnected(adminSocket)];
      proxy.hold(true);
      victim.child.kill('SIGKILL');
      await expect(Promise.all(down)).resolves.toEqual(['transport close', 'transport close']);
      const during = [
        await post(admin, 'while the process is dead 1'),
        await post(member, 'while the process is dead 2'),
        await post(admin, 'global, while the process is dead', null),
      ];
      await rest(set.apiUrl, 'PATCH', `/api/chat/${during[0]!._id}`, { token: admin.token, body: { content: 'while the process is dead 1 (edited)' } });
      await rest(set.apiUrl, 'PATCH', `/api/chat/${during[1]!._id}/hide`, { token: admin.token, body: {} });
      expect(memberMirror.messages.has(during[0]!._id)).toBe(false);
      proxy.hold(false);

      // Both reconnect by themselves, to the survivor, and read their streams forward.
      await eventually(() => expect(memberSocket.connected && adminSocket.connected).toBe(true), 30_000);
      expect(proxy.served.get(survivor.port)).toBeGreaterThanOrEqual(2);
      for (const [mirror, token] of [
        [memberMirror, member.token],
        [adminMirror, admin.token],
      ] as const) {
        await eventually(async () => {
          expect(mirror.view(chatId)).toEqual(await restView(set.apiUrl, chatId, token));
          expect(mirror.view('global')).toEqual(await restView(set.apiUrl, 'global', token));
        });
        for (const message of during) expect(mirror.messages.has(message._id)).toBe(true);
        // Exactly once, in order, with no hole: 1, 2, 3... per stream.
        for (const stream of [chatId, 'global']) {
          const seqs = mirror.applied.filter((event) => event.stream === stream).map((event) => event.seq);
          expect(seqs).toEqual(seqs.map((_, index) => index + 1));
        }
      }
      expect(memberMirror.messages.get(during[0]!._id)).toMatchObject({ content: 'while the process is dead 1 (edited)' });
      expect(memberMirror.messages.get(during[1]!._id)).toMatchObject({ content: '', hidden: true });
      expect(adminMirror.messages.get(during[1]!._id)).toMatchObject({ content: 'while the process is dead 2', hidden: true });

      // Live again, from the survivor: the admin (confirmed there by the API) hears the private stream.
      const after = await post(member, 'after the crash');
      await eventually(() => expect(adminMirror.delivered.some((event) => event.message?._id === after._id)).toBe(true));
      await eventually(() => expect(memberMirror.view(chatId).some((message) => message._id === after._id)).toBe(true));
    } finally {
      await proxy.close();
      await victim.stop();
    }
  });

  it('Redis down during a logout and a demotion: refused everywhere meanwhile and after; the ended session dropped, the demoted admin moved out of the admin rooms', async () => {
    const [a, b] = set.realtime as [RealtimeProcess, RealtimeProcess];
    const leaving = await login(set, member.email, member.password);
    const dana = await formerAdmin('dana');
    const leavingSocket = await open(b.url, leaving);
    const danaSocket = await open(b.url, dana);
    const watcher = await open(a.url, admin);
    // Dana is in the admin rooms for now: she hears another member's private chat.
    const heard = collect(danaSocket);
    const first = await post(member, 'dana may read this');
    await eventually(() => expect(heard.some((event) => event.message?._id === first._id)).toBe(true));

    await stopRedis();
    await rest(set.apiUrl, 'POST', '/api/auth/logout', { token: leaving.token });
    await setRole(dana, 'member');
    // While Redis is away the API still answers for every handshake: the ended session is refused.
    for (const process of [a, b]) await expect(openSocket(process.url, leaving.token)).rejects.toThrow('unauthorized');

    // Process B cannot hear anything while Redis comes back: what the API queued meanwhile (the
    // drop of both sockets) goes out, and B misses it, as a slow process would.
    const leavingDropped = disconnected(leavingSocket);
    const danaDrops: string[] = [];
    danaSocket.on('disconnect', (reason) => danaDrops.push(reason));
    freeze(b);
    await restartRedis();
    // The revocation kept by the API while Redis was away is written to the new (empty) Redis.
    await eventually(async () => expect(await keys.exists(REVOKED_SESSION_KEY(leaving.sessionId))).toBe(1), 30_000);
    // A message posted now, on the same connection after the queued drops, reaches A: they went out.
    await deliveryResumed(watcher);
    thaw(b);

    // Once B hears Redis again it confirms its sockets with the API: the ended session is dropped,
    // and Dana's socket, still signed in, leaves the admin rooms without a reconnect.
    await expect(within(leavingDropped, 20_000, "the ended session's socket dropped")).resolves.toBe('io server disconnect');
    const heardByDana = collect(danaSocket);
    const adminHears = collect(watcher);
    await eventually(async () => {
      const secret = await post(member, `not for dana ${Date.now()}`);
      const marker = await post(member, `a global marker ${Date.now()}`, null);
      await eventually(() => expect(adminHears.some((event) => event.message?._id === secret._id)).toBe(true));
      await eventually(() => expect(heardByDana.some((event) => event.message?._id === marker._id)).toBe(true));
      expect(heardByDana.some((event) => event.message?._id === secret._id)).toBe(false);
    }, 20_000);
    expect([danaSocket.connected, danaDrops]).toEqual([true, []]);
    for (const process of [a, b]) await expect(openSocket(process.url, leaving.token)).rejects.toThrow('unauthorized');

    // Dana is still signed in: her token (its claim still says admin) reconnects, as a member.
    const again = await open(b.url, dana);
    const danaEvents = collect(again);
    const adminHeard = collect(watcher);
    const second = await post(member, 'not for dana any more');
    const global = await post(member, 'a global marker after the demotion', null);
    await eventually(() => expect(adminHeard.some((event) => event.message?._id === second._id)).toBe(true));
    await eventually(() => expect(danaEvents.some((event) => event.message?._id === global._id)).toBe(true));
    expect(danaEvents.filter((event) => event.stream === chatId)).toEqual([]);
    await rest(set.apiUrl, 'GET', '/api/auth/me', { token: dana.token });
  });

  it('the API away: a signed-in handshake is answered unavailable (the client retries), never admitted on its claims; guests still connect', async () => {
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    const orphan = await startRealtimeProcess({ REDIS_URL: set.redis.url, JWT_SECRET: set.secret, API_URL: nowhere });
    try {
      await expect(openSocket(orphan.url, admin.token)).rejects.toThrow('unavailable');
      await expect(openSocket(orphan.url, 'not-a-token')).rejects.toThrow('unauthorized');
      (await open(orphan.url)).close();
    } finally {
      await orphan.stop();
    }
  });

  it('Redis back empty (FLUSHALL, then a fresh redis-server on the same port): a signed-out token is refused and a demoted admin joins no admin room', async () => {
    const [a, b] = set.realtime as [RealtimeProcess, RealtimeProcess];
    // Both happen while Redis is up: the API's revocation and role keys are written, then lost.
    const gone = await login(set, member.email, member.password);
    await rest(set.apiUrl, 'POST', '/api/auth/logout', { token: gone.token });
    const erin = await formerAdmin('erin');
    await setRole(erin, 'member');

    for (const emptied of ['FLUSHALL', 'a fresh redis-server'] as const) {
      if (emptied === 'FLUSHALL') {
        await keys.flushall();
      } else {
        await restartRedis();
        await deliveryResumed(await open(a.url, admin));
      }
      expect(await keys.exists(REVOKED_SESSION_KEY(gone.sessionId))).toBe(0);

      for (const process of [a, b]) await expect(openSocket(process.url, gone.token)).rejects.toThrow('unauthorized');

      // Erin connects (she is still signed in) but only into the member rooms, on either process.
      const erinEvents = [collect(await open(a.url, erin)), collect(await open(b.url, erin))];
      const adminEvents = collect(await open(a.url, admin));
      const secret = `private words after ${emptied}`;
      const privately = await post(member, secret);
      const hiddenLater = await post(member, `soon hidden after ${emptied}`, null);
      await rest(set.apiUrl, 'PATCH', `/api/chat/${hiddenLater._id}/hide`, { token: admin.token, body: {} });
      const hiddenFor = (events: ChatEventPayload[]) => events.find((event) => event.type === 'message.hidden' && event.message?._id === hiddenLater._id);

      // The admin view went out (an admin has it) ...
      await eventually(() => expect(adminEvents.some((event) => event.message?._id === privately._id)).toBe(true));
      await eventually(() => expect(hiddenFor(adminEvents)?.message).toMatchObject({ content: `soon hidden after ${emptied}`, hidden: true }));
      // ... and Erin's sockets, which hear the global stream, got the member view alone.
      for (const events of erinEvents) {
        await eventually(() => expect(hiddenFor(events)).toBeDefined());
        expect(hiddenFor(events)!.message).toMatchObject({ content: '', hidden: true });
        expect(events.filter((event) => event.type === 'message.hidden' && event.message?._id === hiddenLater._id)).toHaveLength(1);
        expect(events.filter((event) => event.stream === chatId)).toEqual([]);
        expect(JSON.stringify(events)).not.toContain(secret);
      }
    }
  });
});
