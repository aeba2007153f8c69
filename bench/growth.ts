/**
 * The growth section of `pnpm bench` (the embedded store keeps its speed as history grows).
 *
 * For each size (1,000 and 100,000 messages, as many activity entries, 200 members with a private
 * chat each) a fresh DATA_DIR is filled in bulk through the store's own tables, then the real
 * server runs as a child process (`api/src/cli.ts all`, the embedded store) and is measured
 * through HTTP: the live room's first page, a deep page, `/chat/events` near the head, the admin
 * chat list and the activity-log page (p50/p99 of sequential requests), its RSS, the time of a
 * restart (process start → /api/health answering) and REST write throughput with 16 concurrent
 * posters. Beside them, in the same run, the same page query on a bare better-sqlite3 table of
 * the same size: the floor that SQLite itself sets.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { GLOBAL_STREAM, rebuild, type ChatEvent } from '@le/chat-core';
import type { MessageSender } from '@le/contracts';
import { freePort, tempDir } from '@le/testing';
import { newId } from '../api/src/lib/ids';
import { encodePageCursor } from '../api/src/lib/page-cursor';
import { catchUpChatProjections } from '../api/src/services/chat-catch-up';
import { createStore, openStore } from '../api/src/store';
import { newUserRecord, type ActivityRecord, type UserRecord } from '../api/src/store/records';
import { createSqliteDriver, type SqliteDriver } from '../api/src/store/sqlite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SIZES = (process.env.BENCH_GROWTH_SIZES ?? '1000,100000').split(',').map(Number);
const MEMBERS = 200;
const REQUESTS = Number(process.env.BENCH_GROWTH_REQUESTS ?? 300);
const WRITE_MS = Number(process.env.BENCH_GROWTH_WRITE_MS ?? 5_000);
const POSTERS = 16;
const ADMIN = { email: 'growth-admin@example.com', password: 'growth-admin-password' };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

// ---- bulk fill ----

const senderOf = (user: UserRecord): MessageSender => ({
  _id: user._id,
  role: user.role,
  name: user.name,
  username: user.username,
  photo_profile: '',
  membershipTier: user.membershipTier,
});

/** Members, their private chats, `messages` chat messages (a tenth private), as many activity entries. */
const fill = async (dataDir: string, messages: number): Promise<{ deepCursor: number; globalHead: number; activityCursor: string }> => {
  const driver: SqliteDriver = createSqliteDriver(dataDir);
  await openStore(driver); // the tables and their indexes, as the server makes them
  // The history ends now (a minute between messages), so retention keeps all of it.
  const start = Date.now() - (messages + 10) * 60_000;
  const members: UserRecord[] = [];
  for (let index = 0; index < MEMBERS; index += 1) {
    const id = newId();
    members.push({
      ...newUserRecord({
        _id: id, name: `Member ${index}`, username: `member${index}`, email: `member${index}@example.com`,
        passwordHash: 'not-a-login', emailVerified: true, role: 'member', membershipTier: 'pro',
      }, new Date(start + index * 1000)),
      membershipEnd: new Date(start + 400 * 86_400_000),
      emailLower: `member${index}@example.com`,
      usernameLower: `member${index}`,
    });
  }
  const chats = members.map((member, index) => ({ _id: newId(), memberId: member._id, createdAt: new Date(start + index * 1000) }));
  const heads = new Map<string, number>();
  const events: ChatEvent[] = [];
  const activity: ActivityRecord[] = [];
  for (let index = 0; index < messages; index += 1) {
    const member = members[index % MEMBERS]!;
    const privateChat = index % 10 === 9 ? chats[index % MEMBERS]! : null;
    const stream = privateChat?._id ?? GLOBAL_STREAM;
    const seq = (heads.get(stream) ?? 0) + 1;
    heads.set(stream, seq);
    const at = new Date(start + index * 60_000).toISOString();
    const previous = events.at(-1);
    events.push({
      _id: newId(), type: 'message.posted', stream, seq, actorId: member._id, at,
      data: {
        messageId: newId(), chatId: privateChat?._id ?? null, content: `Gold at ${2300 + (index % 200)}.${index % 10}: message ${index}`,
        sender: senderOf(member), replyToId: index % 7 === 3 && previous?.stream === stream && previous.type === 'message.posted' ? previous.data.messageId : null, clientId: null,
      },
    });
    activity.push({
      _id: newId(), userId: member._id, username: member.username, usernameLower: member.username, role: 'member',
      ipAddress: '203.0.113.7', serverIp: '127.0.0.1', page: ['/', '/live', '/history', '/faq-chat'][index % 4]!, message: 'Visited page', createdAt: new Date(at),
    });
  }
  const projections = rebuild(events);
  const registry = new Map(chats.map((chat) => [chat._id, chat]));
  const chatDocs = [...projections.chats.values()].map((chat) => ({ ...chat, ...(registry.get(chat._id) ?? { createdAt: new Date(start) }) }));
  for (const chat of chats) if (!projections.chats.has(chat._id)) chatDocs.push({ ...chat, seq: 0, lastMessageId: null, lastMessageAt: null, reads: {} });

  const table = async <T extends { _id: string }>(name: string, docs: T[]) => (await driver.collection<T>(name)).insertMany(docs);
  await table('users', members);
  await table('chats', chatDocs);
  await table('chat_events', events);
  await table('chat_messages', [...projections.messages.values()]);
  await table('activity', activity);
  await driver.close();
  const globalHead = heads.get(GLOBAL_STREAM) ?? 0;
  const globalDocs = [...projections.messages.values()].filter((doc) => doc.stream === GLOBAL_STREAM);
  const middle = activity[Math.floor(activity.length / 2)]!;
  return {
    deepCursor: globalDocs[Math.floor(globalDocs.length / 2)]?.postedSeq ?? 1,
    globalHead,
    activityCursor: encodePageCursor({ createdAt: middle.createdAt, id: middle._id }),
  };
};

