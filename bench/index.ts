/**
 * `pnpm bench`: printed, not asserted (not part of `pnpm test`).
 *
 * 1. Fan-out: one chat message to 1,000 connected Socket.IO clients. "Ours" is the whole path,
 *    timed from the moment `POST /api/chat` is sent (REST → decide → append → project → publish →
 *    socket) to receipt on each client; "bare" is a Socket.IO broadcast of the same bytes to the
 *    same clients in the same run (`io.except(admins).emit` in one process; the Redis emitter with
 *    two processes), skipping REST and the store. Rounds alternate between the two.
 *    a) one process (`pnpm start`), b) the API alone + two realtime processes over a private
 *    redis-server (`pnpm start:api` + 2 × `pnpm start:realtime`), 500 clients on each.
 *    c) signals: one `POST /api/signals` to 1,000 sockets (guests, pro, expert, basic in turn), each
 *    in its own view (three publishes), against one bare broadcast of the same bytes.
 * 2. Idle cost: HTTP requests per idle signed-in client per minute, counted on the real server over
 *    a window: our design (socket connected, heartbeat every 30 s, no polling) against the
 *    polling-only design of the spec (chat list every 2 s + conversation every 5 s = 42/min).
 * 3. Growth (bench/growth.ts): the embedded store at 1,000 and 100,000 messages, pages, RSS,
 *    restart and write throughput through HTTP, beside a bare better-sqlite3 table.
 * 4. Web Push (bench/push.ts): 1,000 subscriptions against a local decrypting push service; from a
 *    signal's commit to each and to the last push, and the POST's latency with and without them.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { forkWithInbox } from './child-inbox';
import { fileURLToPath } from 'node:url';
import { LIMITS, ROOMS, type ChatEventPayload, type ChatMessage, type Signal, type SignalEventPayload } from '@le/contracts';
import { latestCode, requireOrSkip, tempDir } from '@le/testing';
import { io as connect } from 'socket.io-client';
import { loadConfig } from '../api/src/config';
import { startServer, type RunningServer } from '../api/src/main';
import type {} from '../api/src/plugins/app/services';
import type {} from '../api/src/plugins/app/core';
import type {} from '../api/src/plugins/app/realtime'; // the app's decorators (realtime...)
import { login, rest, SCALE_ADMIN, startScaledSet, type Account } from '../api/test/support/scale';
import { growth } from './growth';
import { pushBench } from './push';
import { uniqueTag } from '../api/test/support/unique';

const here = path.dirname(fileURLToPath(import.meta.url));
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
/** Client processes: 1,000 sockets in one event loop would measure that loop more than the server. */
const FARMS = Number(process.env.BENCH_CLIENT_PROCESSES ?? 2);
const WARMUP = 2;
const IDLE_WINDOW_MS = Number(process.env.BENCH_IDLE_MS ?? 30_000);
/** Which parts run: `BENCH_PARTS=signals,growth` runs those only; all by default. */
const PARTS = new Set((process.env.BENCH_PARTS ?? 'fanout,signals,idle,growth,push').split(',').map((part) => part.trim()));

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- the client farm (bench/client-farm.ts in a child process) ----

interface Farm {
  /** Guests, or signed-in sockets taking `tokens` in turn. */
  connect(urls: string[], count: number, tokens?: (string | null)[]): Promise<number>;
  collect(marker: string, sentAt: number): Promise<{ latencies: number[]; expected: number }>;
  close(): Promise<void>;
}

const startFarmProcess = async (): Promise<Farm> => {
  const { child, next } = forkWithInbox(path.join(here, 'client-farm.ts'));
  await next('ready');
  return {
    async connect(urls, count, tokens) {
      child.send({ type: 'connect', urls, count, tokens });
      return (await next<{ count: number }>('connected')).count;
    },
    async collect(marker, sentAt) {
      child.send({ type: 'collect', marker, sentAt, timeoutMs: 10_000 });
      return next('collected');
    },
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'close' });
      await exited;
    },
  };
};

