import type { SignalEventPayload } from '@le/contracts';
import { latestCode, requireOrSkip, tempDir, type TempDir } from '@le/testing';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { startServer, type RunningServer } from '../src/main';
import { createMember, eventually, login, openSocket, rest, SCALE_ADMIN, startScaledSet, type Account, type ScaledSet } from './support/scale';
import { uniqueTag } from './support/unique';

/** `signal:event` over real sockets: one publish per audience, each socket its own view, alone and through Redis. */
const BUY = { side: 'buy', entry: 2380, stopLoss: 2370, takeProfits: [2390], analysis: 'Experts read this' };
const DAY = 86_400_000;

const record = (socket: Socket): SignalEventPayload[] => {
  const received: SignalEventPayload[] = [];
  socket.on('signal:event', (event: SignalEventPayload) => received.push(event));
  return received;
};

/** What a socket saw of the signal: the levels, the analysis, or neither. */
const seen = (event: SignalEventPayload | undefined) =>
  event ? { side: event.signal.side, entry: event.signal.entry, analysis: event.signal.analysis } : undefined;
const REDACTED = { side: null, entry: null, analysis: null };
const LEVELS = { side: 'buy', entry: 2380, analysis: null };
const FULL = { side: 'buy', entry: 2380, analysis: 'Experts read this' };

