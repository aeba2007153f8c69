import type { ChatSummary, PresencePayload } from '@le/contracts';
import { tempDir, type TempDir } from '@le/testing';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { startServer, type RunningServer } from '../src/main';
import { ADMIN, call, signIn, signUp, type SignedInUser, type TestApp } from './helpers';

/** Presence in the one process: heartbeats and sockets make a member online for admins. */
describe('presence', () => {
  let dir: TempDir;
  let server: RunningServer;
  let t: TestApp;
  let admin: SignedInUser;
  let member: SignedInUser;
  const sockets: Socket[] = [];

  const open = (token: string): Promise<Socket> =>
    new Promise((resolve, reject) => {
      const socket = connect(server.url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
      sockets.push(socket);
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  const nextPresence = (socket: Socket, userId: string) =>
    new Promise<boolean>((resolve) => {
      const listener = (payload: PresencePayload) => {
        if (payload.userId !== userId) return;
        socket.off('presence:changed', listener);
        resolve(payload.online);
      };
      socket.on('presence:changed', listener);
    });
  const memberOnline = async () => {
    const response = await call(t.app, { method: 'GET', url: '/api/chat/admin/chats', token: admin.token });
    expect(response.statusCode).toBe(200);
    const chats = response.json<{ chats: ChatSummary[] }>().chats;
    const mine = chats.find((chat) => chat.participants.some((participant) => participant._id === member.userId));
    expect(mine).toBeDefined();
    return mine!.online;
  };

  beforeAll(async () => {
    dir = await tempDir('le-presence-');
    const config = loadConfig(
      { DATA_DIR: dir.path, PORT: '0', HOST: '127.0.0.1', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
      dir.path,
    );
    server = await startServer(config, 'all', { logger: false });
    t = { app: server.app, config, store: server.app.store, dataDir: dir.path, close: async () => undefined };
    admin = await signIn(t, ADMIN.email, ADMIN.password);
    const signedUp = await signUp(t, 'presence');
    await server.app.store.users.update(signedUp.userId, {
      role: 'member',
      membershipTier: 'basic',
      membershipEnd: new Date(Date.now() + 86_400_000),
    });
    member = await signIn(t, signedUp.email, signedUp.password);
    const opened = await call(t.app, { method: 'POST', url: '/api/chat/with-admin', token: member.token });
    const chatId = opened.json<{ chat: ChatSummary }>().chat._id;
    const posted = await call(t.app, {
      method: 'POST',
      url: '/api/chat',
      token: member.token,
      payload: { content: 'hello', type: 'private', chatId },
    });
    expect(posted.statusCode).toBe(201);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server?.close();
    await dir?.remove();
  });

  it('marks the member of an admin chat online from a heartbeat and tells admins at once', async () => {
    const adminSocket = await open(admin.token);
    expect(await memberOnline()).toBe(false);

    const announced = nextPresence(adminSocket, member.userId);
    const beat = await call(t.app, {
      method: 'POST',
      url: '/api/auth/heartbeat',
      token: member.token,
      payload: { sessionId: member.sessionId },
    });
    expect(beat.statusCode).toBe(204);
    await expect(announced).resolves.toBe(true);
    expect(await memberOnline()).toBe(true);
    expect(await server.realtime!.presence.onlineUserIds()).toContain(member.userId);
  });

  it('keeps the member online while a socket is open, and offline once logged out everywhere', async () => {
    const adminSocket = await open(admin.token);
    const memberSocket = await open(member.token);
    // The unload beacon withdraws the heartbeat; the socket still vouches.
    const beacon = await call(t.app, { method: 'POST', url: '/api/auth/session/end', payload: { sessionId: member.sessionId } });
    expect(beacon.statusCode).toBe(204);
    expect(await memberOnline()).toBe(true);

    const offline = nextPresence(adminSocket, member.userId);
    const dropped = new Promise((resolve) => memberSocket.once('disconnect', resolve));
    const logout = await call(t.app, { method: 'POST', url: '/api/auth/logout', token: member.token });
    expect(logout.statusCode).toBe(200);
    await dropped;
    await expect(offline).resolves.toBe(false);
    expect(await memberOnline()).toBe(false);
  });

  it('tells admins, and members nothing', async () => {
    const other = await signUp(t, 'bystander');
    const bystander = await open(other.token);
    const heard: unknown[] = [];
    bystander.on('presence:changed', (payload) => heard.push(payload));
    const adminSocket = await open(admin.token);
    const again = await signIn(t, member.email, member.password);
    const announced = nextPresence(adminSocket, member.userId);
    const beat = await call(t.app, { method: 'POST', url: '/api/auth/heartbeat', token: again.token, payload: { sessionId: again.sessionId } });
    expect(beat.statusCode).toBe(204);
    await expect(announced).resolves.toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual([]);
  });
});