/** FARMS client processes behind one Farm: clients split evenly, results pooled. */
const startFarm = async (): Promise<Farm> => {
  const farms = await Promise.all(Array.from({ length: FARMS }, () => startFarmProcess()));
  return {
    async connect(urls, count, tokens) {
      const counts = await Promise.all(
        farms.map((farm, index) => farm.connect(urls, Math.floor(count / farms.length) + (index < count % farms.length ? 1 : 0), tokens)),
      );
      return counts.reduce((sum, n) => sum + n, 0);
    },
    async collect(marker, sentAt) {
      const results = await Promise.all(farms.map((farm) => farm.collect(marker, sentAt)));
      return {
        latencies: results.flatMap((result) => result.latencies),
        expected: results.reduce((sum, result) => sum + result.expected, 0),
      };
    },
    async close() {
      await Promise.all(farms.map((farm) => farm.close()));
    },
  };
};

// ---- numbers ----

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

interface Series {
  latencies: number[];
  received: number;
  expected: number;
}
const emptySeries = (): Series => ({ latencies: [], received: 0, expected: 0 });

const summary = (series: Series) => {
  const sorted = [...series.latencies].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), received: series.received, expected: series.expected };
};

const rows: string[][] = [];
const fmt = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-');

// ---- fan-out ----

/**
 * Alternates rounds of our path and of the bare broadcast. `post` sends the chat message through
 * REST; `broadcast` pushes the given payload straight to the sockets.
 */
const fanOut = async (
  label: string,
  farm: Farm,
  admin: Account,
  apiUrl: string,
  broadcast: (payload: ChatEventPayload) => void,
) => {
  const ours = emptySeries();
  const bare = emptySeries();
  let template: ChatEventPayload | null = null;
  // A guest socket of our own captures the exact payload our path sends, for the bare rounds.
  for (let round = 0; round < WARMUP + ROUNDS; round += 1) {
    const counted = round >= WARMUP;
    const marker = `bench-${label}-ours-${round}-`.padEnd(40, 'x');
    const sentAt = now();
    const posted = rest<{ message: ChatMessage }>(apiUrl, 'POST', '/api/chat', { token: admin.token, body: { content: marker } });
    const result = await farm.collect(marker, sentAt);
    await posted;
    if (counted) {
      ours.latencies.push(...result.latencies);
      ours.received += result.latencies.length;
      ours.expected += result.expected;
    }
    template ??= await captureTemplate(apiUrl);

    const bareMarker = `bench-${label}-bare-${round}-`.padEnd(40, 'x');
    const payload: ChatEventPayload = { ...template, seq: template.seq + 1_000_000 + round, message: { ...template.message!, content: bareMarker } };
    const bareAt = now();
    broadcast(payload);
    const bareResult = await farm.collect(bareMarker, bareAt);
    if (counted) {
      bare.latencies.push(...bareResult.latencies);
      bare.received += bareResult.latencies.length;
      bare.expected += bareResult.expected;
    }
  }
  const a = summary(ours);
  const b = summary(bare);
  rows.push([label, 'ours (REST → store → publish → socket)', fmt(a.p50), fmt(a.p99), `${a.received}/${a.expected}`]);
  rows.push([label, 'bare Socket.IO broadcast, same bytes', fmt(b.p50), fmt(b.p99), `${b.received}/${b.expected}`]);
  rows.push([label, 'ratio ours / bare', `${(a.p50 / b.p50).toFixed(2)}×`, `${(a.p99 / b.p99).toFixed(2)}×`, '']);
};

/**
 * Signals: one `POST /api/signals` reaches every socket in its own view (three publishes: the
 * full view, the levels, the redacted rest), against one bare broadcast of the full view's bytes
 * to every socket. Keyed by seq: the bench is the stream's only writer.
 */
