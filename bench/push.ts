/**
 * Web Push at scale (contract §14): 1,000 subscriptions of 1,000 pro members against a local push
 * service in another process that verifies and decrypts every request. For each new signal: from
 * its commit (the `POST /api/signals` answer, which follows the commit) to each push request
 * received, p50/p99, and to the last one; and the same `POST`'s latency without and with the
 * subscriptions (target: at most 10% more), alternating between this server and a second one
 * with no subscription in the same process, so both meet the same load of the machine.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { forkWithInbox } from './child-inbox';
import { fileURLToPath } from 'node:url';
import type { PushSubscriptionBody } from '@le/contracts';
import { tempDir } from '@le/testing';
import { loadConfig } from '../api/src/config';
import { newId } from '../api/src/lib/ids';
import { startServer } from '../api/src/main';
import type {} from '../api/src/plugins/app/services';
import type {} from '../api/src/plugins/app/core';
import type {} from '../api/src/plugins/app/realtime';
import { newUserRecord } from '../api/src/store';
import { rest, SCALE_ADMIN } from '../api/test/support/scale';

const here = path.dirname(fileURLToPath(import.meta.url));
const SUBSCRIPTIONS = Number(process.env.BENCH_PUSH_SUBSCRIPTIONS ?? 1_000);
const ROUNDS = Number(process.env.BENCH_PUSH_ROUNDS ?? 6);
const POSTS = Number(process.env.BENCH_PUSH_POSTS ?? 30);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const fmt = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');

export const pushBench = async (): Promise<void> => {
  console.log(`\nWeb Push: ${SUBSCRIPTIONS} subscriptions (pro members), a local push service in another process that checks and decrypts each; ${ROUNDS} signals`);
  const dir = await tempDir('le-bench-push-');
  const env = (dataDir: string) => ({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ADMIN_EMAIL: SCALE_ADMIN.email, ADMIN_PASSWORD: SCALE_ADMIN.password, RATE_LIMIT_SCALE: '100' });
  const server = await startServer(loadConfig(env(dir.path), dir.path), 'all', { logger: false });
  const bareDir = await tempDir('le-bench-push-bare-');
  const bare = await startServer(loadConfig(env(bareDir.path), bareDir.path), 'all', { logger: false });
  const { child: endpoint, next } = forkWithInbox(path.join(here, 'push-endpoint.ts'));
  try {
    await next('ready');
    const { store, config } = server.app;
    const signIn = (url: string) => rest<{ token: string }>(url, 'POST', '/api/auth/login', { body: { email: SCALE_ADMIN.email, password: SCALE_ADMIN.password } });
    const [login, bareLogin] = [await signIn(server.url), await signIn(bare.url)];
    let entry = 2000;
    const post = async (url = server.url, token = login.token): Promise<{ ms: number; answeredAt: number }> => {
      entry += 1;
      const started = performance.now();
      await rest(url, 'POST', '/api/signals', { token, body: { side: 'buy', entry, stopLoss: entry - 10, takeProfits: [entry + 10] } });
      return { ms: performance.now() - started, answeredAt: Date.now() };
    };
    for (let index = 0; index < 3; index += 1) {
      await post();
      await post(bare.url, bareLogin.token);
    }

    endpoint.send({ type: 'start', vapidPublicKey: config.vapid.publicKey, count: SUBSCRIPTIONS });
    const { subscriptions } = await next<{ subscriptions: PushSubscriptionBody[] }>('started');
    const now = new Date();
    for (const subscription of subscriptions) {
      const userId = newId();
      const sessionId = newId();
      await store.users.create({
        ...newUserRecord({
          _id: userId,
          name: `Bench ${userId.slice(-6)}`,
          username: `bench${userId}`,
          email: `bench${userId}@example.com`,
          passwordHash: 'x',
          emailVerified: true,
          role: 'member',
          membershipTier: 'pro',
        }),
        membershipEnd: new Date(now.getTime() + 30 * 86_400_000),
      });
      await store.sessions.create({ _id: sessionId, userId, createdAt: now, expiresAt: new Date(now.getTime() + 86_400_000), revokedAt: null, lastSeenAt: now, online: false, userAgent: 'bench', ip: '127.0.0.1' });
      await store.push.save({ _id: newId(), endpoint: subscription.endpoint, keys: subscription.keys, userId, sessionId, userAgent: 'bench', createdAt: now });
    }

    // Each new signal to every subscription: from the commit to each push received.
    const each: number[] = [];
    const last: number[] = [];
    let failures = 0;
    for (let round = -1; round < ROUNDS; round += 1) {
      const since = Date.now();
      const { answeredAt } = await post();
      endpoint.send({ type: 'wait', since, expected: SUBSCRIPTIONS, timeoutMs: 60_000 });
      const waited = await next<{ at: number[]; failures: number }>('waited');
      await server.app.push.idle();
      failures = waited.failures;
      if (round < 0) continue; // warm-up
      each.push(...waited.at.map((at) => at - answeredAt));
      last.push(Math.max(...waited.at) - answeredAt);
      if (waited.at.length < SUBSCRIPTIONS) console.log(`  round ${round}: only ${waited.at.length} of ${SUBSCRIPTIONS} pushes arrived`);
    }

    // The same POST with the subscriptions (each one's fan-out runs after its answer, and is over
    // before the next POST) and, in turn, on the server without any.
    const withSubs: number[] = [];
    const without: number[] = [];
    for (let index = 0; index < POSTS; index += 1) {
      withSubs.push((await post()).ms);
      await server.app.push.idle();
      without.push((await post(bare.url, bareLogin.token)).ms);
    }

    const rows = [
      ['measure', 'p50 ms', 'p99 ms'],
      ['commit → each push received', fmt(percentile(each, 50)), fmt(percentile(each, 99))],
      ['commit → last push received (per signal)', fmt(percentile(last, 50)), fmt(percentile(last, 99))],
      ['POST /api/signals, no subscriptions', fmt(percentile(without, 50)), fmt(percentile(without, 99))],
      [`POST /api/signals, ${SUBSCRIPTIONS} subscriptions`, fmt(percentile(withSubs, 50)), fmt(percentile(withSubs, 99))],
      ['ratio with / without (target ≤ 1.10×)', `${(percentile(withSubs, 50) / percentile(without, 50)).toFixed(2)}×`, `${(percentile(withSubs, 99) / percentile(without, 99)).toFixed(2)}×`],
    ];
    const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
    for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
    console.log(`pushes received: ${each.length} of ${SUBSCRIPTIONS * ROUNDS}; refused by the push service (bad signature or payload): ${failures}; sent by the server: ${server.app.push.report.sent}`);
  } finally {
    endpoint.send({ type: 'stop' });
    await server.close();
    await bare.close();
    await dir.remove();
    await bareDir.remove();
  }
};
