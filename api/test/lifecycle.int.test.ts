import type { MembershipChangedPayload } from '@le/contracts';
import { readOutbox, tempDir, type TempDir } from '@le/testing';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { startServer, type RunningServer } from '../src/main';
import { createMailer } from '../src/plugins/app/mailer';
import { nullPublisher, type EventPublisher } from '../src/plugins/app/publisher';
import { createLifecycle } from '../src/services/lifecycle';
import { createTestApp, signUp, type SignedInUser, type TestApp } from './helpers';
import { uniqueTag } from './support/unique';

/** The membership lifecycle (contract §9): reminders once per period however many processes, ended rights pushed. */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const silent = { info() {}, warn() {}, error() {} };

describe('reminders: exactly once, the most urgent only, across processes and restarts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const member = async (label: string, end: Date, tier = 'pro'): Promise<SignedInUser & { email: string }> => {
    const user = await signUp(t, label);
    const stored = await t.store.users.update(user.userId, { role: 'member', membershipTier: tier, duration: 'monthly', membershipEnd: end });
    return { ...user, email: stored!.email };
  };
  /** The membership mails to this address (its sign-up code left out). */
  const mailsTo = async (email: string) =>
    (await readOutbox(t.config.mailOutbox)).filter((mail) => mail.to === email && mail.subject.startsWith('Lukis Emas: your membership')).map((mail) => mail.subject);
  const lifecycleAt = (clock: () => Date, publisher: EventPublisher = nullPublisher) =>
    createLifecycle({
      store: t.store,
      mailer: createMailer({ smtpUrl: null, from: 'x', outbox: t.config.mailOutbox }),
      realtime: { publisher },
      scanMs: 60_000,
      renewUrl: 'http://emas.test/payment-membership',
      clock,
      log: silent,
    });

  it('two processes on one store: one holds the lease and runs; each reminder goes out once', async () => {
    const now = new Date();
    const soon = await member('twoproc', new Date(now.getTime() + 20 * HOUR));
    const [a, b] = [lifecycleAt(() => now), lifecycleAt(() => now)];
    const reports = await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
    expect(reports.filter((report) => report !== null).length).toBeGreaterThanOrEqual(1);
    // whichever holds the lease, the other gets null until it lapses
    const holders = new Set(reports.map((report, index) => (report ? [a, b, a, b][index]!.holder : null)).filter(Boolean));
    expect(holders.size).toBe(1);
    // an end 20 hours away gets the 1-day mail, not both
    expect(await mailsTo(soon.email)).toEqual(['Lukis Emas: your membership ends tomorrow']);
    // even two holders at once (a lease that lapsed mid-run) claim a notice once
    const claims = await Promise.all([1, 2, 3].map(() => t.store.lifecycle.claimNotice(soon.userId, new Date(now.getTime() + 20 * HOUR), 'ended', now)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('a lease that is not renewed lapses and another process takes over', async () => {
    let now = new Date();
    const first = lifecycleAt(() => now);
    const second = lifecycleAt(() => now);
    expect(await first.runOnce()).not.toBeNull();
    expect(await second.runOnce()).toBeNull();
    now = new Date(now.getTime() + 3 * 60_000); // two missed runs and more
    expect(await second.runOnce()).not.toBeNull();
    expect(await first.runOnce()).toBeNull();
    await second.stop();
    // a clean stop lets the lease go at once
    expect(await first.runOnce()).not.toBeNull();
    await first.stop();
  });

  it('follows one period through time: 7 days, then tomorrow, then ended; a restart sends nothing twice; a renewal starts afresh', async () => {
    const start = new Date();
    const end = new Date(start.getTime() + 6 * DAY);
    const user = await member('period', end, 'expert');
    let now = start;
    const run = async () => {
      const lifecycle = lifecycleAt(() => now); // a new process each time: nothing is remembered in memory
      await lifecycle.runOnce();
      await lifecycle.stop();
    };
    await run();
    await run();
    expect(await mailsTo(user.email)).toEqual(['Lukis Emas: your membership ends in 7 days']);
    now = new Date(end.getTime() - 10 * HOUR);
    await run();
    await run();
    now = new Date(end.getTime() + HOUR);
    await run();
    now = new Date(end.getTime() + 2 * DAY);
    await run();
    expect(await mailsTo(user.email)).toEqual([
      'Lukis Emas: your membership ends in 7 days',
      'Lukis Emas: your membership ends tomorrow',
      'Lukis Emas: your membership has ended',
    ]);
    // renewed: a new period, new reminders
    await t.store.users.update(user.userId, { membershipEnd: new Date(now.getTime() + 5 * DAY) });
    await run();
    expect((await mailsTo(user.email)).at(-1)).toBe('Lukis Emas: your membership ends in 7 days');
    expect(await mailsTo(user.email)).toHaveLength(4);
  });

  it('after downtime sends only what applies now, and tells the screens once that the rights ended', async () => {
    const start = new Date();
    const end = new Date(start.getTime() + 3 * DAY);
    const user = await member('downtime', end);
    const pushes: unknown[] = [];
    const publisher: EventPublisher = {
      ...nullPublisher,
      emit: (rooms, event, ...args) => {
        if (rooms.includes(`user:${user.userId}`)) pushes.push([event, ...args]);
      },
    };
    // the job was down for the whole week before the end; it comes back 2 hours after the end
    const now = new Date(end.getTime() + 2 * HOUR);
    for (let i = 0; i < 3; i += 1) {
      const lifecycle = lifecycleAt(() => now, publisher);
      await lifecycle.runOnce();
      await lifecycle.stop();
    }
    expect(await mailsTo(user.email)).toEqual(['Lukis Emas: your membership has ended']);
    expect(pushes).toEqual([['membership:changed', { role: 'member', membershipTier: 'pro', membershipEnd: end.toISOString(), graceEndsAt: null, canPost: false }]]);
  });

  it('leaves memberships that ended long before alone', async () => {
    const old = await member('longago', new Date(Date.now() - 40 * DAY));
    const lifecycle = lifecycleAt(() => new Date());
    await lifecycle.runOnce();
    await lifecycle.stop();
    expect(await mailsTo(old.email)).toEqual([]);
  });
});

describe('rights that end live, in the running product', () => {
  let dir: TempDir;
  let server: RunningServer;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    dir = await tempDir('le-lifecycle-');
    server = await startServer(
      loadConfig({ DATA_DIR: dir.path, PORT: '0', HOST: '127.0.0.1', LIFECYCLE_SCAN_MS: '1000', ADMIN_EMAIL: 'lc@example.com', ADMIN_PASSWORD: 'lifecycle-admin-1' }, dir.path),
      'all',
      { logger: false },
    );
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server.close();
    await dir.remove();
  });

  it('pushes membership:changed to the member within one run after the end, and mails the end once', async () => {
    const tag = uniqueTag();
    const input = { name: 'Ending', username: `ending${tag}`, email: `ending${tag}@example.com`, password: 'correct horse 1' };
    await server.app.inject({ method: 'POST', url: '/api/auth/register', payload: input });
    const mails = await readOutbox(server.app.config.mailOutbox);
    const code = /\b(\d{6})\b/.exec(mails.find((mail) => mail.to === input.email)!.text)![1]!;
    await server.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { email: input.email, code } });
    const login = (await server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: input.email, password: input.password } })).json<{
      token: string;
      user: { _id: string };
    }>();
    // Time enough for the socket to connect on a busy machine before the end passes.
    const end = new Date(Date.now() + 3_000);
    await server.app.store.users.update(login.user._id, { role: 'member', membershipTier: 'pro', membershipEnd: end });
    const socket = connect(server.url, { auth: { token: login.token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    const changed = new Promise<{ payload: MembershipChangedPayload; at: number }>((resolve) =>
      socket.on('membership:changed', (payload: MembershipChangedPayload) => resolve({ payload, at: Date.now() })),
    );
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const { payload, at } = await changed;
    expect(payload).toEqual({ role: 'member', membershipTier: 'pro', membershipEnd: end.toISOString(), graceEndsAt: null, canPost: false });
    // within one run (1 s) of the end, give or take the run's own time
    expect(at - end.getTime()).toBeLessThan(2_500);
    const subjects = (await readOutbox(server.app.config.mailOutbox)).filter((mail) => mail.to === input.email).map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject.startsWith('Lukis Emas: your membership'))).toContain('Lukis Emas: your membership has ended');
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    const again = (await readOutbox(server.app.config.mailOutbox)).filter((mail) => mail.to === input.email && mail.subject === 'Lukis Emas: your membership has ended');
    expect(again).toHaveLength(1);
  });
});