const signalFanOut = async (
  label: string,
  farm: Farm,
  admin: Account,
  apiUrl: string,
  broadcast: (payload: SignalEventPayload) => void,
  probe?: Probe,
) => {
  const ours = emptySeries();
  const bare = emptySeries();
  const stages: StageTimes[] = [];
  const body = { side: 'buy', entry: 2380, stopLoss: 2370, takeProfits: [2390, 2400, 2410], analysis: 'Bench: a breakout above the Asian range with room to the weekly high.' };
  const first = await rest<{ signal: Signal }>(apiUrl, 'POST', '/api/signals', { token: admin.token, body });
  await farm.collect(`signal-${first.signal.seq}`, now());
  let seq = first.signal.seq;
  const template = (await rest<{ events: SignalEventPayload[] }>(apiUrl, 'GET', `/api/signals/events?after=${seq - 1}`, { token: admin.token })).events[0]!;
  for (let round = 0; round < WARMUP + ROUNDS; round += 1) {
    const counted = round >= WARMUP;
    seq += 1;
    probe?.reset();
    const sentAt = now();
    const posted = rest<{ signal: Signal }>(apiUrl, 'POST', '/api/signals', { token: admin.token, body });
    const result = await farm.collect(`signal-${seq}`, sentAt);
    if ((await posted).signal.seq !== seq) throw new Error('another writer took a seq: the bench must be the only one');
    const stamps = probe?.stamps();
    const bareSeq = 1_000_000 + round;
    const bareAt = now();
    broadcast({ ...template, seq: bareSeq });
    const bareReturned = now();
    const bareResult = await farm.collect(`signal-${bareSeq}`, bareAt);
    if (counted && stamps) {
      const sorted = (latencies: number[]) => [...latencies].sort((a, b) => a - b);
      stages.push({
        ours: { ...stamps, p99: percentile(sorted(result.latencies), 99), sentAt },
        bare: { emitEnd: bareReturned - bareAt, p99: percentile(sorted(bareResult.latencies), 99) },
      });
    }
    if (counted) {
      for (const [series, got] of [[ours, result], [bare, bareResult]] as const) {
        series.latencies.push(...got.latencies);
        series.received += got.latencies.length;
        series.expected += got.expected;
      }
    }
  }
  const a = summary(ours);
  const b = summary(bare);
  signalRows.push([label, 'ours (REST → store → 3 views → socket)', fmt(a.p50), fmt(a.p99), `${a.received}/${a.expected}`]);
  signalRows.push([label, 'bare broadcast of the full view to all', fmt(b.p50), fmt(b.p99), `${b.received}/${b.expected}`]);
  signalRows.push([label, 'ratio ours / bare (target p99 ≤ 1.3×)', `${(a.p50 / b.p50).toFixed(2)}×`, `${(a.p99 / b.p99).toFixed(2)}×`, '']);
  if (stages.length > 0) stageRows.push(...stageTable(label, stages));
};
const signalRows: string[][] = [];

/**
 * Where a signal's time goes, for a server in this process: the moments the POST reached the
 * server, the first of its three publishes began and the last returned (Socket.IO has then
 * written each socket's frame), against the bare broadcast's one emit. Medians over the rounds,
 * in ms from the send.
 */
interface Probe {
  reset(): void;
  stamps(): { received: number; publishStart: number; publishEnd: number; calls: number[] } | undefined;
}
interface StageTimes {
  ours: { received: number; publishStart: number; publishEnd: number; calls: number[]; p99: number; sentAt: number };
  bare: { emitEnd: number; p99: number };
}
const stageRows: string[][] = [];

const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);

const stageTable = (label: string, stages: StageTimes[]): string[][] => {
  const at = (pick: (s: StageTimes['ours']) => number) => median(stages.map((s) => pick(s.ours) - s.ours.sentAt));
  const received = at((s) => s.received);
  const publishStart = at((s) => s.publishStart);
  const publishEnd = at((s) => s.publishEnd);
  const p99 = median(stages.map((s) => s.ours.p99));
  const bareEmit = median(stages.map((s) => s.bare.emitEnd));
  const bareP99 = median(stages.map((s) => s.bare.p99));
  const calls = stages[0]!.ours.calls.map((_, index) => fmt(median(stages.map((s) => s.ours.calls[index] ?? NaN))));
  return [
    [label, 'ours', fmt(received), fmt(publishStart - received), `${fmt(publishEnd - publishStart)} (${calls.join(' + ')})`, fmt(p99 - publishEnd), fmt(p99)],
    [label, 'bare', '-', '-', fmt(bareEmit), fmt(bareP99 - bareEmit), fmt(bareP99)],
  ];
};

