import { statSync } from 'node:fs';
import path from 'node:path';
import type { PushDevice, Signal } from '@le/contracts';
import { requireOrSkip, startLocalPushService, startRedisServer, tempDir, type LocalPushService, type TestSubscriber } from '@le/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { VAPID_FILE } from '../src/lib/vapid-keys';
import { startServer } from '../src/main';
import { topicOf } from '../src/services/push/sender';
import { ADMIN, call, createTestApp, signIn, signUp, type SignedInUser, type TestApp } from './helpers';

/**
 * Web Push (contract §14) against a local push service that verifies each request's VAPID JWT and
 * decrypts its aes128gcm payload with the subscription's keys: what a device would show.
 */
const DAY = 86_400_000;
const BUY = { side: 'buy', entry: 2380, stopLoss: 2370.5, takeProfits: [2390, 2400], analysis: 'Breakout above the Asian range.' };

interface Payload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

describe('web push through the API', { timeout: 30_000 }, () => {
  let t: TestApp;
  let service: LocalPushService;
  let admin: SignedInUser;
  const users: Record<'basic' | 'pro' | 'expert' | 'expired' | 'trial', SignedInUser> = {} as never;
  const devices: Record<string, TestSubscriber> = {};

  const subscribe = async (user: SignedInUser, subscriber: TestSubscriber) =>
    call(t.app, { method: 'POST', url: '/api/push/subscriptions', token: user.token, payload: subscriber.subscription, headers: { 'user-agent': 'Test Browser' } });
  const openSignal = async (): Promise<Signal> => {
    const response = await call(t.app, { method: 'POST', url: '/api/signals', token: admin.token, payload: BUY });
    expect(response.statusCode).toBe(201);
    return response.json<{ signal: Signal }>().signal;
  };
  /** Every push of this test so far, by subscriber, once the fan-out and its deliveries are done. */
  const settled = async () => {
    await t.app.push.idle();
    return (subscriber: TestSubscriber) => service.to(subscriber.id).map((push) => push.payload as Payload);
  };

  beforeAll(async () => {
    t = await createTestApp();
    service = await startLocalPushService({ vapidPublicKey: t.config.vapid.publicKey });
    admin = await signIn(t, ADMIN.email, ADMIN.password);
    const month = new Date(Date.now() + 30 * DAY);
    for (const label of ['basic', 'pro', 'expert', 'expired', 'trial'] as const) users[label] = await signUp(t, label);
    await t.store.users.update(users.basic.userId, { role: 'member', membershipTier: 'basic', membershipEnd: month });
    await t.store.users.update(users.pro.userId, { role: 'member', membershipTier: 'pro', membershipEnd: month });
    await t.store.users.update(users.expert.userId, { role: 'member', membershipTier: 'expert', membershipEnd: month });
    await t.store.users.update(users.expired.userId, { role: 'member', membershipTier: 'pro', membershipEnd: new Date(Date.now() - DAY) });
    for (const [label, user] of [...Object.entries(users), ['admin', admin] as const]) {
      devices[label] = service.subscriber();
      expect((await subscribe(user, devices[label]!)).statusCode).toBe(201);
    }
  });
  afterAll(async () => {
    await t.close();
    await service.close();
  });

  it('gives the VAPID public key to anyone, generated once into DATA_DIR for the owner only', async () => {
    const response = await call(t.app, { method: 'GET', url: '/api/push/public-key' });
    expect(response.json()).toEqual({ publicKey: t.config.vapid.publicKey });
    expect(Buffer.from(t.config.vapid.publicKey, 'base64url')).toHaveLength(65);
    expect(statSync(path.join(t.dataDir, VAPID_FILE)).mode & 0o777).toBe(0o600);
    // the next start of this DATA_DIR keeps the pair: every subscription is bound to it
    expect(loadConfig({ DATA_DIR: t.dataDir }, t.dataDir).vapid.publicKey).toBe(t.config.vapid.publicKey);
  });

  it('takes subscriptions from signed-in callers only, with a real endpoint and keys; a known endpoint moves to the caller', async () => {
    const fresh = service.subscriber();
    expect((await call(t.app, { method: 'POST', url: '/api/push/subscriptions', payload: fresh.subscription })).statusCode).toBe(401);
    for (const endpoint of ['http://push.example.com/x', 'ftp://127.0.0.1/x', 'not a url', 'https://user:pw@push.example.com/x']) {
      const refused = await subscribe(users.basic, { ...fresh, subscription: { ...fresh.subscription, endpoint } });
      expect(refused.statusCode, endpoint).toBe(400);
    }
    const badKeys = await subscribe(users.basic, { ...fresh, subscription: { ...fresh.subscription, keys: { p256dh: 'AAAA', auth: fresh.subscription.keys.auth } } });
    expect(badKeys.statusCode).toBe(400);
    expect((await call(t.app, { method: 'PUT', url: '/api/notifications/preferences', payload: { replies: false } })).statusCode).toBe(401);
    expect((await call(t.app, { method: 'POST', url: '/api/push/test' })).statusCode).toBe(401);

    // the pro member's endpoint, sent again by the same browser under the same account: 200, still one device
    const again = await subscribe(users.pro, devices.pro!);
    expect(again.statusCode).toBe(200);
    const listed = await call(t.app, { method: 'GET', url: '/api/push/subscriptions', token: users.pro.token });
    expect(listed.json<{ subscriptions: PushDevice[] }>().subscriptions).toEqual([
      expect.objectContaining({ current: true, userAgent: 'Test Browser', service: new URL(service.origin).host }),
    ]);
    expect(listed.body).not.toContain(devices.pro!.subscription.keys.auth);
    expect(listed.headers['cache-control']).toContain('no-store');
  });

  it('a new signal: levels for pro, expert and admin; a basic member learns of it without them; expired and trial members get nothing', async () => {
    const signal = await openSignal();
    const of = await settled();
    for (const label of ['pro', 'expert', 'admin']) {
      expect(of(devices[label]!), label).toEqual([
        { title: 'New BUY signal on XAU/USD at 2,380.00', body: 'SL 2,370.50 · TP 2,390.00 / 2,400.00', url: `/signals?signal=${signal._id}`, tag: `signal-${signal._id}` },
      ]);
    }
    const [basic] = of(devices.basic!);
    expect(basic).toMatchObject({ title: 'New signal on XAU/USD', url: `/signals?signal=${signal._id}` });
    // The signal's id is hex and may hold any four digits by chance: look past it.
    expect(JSON.stringify(basic).replaceAll(signal._id, '…')).not.toMatch(/2,?380|2,?370|2,?390|BUY|buy/);
    expect(of(devices.expired!)).toEqual([]);
    expect(of(devices.trial!)).toEqual([]);
    // the analysis never travels by push
    expect(JSON.stringify(service.received)).not.toContain('Asian range');
    const push = service.to(devices.pro!.id)[0]!;
    expect(push).toMatchObject({ ttl: 3600, urgency: 'high', topic: topicOf(`signal-${signal._id}`) });
    expect(service.failures).toEqual([]);
  });

  it('a switch turned off silences its kind only', async () => {
    const put = await call(t.app, { method: 'PUT', url: '/api/notifications/preferences', token: users.basic.token, payload: { signalOpened: false } });
    expect(put.json()).toEqual({ preferences: { signalOpened: false, signalUpdated: true, signalClosed: true, replies: true, adminMessages: true, membership: true } });
    expect((await call(t.app, { method: 'PUT', url: '/api/notifications/preferences', token: users.basic.token, payload: { signalOpened: 'no' } })).statusCode).toBe(400);
    const before = service.to(devices.basic!.id).length;
    const signal = await openSignal();
    let of = await settled();
    expect(of(devices.basic!)).toHaveLength(before);
    expect(of(devices.pro!).at(-1)!.tag).toBe(`signal-${signal._id}`);
    const closed = await call(t.app, { method: 'POST', url: `/api/signals/${signal._id}/close`, token: admin.token, payload: { exitPrice: 2390 } });
    expect(closed.statusCode).toBe(200);
    of = await settled();
    // a closed signal shows everyone its levels, and replaces the opening notification (same tag)
    expect(of(devices.basic!).at(-1)).toEqual({ title: 'Signal closed: +100.0 pips (TP)', body: 'BUY XAU/USD from 2,380.00 to 2,390.00', url: `/signals?signal=${signal._id}`, tag: `signal-${signal._id}` });
    expect((await call(t.app, { method: 'GET', url: '/api/notifications/preferences', token: users.basic.token })).json().preferences.signalOpened).toBe(false);
  });

  it('a member\'s message reaches the admins, an admin\'s answer reaches the member, even a trial; the test reaches the caller only', async () => {
    const opened = await call(t.app, { method: 'POST', url: '/api/chat/with-admin', token: users.trial.token });
    const chatId = opened.json<{ chat: { _id: string } }>().chat._id;
    const posted = await call(t.app, { method: 'POST', url: '/api/chat', token: users.trial.token, payload: { content: 'Halo admin, soal pembayaran', type: 'private', chatId } });
    expect(posted.statusCode).toBe(201);
    let of = await settled();
    expect(of(devices.admin!).at(-1)).toMatchObject({ title: expect.stringContaining('New message from'), body: 'Halo admin, soal pembayaran', url: '/chat-admin' });
    const answered = await call(t.app, { method: 'POST', url: '/api/chat', token: admin.token, payload: { content: 'Sudah kami terima', type: 'private', chatId } });
    expect(answered.statusCode).toBe(201);
    of = await settled();
    expect(of(devices.trial!)).toEqual([{ title: 'New message from the admins', body: 'Sudah kami terima', url: '/chat-user', tag: `chat-${chatId}` }]);
    expect(of(devices.pro!).some((push) => push.body.includes('Sudah'))).toBe(false);

    const before = service.received.length;
    expect((await call(t.app, { method: 'POST', url: '/api/push/test', token: users.expert.token })).statusCode).toBe(202);
    of = await settled();
    expect(service.received.length).toBe(before + 1);
    expect(of(devices.expert!).at(-1)).toMatchObject({ tag: 'test', url: '/settings' });
  });

  it('a 410 from the push service removes the subscription; a 429 or 5xx is tried again', async () => {
    const gone = service.subscriber();
    const flaky = service.subscriber();
    expect((await subscribe(users.pro, gone)).statusCode).toBe(201);
    expect((await subscribe(users.expert, flaky)).statusCode).toBe(201);
    service.respondWith(gone.id, 410);
    service.respondWith(flaky.id, 503, 429);
    await openSignal();
    await settled();
    expect(service.attempts.get(gone.id)).toBe(1);
    const proDevices = await call(t.app, { method: 'GET', url: '/api/push/subscriptions', token: users.pro.token });
    expect(proDevices.json<{ subscriptions: PushDevice[] }>().subscriptions).toHaveLength(1);
    // three tries: two refusals, then the delivery
    expect(service.attempts.get(flaky.id)).toBe(3);
    expect(service.to(flaky.id)).toHaveLength(1);
  });

  it('signing out removes that session\'s subscription and no other; a revoked session\'s goes too', async () => {
    const phone = await signIn(t, users.pro.email, users.pro.password);
    const laptop = await signIn(t, users.pro.email, users.pro.password);
    const [phoneDevice, laptopDevice] = [service.subscriber(), service.subscriber()];
    expect((await subscribe(phone, phoneDevice)).statusCode).toBe(201);
    expect((await subscribe(laptop, laptopDevice)).statusCode).toBe(201);
    expect((await call(t.app, { method: 'POST', url: '/api/auth/logout', token: phone.token })).statusCode).toBe(200);
    const left = (await call(t.app, { method: 'GET', url: '/api/push/subscriptions', token: laptop.token })).json<{ subscriptions: PushDevice[] }>().subscriptions;
    expect(left.map((device) => device.current)).toContain(true);
    expect(left).toHaveLength(2); // the first device of this account and the laptop
    expect((await call(t.app, { method: 'DELETE', url: `/api/auth/sessions/${laptop.sessionId}`, token: users.pro.token })).statusCode).toBe(204);
    await openSignal();
    const of = await settled();
    expect(of(phoneDevice)).toEqual([]);
    expect(of(laptopDevice)).toEqual([]);
    expect(of(devices.pro!).length).toBeGreaterThan(0);
    // unsubscribing by endpoint is the caller's own only
    const other = await call(t.app, { method: 'DELETE', url: '/api/push/subscriptions', token: users.basic.token, payload: { endpoint: devices.pro!.endpoint } });
    expect(other.statusCode).toBe(204);
    expect((await call(t.app, { method: 'GET', url: '/api/push/subscriptions', token: users.pro.token })).json().subscriptions).toHaveLength(1);
  });

  it('a member whose rights ended stops getting member alerts at once', async () => {
    await t.store.users.update(users.pro.userId, { membershipEnd: new Date(Date.now() - 1000) });
    const before = service.to(devices.pro!.id).length;
    await openSignal();
    const of = await settled();
    expect(of(devices.pro!)).toHaveLength(before);
    await t.store.users.update(users.pro.userId, { membershipEnd: new Date(Date.now() + 30 * DAY) });
  });
});