// ---- the server as a child process ----

interface Server {
  url: string;
  child: ChildProcess;
  startedInMs: number;
  rssMb(): number;
  stop(): Promise<void>;
}

const launch = async (dataDir: string): Promise<Server> => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const began = performance.now();
  // The compiled server, as `pnpm start` runs it (scripts/server-build.mjs).
  const child = spawn(process.execPath, [path.join(root, 'api/dist/cli.mjs'), 'all'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, RATE_LIMIT_SCALE: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited');
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const startedInMs = performance.now() - began;
  return {
    url,
    child,
    startedInMs,
    rssMb: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
};

const writeThroughput = async (url: string, token: string, durationMs = WRITE_MS): Promise<number> => {
  let written = 0;
  const until = performance.now() + durationMs;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: POSTERS }, async (_poster, poster) => {
      for (let index = 0; performance.now() < until; index += 1) {
        const response = await fetch(`${url}/api/chat`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ content: `poster ${poster} message ${index}` }),
        });
        await response.arrayBuffer();
        if (response.status === 201) written += 1;
      }
    }),
  );
  return written / ((performance.now() - began) / 1000);
};

/** The same page query on a bare better-sqlite3 table of the same size: SQLite's own floor. */
const bareBaseline = async (rows: number): Promise<number> => {
  const dir = await tempDir('le-growth-bare-');
  const db = new Database(path.join(dir.path, 'bare.sqlite'));
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE messages (id TEXT PRIMARY KEY, stream TEXT NOT NULL, seq INTEGER NOT NULL, body TEXT NOT NULL)');
  db.exec('CREATE INDEX messages_stream_seq ON messages (stream, seq)');
  const insert = db.prepare('INSERT INTO messages VALUES (?, ?, ?, ?)');
  db.transaction(() => {
    for (let index = 0; index < rows; index += 1) insert.run(newId(), 'global', index + 1, JSON.stringify({ content: `message ${index}`, pad: 'x'.repeat(300) }));
  })();
  const page = db.prepare('SELECT body FROM messages WHERE stream = ? ORDER BY seq DESC LIMIT 51');
  const times: number[] = [];
  for (let index = 0; index < 2_000; index += 1) {
    const began = performance.now();
    page.all('global');
    times.push(performance.now() - began);
  }
  db.close();
  await dir.remove();
  return percentile(times, 50);
};

type Timing = { p50: number; p99: number };

export interface GrowthRow {
  messages: number;
  fillS: number;
  firstPage: Timing;
  deepPage: Timing;
  eventsNearHead: Timing;
  adminChats: Timing;
  activityPage: Timing;
  activityDeepPage: Timing;
  rssMb: number;
  restartMs: number;
  storeOpenMs: number;
  writesPerS: number;
  bareP50: number;
}

interface Prepared {
  messages: number;
  dir: { path: string; remove(): Promise<void> };
  fillS: number;
  deepCursor: number;
  globalHead: number;
  activityCursor: string;
  server: Server;
  token: string;
  restartMs: number;
  storeOpenMs: number;
}