/** Stamps the server's moments (Probe) on a server of this process: its HTTP server and its publisher. */
const probeOf = (server: RunningServer): Probe => {
  let received: number | undefined;
  let publishStart: number | undefined;
  let publishEnd: number | undefined;
  let calls: number[] = [];
  server.app.server.on('request', (request: { method?: string; url?: string }) => {
    if (request.method === 'POST' && request.url === '/api/signals') received ??= now();
  });
  const publisher = server.app.realtime.publisher;
  for (const name of ['emit', 'emitExcept'] as const) {
    const original = publisher[name].bind(publisher) as (...args: unknown[]) => void;
    (publisher as unknown as Record<string, (...args: unknown[]) => void>)[name] = (...args: unknown[]) => {
      const start = now();
      if (args[1] === 'signal:event') publishStart ??= start;
      original(...args);
      if (args[1] === 'signal:event') {
        publishEnd = now();
        calls.push(publishEnd - start);
      }
    };
  }
  return {
    reset() {
      received = publishStart = publishEnd = undefined;
      calls = [];
    },
    stamps() {
      return received !== undefined && publishStart !== undefined && publishEnd !== undefined ? { received, publishStart, publishEnd, calls } : undefined;
    },
  };
};

/** Accounts whose sockets see signals differently: a pro, an expert, a basic member (and guests beside them). */
const tierTokens = async (server: RunningServer): Promise<(string | null)[]> => {
  const tokens: (string | null)[] = [null];
  for (const tier of ['pro', 'expert', 'basic']) {
    const username = `bench${tier}${uniqueTag()}`;
    const input = { name: `Bench ${tier}`, username, email: `${username}@example.com`, password: 'correct horse 1' };
    await rest(server.url, 'POST', '/api/auth/register', { body: input });
    const code = await latestCode(server.app.config.mailOutbox, input.email);
    await rest(server.url, 'POST', '/api/auth/verify-email', { body: { email: input.email, code } });
    const signedIn = await rest<{ token: string; user: { _id: string } }>(server.url, 'POST', '/api/auth/login', { body: { email: input.email, password: input.password } });
    await server.app.store.users.update(signedIn.user._id, { role: 'member', membershipTier: tier, membershipEnd: new Date(Date.now() + 30 * 86_400_000) });
    tokens.push(signedIn.token);
  }
  return tokens;
};

/** The latest global event as a guest receives it, read back through the events log. */
const captureTemplate = async (apiUrl: string): Promise<ChatEventPayload> => {
  const page = await rest<{ events: ChatEventPayload[]; nextCursor: string | null }>(apiUrl, 'GET', '/api/chat/events?stream=global&after=0&limit=500');
  const last = page.events.at(-1);
  if (!last?.message) throw new Error('no global event to copy');
  return { stream: last.stream, seq: last.seq, type: last.type, message: last.message, actorId: last.actorId, at: last.at };
};

// ---- idle cost ----

