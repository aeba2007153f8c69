import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRealtimeServer, memoryPresence, type RealtimeServer, type SocketIdentity } from '../src/index';

/**
 * A standalone process asks the API again now and then: a socket whose session ended without the
 * drop reaching this process loses its rooms at the next round; one that cannot be checked at
 * that moment (the API away) stays.
 */
describe('the periodic confirmation of signed-in sockets', () => {
  /** What the API would answer now, per token: an identity, null (refused) or 'down' (no answer). */
  const answers = new Map<string, SocketIdentity | null | 'down'>();
  let realtime: RealtimeServer;
  let url: string;
  const http = createServer();
  const sockets: Socket[] = [];

  beforeAll(async () => {
    realtime = await createRealtimeServer({
      httpServer: http,
      presence: memoryPresence(),
      identityCache: { forgetUser: () => undefined, forgetSession: () => undefined, setListening: () => undefined },
      reconfirmMs: 100,
      authenticate: async (token) => {
        if (!token) return { userId: null, sessionId: null, role: 'guest' };
        const answer = answers.get(token);
        if (answer === 'down') throw new Error('the API did not answer');
        return answer ?? null;
      },
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await realtime.close();
    http.close();
  });

  const open = async (token: string): Promise<Socket> => {
    const socket = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return socket;
  };

  it('drops a socket whose session ended meanwhile, and keeps one the API cannot answer for now', async () => {
    answers.set('ended', { userId: 'u1', sessionId: 's1', role: 'admin' });
    answers.set('blip', { userId: 'u2', sessionId: 's2', role: 'member' });
    const ended = await open('ended');
    const blip = await open('blip');
    const dropped = new Promise<string>((resolve) => ended.once('disconnect', resolve));
    answers.set('ended', null);
    answers.set('blip', 'down');
    expect(await dropped).toBe('io server disconnect');
    // several rounds later the unanswered one is still there
    await expect.poll(() => ended.connected, { timeout: 2_000 }).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(blip.connected).toBe(true);
  });

  it('moves a socket whose role changed into the rooms of the new one, without dropping it', async () => {
    answers.set('demoted', { userId: 'u3', sessionId: 's3', role: 'admin' });
    const demoted = await open('demoted');
    const drops: string[] = [];
    demoted.on('disconnect', (reason) => drops.push(reason));
    const roomsOf = () => [...(realtime.io.of('/').sockets.get(demoted.id!)?.rooms ?? [])].filter((room) => room.startsWith('role:'));
    expect(roomsOf()).toEqual(['role:admin']);
    answers.set('demoted', { userId: 'u3', sessionId: 's3', role: 'member' });
    await expect.poll(roomsOf, { timeout: 2_000 }).toEqual(['role:member']);
    expect([demoted.connected, drops]).toEqual([true, []]);
  });
});