describe('signal:event in the one process', () => {
  const ADMIN = { ADMIN_EMAIL: 'signals-rt-admin@example.com', ADMIN_PASSWORD: 'signals-rt-admin-password' };
  let dir: TempDir;
  let server: RunningServer;
  const sockets: Socket[] = [];

  const inject = (method: 'GET' | 'POST', url: string, token?: string, payload?: Record<string, unknown>) =>
    server.app.inject({ method, url, ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}), ...(payload ? { payload } : {}) });
  const signIn = async (email: string, password: string) =>
    (await inject('POST', '/api/auth/login', undefined, { email, password })).json<{ token: string; user: { _id: string } }>();
  let accounts = 0;
  const account = async (tier: string | null, end = new Date(Date.now() + 30 * DAY)) => {
    accounts += 1;
    const input = { name: `Signals ${accounts}`, username: `sig${accounts}${uniqueTag()}`, email: `sig${accounts}${uniqueTag()}@example.com`, password: 'correct horse 1' };
    await inject('POST', '/api/auth/register', undefined, input);
    await inject('POST', '/api/auth/verify-email', undefined, { email: input.email, code: await latestCode(server.app.config.mailOutbox, input.email) });
    const signedIn = await signIn(input.email, input.password);
    if (tier) await server.app.store.users.update(signedIn.user._id, { role: 'member', membershipTier: tier, membershipEnd: end });
    return signedIn;
  };
  const open = (token?: string): Promise<Socket> =>
    new Promise((resolve, reject) => {
      const socket = connect(server.url, { auth: token ? { token } : {}, transports: ['websocket'], reconnection: false, timeout: 5_000 });
      sockets.push(socket);
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });

  beforeAll(async () => {
    dir = await tempDir('le-signals-rt-');
    server = await startServer(loadConfig({ DATA_DIR: dir.path, PORT: '0', HOST: '127.0.0.1', ...ADMIN }, dir.path), 'all', { logger: false });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => {
    await server.close();
    await dir.remove();
  });

  it('sends each socket the signal once, in its own view: guests, trials and basic redacted, pro the levels, expert and admin everything', async () => {
    const admin = await signIn(ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const [trial, basic, pro, expert, expired] = await Promise.all([
      account(null),
      account('basic'),
      account('pro'),
      account('expert'),
      account('expert', new Date(Date.now() - DAY)),
    ]);
    const viewers = { guest: undefined, trial: trial.token, basic: basic.token, expired: expired.token, pro: pro.token, expert: expert.token, admin: admin.token };
    const inbox = Object.fromEntries(
      await Promise.all(Object.entries(viewers).map(async ([name, token]) => [name, record(await open(token))] as const)),
    );
    const opened = await inject('POST', '/api/signals', admin.token, BUY);
    expect(opened.statusCode).toBe(201);
    await eventually(() => {
      for (const events of Object.values(inbox)) expect(events).toHaveLength(1);
    }, 5_000);
    // a moment more: nobody gets a second copy
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(Object.fromEntries(Object.entries(inbox).map(([name, events]) => [name, events.length]))).toEqual({
      guest: 1, trial: 1, basic: 1, expired: 1, pro: 1, expert: 1, admin: 1,
    });
    const views = Object.fromEntries(Object.entries(inbox).map(([name, events]) => [name, seen(events[0])]));
    expect(views).toEqual({ guest: REDACTED, trial: REDACTED, basic: REDACTED, expired: REDACTED, pro: LEVELS, expert: FULL, admin: FULL });
    expect(inbox.guest![0]).toMatchObject({ type: 'signal.opened', seq: opened.json<{ signal: { seq: number } }>().signal.seq });

    // Closing shows the levels to everyone; the analysis stays with experts and admins.
    const id = opened.json<{ signal: { _id: string } }>().signal._id;
    expect((await inject('POST', `/api/signals/${id}/close`, admin.token, { exitPrice: 2390 })).statusCode).toBe(200);
    await eventually(() => {
      for (const events of Object.values(inbox)) expect(events).toHaveLength(2);
    }, 5_000);
    expect(inbox.guest![1]).toMatchObject({ type: 'signal.closed', signal: { side: 'buy', entry: 2380, pips: 100, outcome: 'tp', analysis: null } });
    expect(inbox.expert![1]!.signal.analysis).toBe('Experts read this');
  });

  it('stops sending the levels to a socket the moment its membership ends, without a reconnect', async () => {
    const admin = await signIn(ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const ending = await account('pro');
    // The end is set once the account exists (registration hashes passwords, slow on a busy machine).
    const end = Date.now() + 3_000;
    await server.app.store.users.update(ending.user._id, { membershipEnd: new Date(end) });
    const socket = await open(ending.token);
    const events = record(socket);
    await inject('POST', '/api/signals', admin.token, BUY);
    await eventually(() => expect(events).toHaveLength(1), 5_000);
    expect(seen(events[0])).toEqual(LEVELS);
    await new Promise((resolve) => setTimeout(resolve, end - Date.now() + 200));
    await inject('POST', '/api/signals', admin.token, BUY);
    await eventually(() => expect(events).toHaveLength(2), 5_000);
    expect(seen(events[1])).toEqual(REDACTED);
    expect(socket.connected).toBe(true);
  });

  it('a trial made a member stays connected (a raw client, no reconnection) and gets the next signal with its levels', async () => {
    const admin = await signIn(ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const trial = await account(null);
    const socket = await open(trial.token);
    const drops: string[] = [];
    socket.on('disconnect', (reason) => drops.push(reason));
    const told = new Promise((resolve) => socket.once('membership:changed', resolve));
    const events = record(socket);
    await inject('POST', '/api/signals', admin.token, BUY);
    await eventually(() => expect(events).toHaveLength(1), 5_000);
    expect(seen(events[0])).toEqual(REDACTED);

    const made = await server.app.inject({
      method: 'PATCH',
      url: `/api/admin/members/${trial.user._id}`,
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { role: 'member', membershipTier: 'pro', duration: 'monthly' },
    });
    expect(made.statusCode).toBe(200);
    await expect(told).resolves.toMatchObject({ role: 'member', membershipTier: 'pro' });
    await inject('POST', '/api/signals', admin.token, BUY);
    await eventually(() => expect(events).toHaveLength(2), 5_000);
    expect(seen(events[1])).toEqual(LEVELS);
    expect([socket.connected, drops]).toEqual([true, []]);
  });
});

const redisServer = requireOrSkip('redis-server', 'signals through Redis', 'apt-get install redis-server');

describe.runIf(redisServer)('signal:event through Redis to two realtime processes', { timeout: 60_000 }, () => {
  let set: ScaledSet;
  let admin: Account;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    set = await startScaledSet({ redisExecutable: redisServer!, realtimeProcesses: 2 });
    admin = await login(set, SCALE_ADMIN.email, SCALE_ADMIN.password);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await set?.close();
  });

  it('gives each socket its own view once, whichever process holds it, and catch-up reads the same views', async () => {
    const pro = await createMember(set, 'pro');
    const expert = await createMember(set, 'expert');
    const basic = await createMember(set, 'basic');
    await set.api.app.store.users.update(pro.userId, { membershipTier: 'pro' });
    await set.api.app.store.users.update(expert.userId, { membershipTier: 'expert' });
    const socketOf = async (process: 0 | 1, token?: string) => {
      const socket = await openSocket(set.realtime[process]!.url, token);
      sockets.push(socket);
      return record(socket);
    };
    const inbox = {
      guestA: await socketOf(0),
      basicB: await socketOf(1, basic.token),
      proA: await socketOf(0, pro.token),
      proB: await socketOf(1, pro.token),
      expertB: await socketOf(1, expert.token),
      adminA: await socketOf(0, admin.token),
    };
    const { signal } = await rest<{ signal: { _id: string; seq: number } }>(set.apiUrl, 'POST', '/api/signals', { token: admin.token, body: BUY });
    await eventually(() => {
      for (const events of Object.values(inbox)) expect(events).toHaveLength(1);
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(Object.fromEntries(Object.entries(inbox).map(([name, events]) => [name, [events.length, seen(events[0])]]))).toEqual({
      guestA: [1, REDACTED],
      basicB: [1, REDACTED],
      proA: [1, LEVELS],
      proB: [1, LEVELS],
      expertB: [1, FULL],
      adminA: [1, FULL],
    });
    // A client that missed it reads the same view forward from its last seq.
    const forward = async (token?: string) =>
      (await rest<{ events: SignalEventPayload[] }>(set.apiUrl, 'GET', `/api/signals/events?after=${signal.seq - 1}`, token ? { token } : {})).events;
    expect((await forward()).map(seen)).toEqual([REDACTED]);
    expect((await forward(pro.token)).map(seen)).toEqual([LEVELS]);
    expect((await forward(expert.token)).map(seen)).toEqual([FULL]);
  });

  it('a trial on a standalone process made a member stays connected (no reconnection) and gets the next signal with its levels', async () => {
    const trial = await createMember(set, 'trialist');
    await set.api.app.store.users.update(trial.userId, { role: 'trial', membershipTier: 'trial', membershipEnd: null, trialExpiresAt: new Date(Date.now() + 7 * DAY) });
    const socket = await openSocket(set.realtime[1]!.url, trial.token);
    sockets.push(socket);
    const drops: string[] = [];
    socket.on('disconnect', (reason) => drops.push(reason));
    const events = record(socket);
    await rest(set.apiUrl, 'POST', '/api/signals', { token: admin.token, body: BUY });
    await eventually(() => expect(events).toHaveLength(1));
    expect(seen(events[0])).toEqual(REDACTED);

    await rest(set.apiUrl, 'PATCH', `/api/admin/members/${trial.userId}`, { token: admin.token, body: { role: 'member', membershipTier: 'pro', duration: 'monthly' } });
    await rest(set.apiUrl, 'POST', '/api/signals', { token: admin.token, body: BUY });
    await eventually(() => expect(events).toHaveLength(2));
    expect(seen(events[1])).toEqual(LEVELS);
    expect([socket.connected, drops]).toEqual([true, []]);
  });
});