const idleCost = async (server: RunningServer, admin: Account) => {
  const counts = new Map<string, { api: number; socket: number }>();
  const count = (request: { headers: Record<string, string | string[] | undefined>; url?: string }) => {
    const client = request.headers['x-bench-client'];
    if (typeof client !== 'string') return;
    const entry = counts.get(client) ?? { api: 0, socket: 0 };
    if (request.url?.startsWith('/socket.io')) entry.socket += 1;
    else entry.api += 1;
    counts.set(client, entry);
  };
  server.app.server.on('request', count);
  server.app.server.on('upgrade', count);
  const headers = (client: string) => ({ 'x-bench-client': client, authorization: `Bearer ${admin.token}` });
  const get = (client: string, url: string) => fetch(`${server.url}${url}`, { headers: headers(client) }).then((r) => r.arrayBuffer());
  const heartbeat = (client: string) =>
    fetch(`${server.url}/api/auth/heartbeat`, {
      method: 'POST',
      headers: { ...headers(client), 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId: admin.sessionId }),
    }).then((r) => r.arrayBuffer());

  // Ours: the web client's socket (default transports: polling handshake, then WebSocket) and the
  // 30 s heartbeat; no polling while the socket is up.
  const socket = connect(server.url, { auth: { token: admin.token }, extraHeaders: { 'x-bench-client': 'ours' }, forceNew: true });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  await sleep(500); // let the transport upgrade settle: what follows is steady state
  const connectRequests = counts.get('ours')?.socket ?? 0;
  counts.set('ours', { api: 0, socket: 0 });

  const timers = [
    setInterval(() => void heartbeat('ours'), LIMITS.heartbeatMs),
    // The polling-only design: chat list every 2 s, open conversation every 5 s, same heartbeat.
    setInterval(() => void get('polling', '/api/chat/admin/chats'), LIMITS.chatListPollMs),
    setInterval(() => void get('polling', '/api/chat?limit=50'), LIMITS.conversationPollMs),
    setInterval(() => void heartbeat('polling'), LIMITS.heartbeatMs),
  ];
  void heartbeat('ours');
  void heartbeat('polling');
  void get('polling', '/api/chat/admin/chats');
  void get('polling', '/api/chat?limit=50');
  await sleep(IDLE_WINDOW_MS - 50);
  timers.forEach(clearInterval);
  socket.close();
  server.app.server.off('request', count);
  server.app.server.off('upgrade', count);

  const perMinute = (n: number) => ((n * 60_000) / IDLE_WINDOW_MS).toFixed(1);
  const ours = counts.get('ours') ?? { api: 0, socket: 0 };
  const polling = counts.get('polling') ?? { api: 0, socket: 0 };
  console.log(`\nIdle cost: HTTP requests per idle signed-in client, counted on the server over ${IDLE_WINDOW_MS / 1000} s`);
  console.table([
    {
      design: 'ours: socket + heartbeat',
      'requests in window': ours.api + ours.socket,
      'per minute': perMinute(ours.api + ours.socket),
      'of which socket.io': ours.socket,
      note: `plus ${connectRequests} socket.io request(s) once at connect (handshake + upgrade)`,
    },
    {
      design: 'polling-only (lists 2 s + conversation 5 s) + heartbeat',
      'requests in window': polling.api,
      'per minute': perMinute(polling.api),
      'of which socket.io': 0,
      note: `spec: 30 + 12 = 42/min of polling, + ${60_000 / LIMITS.heartbeatMs} heartbeats`,
    },
  ]);
};

// ---- main ----

