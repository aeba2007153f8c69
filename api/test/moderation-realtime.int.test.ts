import type { ChatEventPayload, ModerationCountPayload, ModerationReportPayload, UserRestrictedPayload } from '@le/contracts';
import { requireOrSkip } from '@le/testing';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMember, eventually, login, openSocket, postChat, rest, SCALE_ADMIN, startScaledSet, type Account, type ScaledSet } from './support/scale';

/**
 * Moderation scaled out (contract §13): the API alone (events through the Redis emitter), two
 * standalone realtime processes on a private redis-server, clients over real HTTP and Socket.IO.
 */
const redisServer = requireOrSkip('redis-server', 'the scaled set-up', 'apt-get install redis-server');

describe.runIf(redisServer)('moderation across two realtime processes', { timeout: 60_000 }, () => {
  let set: ScaledSet;
  let admin: Account;
  let secondAdmin: Account;
  let member: Account;
  let reporter: Account;
  const sockets: Socket[] = [];

  const open = async (process: 0 | 1, account?: Account) => {
    const socket = await openSocket(set.realtime[process]!.url, account?.token);
    sockets.push(socket);
    return socket;
  };
  const heard = <T>(socket: Socket, event: string): T[] => {
    const got: T[] = [];
    socket.on(event, (payload: T) => got.push(payload));
    return got;
  };

  beforeAll(async () => {
    set = await startScaledSet({ redisExecutable: redisServer!, realtimeProcesses: 2 });
    admin = await login(set, SCALE_ADMIN.email, SCALE_ADMIN.password);
    const promoted = await createMember(set, 'helper');
    await set.api.app.store.users.update(promoted.userId, { role: 'admin', membershipTier: 'admin' });
    secondAdmin = await login(set, promoted.email, promoted.password);
    member = await createMember(set, 'tout');
    reporter = await createMember(set, 'reporter');
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => {
    await set?.close();
  });

  it('brings a new report and the open count to two admins on two processes, and to nobody else', async () => {
    const onA = heard<ModerationReportPayload>(await open(0, admin), 'moderation:report');
    const onB = heard<ModerationReportPayload>(await open(1, secondAdmin), 'moderation:report');
    const countOnB = heard<ModerationCountPayload>(sockets[1]!, 'moderation:count');
    const overheard = [
      ...heard<unknown>(await open(0, member), 'moderation:report'),
      ...heard<unknown>(await open(1, reporter), 'moderation:report'),
      ...heard<unknown>(await open(1), 'moderation:report'),
    ];

    const message = await postChat(set, member, 'Pasti profit, join VIP', null);
    const filed = await rest<{ report: { _id: string } }>(set.apiUrl, 'POST', `/api/chat/${message._id}/report`, {
      token: reporter.token,
      body: { reason: 'Janji profit' },
    });
    for (const got of [onA, onB]) {
      await eventually(() => expect(got).toHaveLength(1));
      expect(got[0]).toMatchObject({
        report: { _id: filed.report._id, reason: 'Janji profit', reporter: { _id: reporter.userId }, message: { _id: message._id, content: 'Pasti profit, join VIP' }, status: 'open' },
        openCount: 1,
      });
    }

    // Resolved from process A's admin: the count falls on B's screen too.
    await rest(set.apiUrl, 'POST', `/api/moderation/reports/${filed.report._id}/resolve`, { token: admin.token, body: { action: 'dismiss' } });
    await eventually(() => expect(countOnB.at(-1)).toEqual({ openCount: 0 }));
    expect(overheard).toEqual([]);
  });

  it('tells the timed-out user’s own sockets when the timeout starts and ends; the room refuses them meanwhile', async () => {
    const own = heard<UserRestrictedPayload>(await open(1, member), 'user:restricted');
    const others = heard<UserRestrictedPayload>(await open(0, reporter), 'user:restricted');
    const { timeout } = await rest<{ timeout: { until: string } }>(set.apiUrl, 'POST', '/api/moderation/timeouts', {
      token: admin.token,
      body: { userId: member.userId, minutes: 10, reason: 'Tout' },
    });
    await eventually(() => expect(own).toEqual([{ timedOutUntil: timeout.until }]));
    const refused = await rest<{ code: string; until: string }>(set.apiUrl, 'POST', '/api/chat', { token: member.token, body: { content: 'halo' }, expect: [403] });
    expect(refused).toMatchObject({ code: 'TIMED_OUT', until: timeout.until });
    await rest(set.apiUrl, 'DELETE', `/api/moderation/timeouts/${member.userId}`, { token: secondAdmin.token });
    await eventually(() => expect(own.at(-1)).toEqual({ timedOutUntil: null }));
    expect(others).toEqual([]);
    await postChat(set, member, 'Maaf semuanya', null);
  });

  it('carries room.updated (slow mode, the pin) to every process, and a reconnected client catches up by seq', async () => {
    const live = await open(1);
    const events: ChatEventPayload[] = [];
    live.on('chat:event', (event: ChatEventPayload) => events.push(event));
    const pin = await postChat(set, admin, 'Aturan: tanpa janji profit', null);
    await rest(set.apiUrl, 'PUT', '/api/moderation/room', { token: admin.token, body: { slowModeSeconds: 30, pinnedMessageId: pin._id } });
    await eventually(() => expect(events.find((event) => event.type === 'room.updated')).toBeDefined());
    const update = events.find((event) => event.type === 'room.updated')!;
    expect(update.room).toMatchObject({ slowModeSeconds: 30, pinnedMessage: { _id: pin._id, content: 'Aturan: tanpa janji profit' } });

    // A client that was away reads forward from its last seq and gets the room as it is.
    const caughtUp = await rest<{ events: ChatEventPayload[] }>(set.apiUrl, 'GET', `/api/chat/events?stream=global&after=${update.seq - 1}`);
    expect(caughtUp.events[0]).toMatchObject({ seq: update.seq, type: 'room.updated', room: { slowModeSeconds: 30, pinnedMessage: { _id: pin._id } } });

    // Slow mode holds the member back in the room while the admins still hear them.
    const other = await createMember(set, 'slow');
    await postChat(set, other, 'Pertama', null);
    const slowed = await rest<{ code: string; retryAfter: number }>(set.apiUrl, 'POST', '/api/chat', { token: other.token, body: { content: 'Kedua' }, expect: [429] });
    expect(slowed.code).toBe('SLOW_MODE');
    const { chat } = await rest<{ chat: { _id: string } }>(set.apiUrl, 'POST', '/api/chat/with-admin', { token: other.token });
    await postChat(set, other, 'Admin, kenapa lambat?', chat._id);
    await rest(set.apiUrl, 'PUT', '/api/moderation/room', { token: admin.token, body: { slowModeSeconds: 0, pinnedMessageId: null } });
  });
});