/** What grows with history at start: opening the store (and a takeover check) and the projection catch-up. */
const storeOpenTime = async (dataDir: string): Promise<number> => {
  const times: number[] = [];
  for (let round = 0; round < 5; round += 1) {
    const began = performance.now();
    const store = await createStore({ mongodbUrl: null, dataDir });
    await catchUpChatProjections(store);
    times.push(performance.now() - began);
    await store.close();
  }
  return percentile(times, 50);
};

const prepare = async (messages: number): Promise<Prepared> => {
  const dir = await tempDir('le-growth-');
  const filling = performance.now();
  const { deepCursor, globalHead, activityCursor } = await fill(dir.path, messages);
  const fillS = (performance.now() - filling) / 1000;
  const storeOpenMs = await storeOpenTime(dir.path);
  // First start: makes the admin (a password hash) and warms the OS's file cache; the restart after it is measured.
  let server = await launch(dir.path);
  await server.stop();
  server = await launch(dir.path);
  const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  const { token } = (await login.json()) as { token: string };
  return { messages, dir, fillS, deepCursor, globalHead, activityCursor, server, token, restartMs: server.startedInMs, storeOpenMs };
};

/** The same request against every size, one after another, so drift (JIT, CPU) hits all sizes alike. */
const interleaved = async (sizes: Prepared[], path: (size: Prepared) => string, count: number): Promise<Timing[]> => {
  const times = sizes.map(() => [] as number[]);
  for (let index = 0; index < count; index += 1) {
    for (const [which, size] of sizes.entries()) {
      const began = performance.now();
      const response = await fetch(`${size.server.url}${path(size)}`, { headers: { authorization: `Bearer ${size.token}` } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${path(size)}: ${response.status}`);
      times[which]!.push(performance.now() - began);
    }
  }
  return times.map((list) => ({ p50: percentile(list, 50), p99: percentile(list, 99) }));
};

const measure = async (sizes: Prepared[]): Promise<GrowthRow[]> => {
  await interleaved(sizes, () => '/api/chat?limit=50', 50); // warm-up
  const firstPage = await interleaved(sizes, () => '/api/chat?limit=50', REQUESTS);
  const deepPage = await interleaved(sizes, (size) => `/api/chat?limit=50&before=${size.deepCursor}`, REQUESTS);
  const eventsNearHead = await interleaved(sizes, (size) => `/api/chat/events?stream=global&after=${Math.max(0, size.globalHead - 50)}&limit=100`, REQUESTS);
  const adminChats = await interleaved(sizes, () => '/api/chat/admin/chats', Math.ceil(REQUESTS / 3));
  const activityPage = await interleaved(sizes, () => '/api/auth/log-activity?limit=50', REQUESTS);
  const activityDeepPage = await interleaved(sizes, (size) => `/api/auth/log-activity?limit=50&before=${size.activityCursor}`, REQUESTS);
  const rss = sizes.map((size) => size.server.rssMb());
  // Writes: a warm-up round each, then two counted rounds each, alternating.
  const writes = sizes.map(() => [] as number[]);
  for (const size of sizes) await writeThroughput(size.server.url, size.token, 2_000);
  for (let round = 0; round < 2; round += 1) {
    for (const [which, size] of sizes.entries()) writes[which]!.push(await writeThroughput(size.server.url, size.token));
  }
  const rows: GrowthRow[] = [];
  for (const [which, size] of sizes.entries()) {
    rows.push({
      messages: size.messages,
      fillS: size.fillS,
      firstPage: firstPage[which]!,
      deepPage: deepPage[which]!,
      eventsNearHead: eventsNearHead[which]!,
      adminChats: adminChats[which]!,
      activityPage: activityPage[which]!,
      activityDeepPage: activityDeepPage[which]!,
      rssMb: rss[which]!,
      restartMs: size.restartMs,
      storeOpenMs: size.storeOpenMs,
      writesPerS: writes[which]!.reduce((sum, value) => sum + value, 0) / writes[which]!.length,
      bareP50: await bareBaseline(size.messages),
    });
  }
  return rows;
};

/** A restart of the same server on an empty DATA_DIR: what a start costs before any history. */
const emptyRestart = async (): Promise<number> => {
  const dir = await tempDir('le-growth-empty-');
  try {
    await (await launch(dir.path)).stop();
    const server = await launch(dir.path);
    await server.stop();
    return server.startedInMs;
  } finally {
    await dir.remove();
  }
};

const ms = (value: number) => value.toFixed(2);

export const growth = async (): Promise<void> => {
  // @ts-expect-error -- a plain .mjs script of ours, without types
  const { ensureServerBuild } = (await import('../scripts/server-build.mjs')) as { ensureServerBuild(which: string): Promise<string> };
  await ensureServerBuild('api');
  console.log(`\nGrowth: the embedded store filled to ${SIZES.join(' and ')} messages (as many activity entries, ${MEMBERS} private chats), measured through HTTP`);
  const prepared: Prepared[] = [];
  let rows: GrowthRow[];
  try {
    for (const size of SIZES) {
      prepared.push(await prepare(size));
      console.log(`  ${size} messages filled in ${prepared.at(-1)!.fillS.toFixed(1)} s, server started`);
    }
    rows = await measure(prepared);
  } finally {
    for (const size of prepared) {
      await size.server.stop();
      await size.dir.remove();
    }
  }
  const emptyMs = await emptyRestart();
  const table = [
    ['messages', 'first page', 'deep page', 'events near head', 'admin chat list', 'activity page', 'activity deep page', 'bare SQLite page', 'RSS MB', 'restart ms', 'store open ms', 'writes/s (16 posters)'],
    ...rows.map((row) => [
      String(row.messages),
      `${ms(row.firstPage.p50)} / ${ms(row.firstPage.p99)}`,
      `${ms(row.deepPage.p50)} / ${ms(row.deepPage.p99)}`,
      `${ms(row.eventsNearHead.p50)} / ${ms(row.eventsNearHead.p99)}`,
      `${ms(row.adminChats.p50)} / ${ms(row.adminChats.p99)}`,
      `${ms(row.activityPage.p50)} / ${ms(row.activityPage.p99)}`,
      `${ms(row.activityDeepPage.p50)} / ${ms(row.activityDeepPage.p99)}`,
      row.bareP50.toFixed(3),
      row.rssMb.toFixed(0),
      row.restartMs.toFixed(0),
      row.storeOpenMs.toFixed(1),
      row.writesPerS.toFixed(0),
    ]),
    ['empty', '', '', '', '', '', '', '', '', emptyMs.toFixed(0), '', ''],
  ];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
  console.log('HTTP p50 / p99 in ms (sizes interleaved request by request); bare SQLite page: p50 ms of the same query in-process;');
  console.log('restart: process start of the compiled server (api/dist) to /api/health answering; store open: opening the store and the projection catch-up, in-process');
  for (const row of table) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
  if (rows.length >= 2) {
    const [small, large] = [rows[0]!, rows.at(-1)!];
    const ratio = (a: number, b: number) => `${(b / a).toFixed(2)}×`;
    console.log(`\nAgainst the targets (${large.messages} vs ${small.messages} messages):`);
    console.table([
      { measure: 'first page p50', value: ratio(small.firstPage.p50, large.firstPage.p50), target: '≤ 1.5×' },
      { measure: 'deep page p50', value: ratio(small.deepPage.p50, large.deepPage.p50), target: '≤ 1.5×' },
      { measure: 'events near head p50', value: ratio(small.eventsNearHead.p50, large.eventsNearHead.p50), target: '≤ 1.5×' },
      { measure: 'admin chat list p50', value: ratio(small.adminChats.p50, large.adminChats.p50), target: '≤ 1.5×' },
      { measure: 'activity page p50', value: ratio(small.activityPage.p50, large.activityPage.p50), target: '≤ 1.5×' },
      { measure: 'activity deep page p50', value: ratio(small.activityDeepPage.p50, large.activityDeepPage.p50), target: '≤ 1.5×' },
      { measure: 'bare SQLite page p50', value: ratio(small.bareP50, large.bareP50), target: '(the floor)' },
      { measure: 'RSS', value: `+${(large.rssMb - small.rssMb).toFixed(0)} MB`, target: '≤ +50 MB' },
      { measure: `start to healthy at ${large.messages}`, value: `${large.restartMs.toFixed(0)} ms (empty store: ${emptyMs.toFixed(0)} ms)`, target: '< 1000 ms' },
      { measure: `store open at ${large.messages}`, value: `${large.storeOpenMs.toFixed(1)} ms`, target: '(part of the restart)' },
      { measure: `writes/s at ${large.messages}`, value: large.writesPerS.toFixed(0), target: '≥ 750' },
    ]);
  }
};

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await growth();
  process.exit(0);
}