const main = async () => {
  const started = Date.now();
  // 4. Web Push (bench/push.ts): 1,000 subscriptions, commit to last push, the POST with and without them.
  if (PARTS.has('push')) await pushBench();
  if (!['fanout', 'signals', 'idle', 'growth'].some((part) => PARTS.has(part))) return;
  console.log(
    `Fan-out: ${CLIENTS} connected guest clients in ${FARMS} client process(es), ${ROUNDS} rounds per path after ${WARMUP} warm-up rounds.`,
  );

  // a) One process.
  const dir = await tempDir('le-bench-');
  const single = await startServer(
    loadConfig(
      // Every benchmark client comes from this one address.
      { DATA_DIR: dir.path, PORT: '0', HOST: '127.0.0.1', ADMIN_EMAIL: SCALE_ADMIN.email, ADMIN_PASSWORD: SCALE_ADMIN.password, MAX_SOCKETS_PER_ADDRESS: '1000000', MAX_SOCKETS_PER_USER: '1000000' },
      dir.path,
    ),
    'all',
    { logger: false },
  );
  let farm = await startFarm();
  try {
    const admin = await loginTo(single.url);
    const connected = await farm.connect([single.url], CLIENTS);
    console.log(`one process: ${connected} clients connected`);
    if (PARTS.has('fanout')) {
      await fanOut('1 process', farm, admin, single.url, (payload) => {
        single.realtime!.io.except(ROOMS.role('admin')).emit('chat:event', payload);
      });
    }
    await farm.close();
    // Signals: the same number of sockets, a quarter each guest, pro, expert and basic.
    farm = await startFarm();
    const signalSockets = await farm.connect([single.url], CLIENTS, await tierTokens(single));
    console.log(`one process: ${signalSockets} clients connected for signals (guest, pro, expert, basic in turn)`);
    if (PARTS.has('signals')) {
      await signalFanOut(
        '1 process',
        farm,
        admin,
        single.url,
        (payload) => {
          single.realtime!.io.emit('signal:event', payload);
        },
        probeOf(single),
      );
    }
    await farm.close();
    if (PARTS.has('idle')) await idleCost(single, admin);
  } finally {
    await farm.close();
    await single.close();
    await dir.remove();
  }

  // b) The API alone + two realtime processes over Redis.
  const redisServer = requireOrSkip('redis-server', 'the two-process fan-out', 'apt-get install redis-server');
  if (redisServer) {
    const set = await startScaledSet({ redisExecutable: redisServer, realtimeProcesses: 2 });
    farm = await startFarm();
    try {
      const admin = await login(set, SCALE_ADMIN.email, SCALE_ADMIN.password);
      const connected = await farm.connect(
        set.realtime.map((process) => process.url),
        CLIENTS,
      );
      console.log(`two realtime processes over Redis: ${connected} clients connected (half on each)`);
      if (PARTS.has('fanout')) {
        await fanOut('2 processes + Redis', farm, admin, set.apiUrl, (payload) => {
          set.api.app.realtime.publisher.emitExcept([ROOMS.role('admin')], 'chat:event', payload);
        });
      }
      await farm.close();
      farm = await startFarm();
      const signalSockets = await farm.connect(
        set.realtime.map((process) => process.url),
        CLIENTS,
        await tierTokens(set.api),
      );
      console.log(`two realtime processes over Redis: ${signalSockets} clients connected for signals`);
      if (PARTS.has('signals')) {
        await signalFanOut('2 processes + Redis', farm, admin, set.apiUrl, (payload) => {
          set.api.app.realtime.publisher.emitExcept([], 'signal:event', payload);
        });
      }
    } finally {
      await farm.close();
      await set.close();
    }
  }

  console.log('\nFan-out latency, ms from send to receipt on each client (all rounds pooled):');
  const table = [['set-up', 'path', 'p50 ms', 'p99 ms', 'received'], ...rows];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
  for (const row of table) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
  console.log('\nSignal fan-out, ms from send to receipt on each client, every socket its own view (all rounds pooled):');
  const signalTable = [['set-up', 'path', 'p50 ms', 'p99 ms', 'received'], ...signalRows];
  const signalWidths = signalTable[0]!.map((_, column) => Math.max(...signalTable.map((row) => row[column]!.length)));
  for (const row of signalTable) console.log(row.map((cell, column) => cell.padEnd(signalWidths[column]!)).join('  '));
  if (stageRows.length > 0) {
    console.log('\nWhere a signal\'s time goes (one process; medians over the rounds, ms from the send):');
    const stages = [['set-up', 'path', 'to the server', 'decide, store, commit', 'emit calls (full + levels + the rest)', 'emits → p99 receipt', 'p99'], ...stageRows];
    const stageWidths = stages[0]!.map((_, column) => Math.max(...stages.map((row) => row[column]!.length)));
    for (const row of stages) console.log(row.map((cell, column) => cell.padEnd(stageWidths[column]!)).join('  '));
  }
  if (PARTS.has('growth')) await growth();
  console.log(`\nbench took ${((Date.now() - started) / 1000).toFixed(0)} s`);
};

const loginTo = async (url: string): Promise<Account> => {
  const body = await rest<{ token: string; sessionId: string; user: { _id: string } }>(url, 'POST', '/api/auth/login', {
    body: { email: SCALE_ADMIN.email, password: SCALE_ADMIN.password },
  });
  return { userId: body.user._id, token: body.token, sessionId: body.sessionId, email: SCALE_ADMIN.email, password: SCALE_ADMIN.password };
};

await main();
process.exit(0);