const redisServer = requireOrSkip('redis-server', 'web push with two API processes', 'apt-get install redis-server');

describe.runIf(redisServer)('two API processes over one Redis and one store', { timeout: 60_000 }, () => {
  it('send each notification once, from the process that wrote it, and nothing again after a restart', async () => {
    const redis = await startRedisServer(redisServer!);
    const dir = await tempDir('le-push-scale-');
    const env = { DATA_DIR: dir.path, PORT: '0', HOST: '127.0.0.1', REDIS_URL: redis.url, JWT_SECRET: `push-scale-${'x'.repeat(40)}`, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
    const config = loadConfig(env, dir.path);
    const a = await startServer(config, 'api', { logger: false });
    const b = await startServer(loadConfig(env, dir.path), 'api', { logger: false });
    const service = await startLocalPushService({ vapidPublicKey: config.vapid.publicKey });
    try {
      const rest = async (server: typeof a, method: string, url: string, token?: string, body?: unknown) => {
        const response = await fetch(`${server.url}${url}`, {
          method,
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: response.status, json: (await response.json().catch(() => null)) as Record<string, unknown> };
      };
      const adminLogin = await rest(a, 'POST', '/api/auth/login', undefined, { email: ADMIN.email, password: ADMIN.password });
      const adminToken = adminLogin.json.token as string;
      const subscribers = [service.subscriber(), service.subscriber()];
      // the admin's devices: one subscribed through each process
      expect((await rest(a, 'POST', '/api/push/subscriptions', adminToken, subscribers[0]!.subscription)).status).toBe(201);
      expect((await rest(b, 'POST', '/api/push/subscriptions', adminToken, subscribers[1]!.subscription)).status).toBe(201);
      expect((await rest(b, 'GET', '/api/push/public-key')).json.publicKey).toBe(config.vapid.publicKey);

      expect((await rest(a, 'POST', '/api/signals', adminToken, BUY)).status).toBe(201);
      expect((await rest(b, 'POST', '/api/signals', adminToken, { ...BUY, entry: 2381 })).status).toBe(201);
      await Promise.all([a.app.push.idle(), b.app.push.idle()]);
      await service.waitFor(4);
      // a moment more: a second sender would have delivered by now
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const subscriber of subscribers) {
        expect(service.to(subscriber.id).map((push) => (push.payload as Payload).title).sort()).toEqual([
          'New BUY signal on XAU/USD at 2,380.00',
          'New BUY signal on XAU/USD at 2,381.00',
        ]);
      }
      expect([a.app.push.report.sent, b.app.push.report.sent]).toEqual([2, 2]);

      await a.close();
      const again = await startServer(loadConfig(env, dir.path), 'api', { logger: false });
      try {
        await new Promise((resolve) => setTimeout(resolve, 500));
        await again.app.push.idle();
        expect(service.received).toHaveLength(4);
        expect(again.app.push.report.sent).toBe(0);
      } finally {
        await again.close();
      }
      expect(service.failures).toEqual([]);
    } finally {
      await a.close();
      await b.close();
      await service.close();
      await redis.stop();
      await dir.remove();
    }
  });
});
