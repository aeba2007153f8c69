import type { ChatEventPayload, ChatMessage, ChatSummary } from '@le/contracts';
import { requireOrSkip } from '@le/testing';
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
  startScaledSet,
  StreamMirror,
  collectEvents,
  postChat,
  type Account,
  type ScaledSet,
} from './support/scale';

/**
 * The scaled set-up for real: a private redis-server, the API alone (events through the Redis
 * emitter), two standalone realtime processes, clients over real HTTP and Socket.IO.
 */
const redisServer = requireOrSkip('redis-server', 'the scaled set-up', 'apt-get install redis-server');

// Child processes and a Redis restart: generous limits, so that a loaded CI machine does not fail them.
describe.runIf(redisServer)('two realtime processes, the API and Redis', { timeout: 60_000 }, () => {
  let set: ScaledSet;
  let admin: Account;
  let member: Account;
  let other: Account;
  let chatId: string;
  const sockets: Socket[] = [];

  const open = async (process: 0 | 1, account?: Account, reconnection = false) => {
    const socket = await openSocket(set.realtime[process]!.url, account?.token, { reconnection });
    sockets.push(socket);
    return socket;
  };
  const post = (account: Account, content: string, chat: string | null = chatId) => postChat(set, account, content, chat);
  const nextEvent = (socket: Socket, match: (event: ChatEventPayload) => boolean) =>
    new Promise<ChatEventPayload>((resolve) => {
      const listener = (event: ChatEventPayload) => {
        if (!match(event)) return;
        socket.off('chat:event', listener);
        resolve(event);
      };
      socket.on('chat:event', listener);
    });
  const collect = collectEvents;

  beforeAll(async () => {
    set = await startScaledSet({ redisExecutable: redisServer!, realtimeProcesses: 2 });
    admin = await login(set, SCALE_ADMIN.email, SCALE_ADMIN.password);
    member = await createMember(set, 'alice');
    other = await createMember(set, 'bob');
    const opened = await rest<{ chat: ChatSummary }>(set.apiUrl, 'POST', '/api/chat/with-admin', { token: member.token });
    chatId = opened.chat._id;
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => {
    await set?.close();
  });

  it('carries private messages between a member on process A and an admin on process B, and to nobody else', async () => {
    const memberSocket = await open(0, member);
    const adminSocket = await open(1, admin);
    const overheard = [...collect(await open(0)), ...collect(await open(1, other))];
    const guestEvents = collect(await open(1));
    const otherEvents = collect(await open(0, other));

    const toAdmin = nextEvent(adminSocket, (event) => event.stream === chatId);
    const sent = await post(member, 'Hello admin, from process A');
    const atAdmin = await toAdmin;
    expect(atAdmin).toMatchObject({ stream: chatId, type: 'message.posted', seq: sent.seq });
    expect(atAdmin.message).toMatchObject({ _id: sent._id, content: 'Hello admin, from process A' });

    const toMember = nextEvent(memberSocket, (event) => event.stream === chatId && event.message?.content === 'Hello member, from B');
    const reply = await post(admin, 'Hello member, from B');
    await expect(toMember).resolves.toMatchObject({ type: 'message.posted', seq: reply.seq });

    // A global message proves the bystanders' sockets work; they never saw the private stream.
    const marker = await post(admin, 'global marker', null);
    await eventually(() => expect(guestEvents.some((event) => event.message?._id === marker._id)).toBe(true));
    await eventually(() => expect(otherEvents.some((event) => event.message?._id === marker._id)).toBe(true));
    expect([...overheard, ...guestEvents, ...otherEvents].filter((event) => event.stream === chatId)).toEqual([]);
  });

  it('shows a guest a hidden message without its content, and the admin with it', async () => {
    const guestSocket = await open(1);
    const adminSocket = await open(0, admin);
    const posted = nextEvent(guestSocket, (event) => event.message?.content === 'soon hidden words');
    const message = await post(member, 'soon hidden words', null);
    await expect(posted).resolves.toMatchObject({ stream: 'global', type: 'message.posted' });

    const guestHidden = nextEvent(guestSocket, (event) => event.type === 'message.hidden' && event.message?._id === message._id);
    const adminHidden = nextEvent(adminSocket, (event) => event.type === 'message.hidden' && event.message?._id === message._id);
    await rest(set.apiUrl, 'PATCH', `/api/chat/${message._id}/hide`, { token: admin.token, body: {} });
    const seenByGuest = await guestHidden;
    expect(seenByGuest.message).toMatchObject({ content: '', hidden: true, hiddenFor: ['all'] });
    expect(JSON.stringify(seenByGuest)).not.toContain('soon hidden words');
    expect((await adminHidden).message).toMatchObject({ content: 'soon hidden words', hidden: true });

    const publicView = await rest<{ messages: ChatMessage[] }>(set.apiUrl, 'GET', '/api/chat/public?limit=100');
    expect(publicView.messages.find((item) => item._id === message._id)).toMatchObject({ content: '', hidden: true });
  });

  it('lets a client that was away while messages were posted, edited and hidden converge after reconnecting', async () => {
    const mirror = new StreamMirror(set.apiUrl, member.token);
    const socket = await open(0, member, true);
    mirror.attach(socket);
    mirror.follow(chatId);
    mirror.follow('global');
    await Promise.all([mirror.catchUp(chatId), mirror.catchUp('global')]);
    expect(mirror.view(chatId)).toEqual(await restView(set.apiUrl, chatId, member.token));

    socket.disconnect();
    const first = await post(admin, 'while away 1');
    const second = await post(admin, 'while away 2');
    await post(admin, 'while away 3');
    await rest(set.apiUrl, 'PATCH', `/api/chat/${first._id}`, { token: admin.token, body: { content: 'while away 1 (edited)' } });
    await rest(set.apiUrl, 'PATCH', `/api/chat/${second._id}/hide`, { token: admin.token, body: {} });
    expect(mirror.view(chatId).some((item) => item._id === first._id)).toBe(false);

    socket.connect();
    const expected = await restView(set.apiUrl, chatId, member.token);
    await eventually(() => expect(mirror.view(chatId)).toEqual(expected));
    expect(expected.find((item) => item._id === second._id)).toMatchObject({ content: '', hidden: true });
    expect(expected.find((item) => item._id === first._id)).toMatchObject({ content: 'while away 1 (edited)' });
    expect(mirror.view('global')).toEqual(await restView(set.apiUrl, 'global', member.token));

    // Exactly once, in order: the applied seqs of each stream are 1, 2, 3... without a repeat.
    for (const stream of [chatId, 'global']) {
      const seqs = mirror.applied.filter((event) => event.stream === stream).map((event) => event.seq);
      expect(seqs).toEqual(seqs.map((_, index) => index + 1));
    }
  });

  it('resumes delivery after Redis restarts, and clients lose nothing once they catch up', async () => {
    const memberMirror = new StreamMirror(set.apiUrl, member.token);
    const adminMirror = new StreamMirror(set.apiUrl, admin.token);
    const memberSocket = await open(0, member, true);
    const adminSocket = await open(1, admin, true);
    memberMirror.attach(memberSocket);
    adminMirror.attach(adminSocket);
    for (const mirror of [memberMirror, adminMirror]) {
      mirror.follow(chatId);
      mirror.follow('global');
      await Promise.all([mirror.catchUp(chatId), mirror.catchUp('global')]);
    }
    const resyncs = { member: 0, admin: 0 };
    memberSocket.on('chat:resync', () => (resyncs.member += 1));
    adminSocket.on('chat:resync', () => (resyncs.admin += 1));
    const before = await post(member, 'before the restart');
    await eventually(() => expect(adminMirror.delivered.some((event) => event.message?._id === before._id)).toBe(true));

    await set.redis.stop();
    // Writes go on while Redis is away: the store is not Redis, so nothing is refused.
    const during = [await post(member, 'while Redis is down'), await post(admin, 'admin, while Redis is down', null)];
    // A new signed-in socket is still confirmed, by the API (the store is not Redis): it connects,
    // and so do guests.
    (await open(0, member)).close();
    (await open(0)).close();
    await set.redis.restart();

    // Delivery resumes: a message posted now reaches both sockets through Redis again.
    await eventually(async () => {
      const probe = await post(admin, `after the restart ${Date.now()}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(memberMirror.delivered.some((event) => event.message?._id === probe._id)).toBe(true);
      expect(adminMirror.delivered.some((event) => event.message?._id === probe._id)).toBe(true);
    }, 20_000);

    // Each realtime process told its clients to read their streams forward once Redis was back
    // (a missed event need not be followed by another one that shows the gap).
    await eventually(() => expect(resyncs).toEqual({ member: 1, admin: 1 }));

    // Anything missed in between is read back: each view equals the REST view.
    for (const [mirror, token] of [
      [memberMirror, member.token],
      [adminMirror, admin.token],
    ] as const) {
      await eventually(async () => {
        expect(mirror.view(chatId)).toEqual(await restView(set.apiUrl, chatId, token));
        expect(mirror.view('global')).toEqual(await restView(set.apiUrl, 'global', token));
      });
      for (const message of during) expect(mirror.messages.has(message._id)).toBe(true);
    }
  });

  it("drops a logged-out session's sockets on another process and refuses its token there afterwards", async () => {
    const session = await login(set, other.email, other.password);
    const onB = await open(1, session);
    const dropped = new Promise<string>((resolve) => onB.once('disconnect', resolve));
    await rest(set.apiUrl, 'POST', '/api/auth/logout', { token: session.token });
    await expect(dropped).resolves.toBe('io server disconnect');
    await expect(openSocket(set.realtime[0]!.url, session.token)).rejects.toThrow('unauthorized');
    await expect(openSocket(set.realtime[1]!.url, session.token)).rejects.toThrow('unauthorized');
    // Other sessions of the same user are untouched.
    const still = await open(0, other);
    expect(still.connected).toBe(true);
  });
  it('an admin changing a role moves the live sockets on a standalone process into the new rooms, without signing anyone out', async () => {
    const carol = await createMember(set, 'carol');
    const privately = (marker: string) => (event: ChatEventPayload) => event.stream === chatId && event.message?.content === marker;
    const setRole = (body: Record<string, unknown>) => rest(set.apiUrl, 'PATCH', `/api/admin/members/${carol.userId}`, { token: admin.token, body });

    // Promoted: the socket stays, moved into the admin rooms through the adapter, and now hears the
    // private chat of another member, as every admin does.
    const socket = await open(1, carol);
    const drops: string[] = [];
    socket.on('disconnect', (reason) => drops.push(reason));
    await setRole({ role: 'admin' });
    const heard = nextEvent(socket, privately('for the admins'));
    await post(member, 'for the admins');
    await expect(heard).resolves.toMatchObject({ stream: chatId });
    // Process A confirms her as an admin too, and keeps that answer a few seconds.
    (await open(0, carol)).close();

    // Demoted again: the same socket leaves the admin rooms on B, and a new one on A, whose kept
    // answer the API's word made it forget, joins the member rooms only.
    await setRole({ role: 'member', membershipTier: 'basic', duration: 'monthly' });
    const heardOnB = collect(socket);
    const heardOnA = collect(await open(0, carol));
    const adminSocket = await open(0, admin);
    const adminHeard = nextEvent(adminSocket, privately('not for carol'));
    await post(member, 'not for carol');
    await adminHeard;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([...heardOnB, ...heardOnA].filter((event) => event.stream === chatId)).toEqual([]);
    // Still signed in through all of it, on the socket she opened first.
    expect([socket.connected, drops]).toEqual([true, []]);
    await rest(set.apiUrl, 'GET', '/api/auth/me', { token: carol.token });
  });
});
