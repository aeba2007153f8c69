import { tempDir, type TempDir } from '@le/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../lib/ids';
import { decodePageCursor, encodePageCursor, type PageCursor } from '../lib/page-cursor';
import { DuplicateKeyError, type StoreDriver } from './collection';
import { createSqliteDriver } from './sqlite';
import { createMongoDriver } from './mongo';
import { AlreadyReportedError, openStore, type Store } from './index';
import { purgeExpiredRecords, RETENTION_BATCH } from '../services/retention';
import type { HistoryCursor, HistoryPage } from './history-repository';
import { newUserRecord, type HistoryRecord, type UserRecord } from './records';
import type { ChatEvent, NewChatEvent } from '@le/chat-core';
import { appendWithRetry, SeqTakenError } from '@le/event-kit';
import { applySignalEvent, rebuildSignals, SIGNALS_STREAM, type LedgerRecord, type SignalEvent } from '@le/signal-core';
import { ChatEventsRepository, ClientIdTakenError } from './chat-events-repository';
import { UNREAD_CHUNK } from './chat-projections-repository';

/**
 * One contract, two backends: the embedded store always, MongoDB where MONGODB_URL is set (no
 * MongoDB server can run on our machines, so that leg says so when it is not run).
 */
const sqliteStatements = new Set<string>();
const backends: { name: string; open: () => Promise<{ driver: StoreDriver; cleanup: () => Promise<void> }> }[] = [
  {
    name: 'embedded',
    open: async () => {
      const dir: TempDir = await tempDir('le-store-');
      const driver = createSqliteDriver(dir.path);
      // Every statement the repositories prepare is kept, for the query-plan check at the end.
      const prepare = driver.db.prepare.bind(driver.db);
      driver.db.prepare = ((sql: string) => {
        sqliteStatements.add(sql);
        return prepare(sql);
      }) as typeof driver.db.prepare;
      return { driver, cleanup: () => dir.remove() };
    },
  },
];
const mongoUrl = process.env.MONGODB_URL;
if (mongoUrl) {
  backends.push({
    name: 'mongodb',
    open: async () => {
      const url = new URL(mongoUrl);
      url.pathname = `/le_contract_${Date.now().toString(36)}`;
      const driver = await createMongoDriver(url.toString());
      return { driver, cleanup: async () => undefined };
    },
  });
} else {
  process.stderr.write('store contract: the MongoDB leg is not run here (MONGODB_URL is not set)\n');
}

const user = (overrides: Partial<UserRecord> = {}): Omit<UserRecord, 'emailLower' | 'usernameLower'> => {
  const id = newId();
  return {
    ...newUserRecord({
      _id: id,
      name: 'Sari',
      username: `sari_${id.slice(0, 8)}`,
      email: `Sari.${id.slice(0, 8)}@Example.com`,
      passwordHash: 'hash',
      emailVerified: true,
      role: 'trial',
      membershipTier: 'trial',
      trialExpiresAt: new Date(Date.now() + 86_400_000),
    }),
    ...overrides,
  };
};

describe.each(backends)('store contract: $name', ({ open }) => {
  let store: Store;
  let driver: StoreDriver;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    const opened = await open();
    driver = opened.driver;
    store = await openStore(opened.driver);
    cleanup = async () => {
      await store.close();
      await opened.cleanup();
    };
  });
  afterAll(() => cleanup());

  it('creates and finds users by id, email and username, case-insensitively', async () => {
    const created = await store.users.create(user());
    expect(await store.users.findById(created._id)).toMatchObject({ _id: created._id, email: created.email });
    expect((await store.users.findByEmail(created.email.toUpperCase()))?._id).toBe(created._id);
    expect((await store.users.findByLogin(created.username.toUpperCase()))?._id).toBe(created._id);
    expect((await store.users.findByLogin(created.email.toLowerCase()))?._id).toBe(created._id);
    expect(await store.users.findById('missing')).toBeNull();
  });

  it('keeps dates as dates', async () => {
    const created = await store.users.create(user());
    const found = await store.users.findById(created._id);
    expect(found!.createdAt).toBeInstanceOf(Date);
    expect(found!.trialExpiresAt!.getTime()).toBe(created.trialExpiresAt!.getTime());
  });

  it('refuses a duplicate email or username and names the field', async () => {
    const first = await store.users.create(user());
    const sameEmail = user({ email: first.email.toUpperCase() });
    await expect(store.users.create(sameEmail)).rejects.toMatchObject({ field: 'emailLower' });
    await expect(store.users.create(user({ username: first.username.toUpperCase() }))).rejects.toBeInstanceOf(DuplicateKeyError);
    await expect(store.users.create(user({ username: first.username.toUpperCase() }))).rejects.toMatchObject({
      field: 'usernameLower',
    });
    expect(await store.users.findById(sameEmail._id)).toBeNull();
  });

  it('refuses an update onto a taken email and leaves the record as it was', async () => {
    const a = await store.users.create(user());
    const b = await store.users.create(user());
    await expect(store.users.update(b._id, { email: a.email })).rejects.toMatchObject({ field: 'emailLower' });
    expect((await store.users.findById(b._id))!.email).toBe(b.email);
  });

  it('updates return the record after the change, or null when nothing matched', async () => {
    const a = await store.users.create(user());
    const updated = await store.users.update(a._id, { city: 'Bandung', role: 'member' });
    expect(updated).toMatchObject({ city: 'Bandung', role: 'member', emailLower: a.email.toLowerCase() });
    expect(await store.users.update('missing', { city: 'x' })).toBeNull();
  });

  it('sessions: live until revoked or expired; revoke-all returns the ids', async () => {
    const owner = await store.users.create(user());
    const now = new Date();
    const base = { userId: owner._id, createdAt: now, revokedAt: null, lastSeenAt: now, online: true, userAgent: '', ip: '' };
    const a = await store.sessions.create({ _id: newId(), expiresAt: new Date(now.getTime() + 60_000), ...base });
    const b = await store.sessions.create({ _id: newId(), expiresAt: new Date(now.getTime() + 60_000), ...base });
    const expired = await store.sessions.create({ _id: newId(), expiresAt: new Date(now.getTime() - 1), ...base });
    expect(await store.sessions.findLive(a._id)).not.toBeNull();
    expect(await store.sessions.findLive(expired._id)).toBeNull();
    expect(await store.sessions.revoke(a._id)).toBe(true);
    expect(await store.sessions.revoke(a._id)).toBe(false);
    expect(await store.sessions.findLive(a._id)).toBeNull();
    expect((await store.sessions.revokeAllForUser(owner._id)).sort()).toEqual([b._id, expired._id].sort());
    expect(await store.sessions.findLive(b._id)).toBeNull();
  });

  it('presence: touched sessions are online until marked offline', async () => {
    const owner = await store.users.create(user());
    const now = new Date();
    const session = await store.sessions.create({
      _id: newId(),
      userId: owner._id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 60_000),
      revokedAt: null,
      lastSeenAt: new Date(now.getTime() - 10 * 60_000),
      online: false,
      userAgent: '',
      ip: '',
    });
    const since = new Date(now.getTime() - 60_000);
    expect(await store.sessions.onlineUserIds(since)).not.toContain(owner._id);
    expect(await store.sessions.touch(session._id, owner._id)).toBe(true);
    expect(await store.sessions.touch(session._id, 'someone-else')).toBe(false);
    expect(await store.sessions.onlineUserIds(since)).toContain(owner._id);
    await store.sessions.markOffline(session._id);
    expect(await store.sessions.onlineUserIds(since)).not.toContain(owner._id);
  });

  it('codes: a new code voids the old; consume wins once; wrong tries burn at the limit', async () => {
    const owner = await store.users.create(user());
    const now = new Date();
    let tick = 0;
    const code = (id: string) => ({
      _id: id,
      userId: owner._id,
      purpose: 'verify' as const,
      codeHash: 'h',
      createdAt: new Date(now.getTime() + (tick += 1)),
      expiresAt: new Date(now.getTime() + 60_000),
      attempts: 0,
      closedAt: null,
      closedReason: null,
    });
    const first = await store.codes.issue(code(newId()));
    const second = await store.codes.issue(code(newId()));
    expect(first.closedAt).toBeNull();
    expect((await store.codes.findOpen(owner._id, 'verify'))?._id).toBe(second._id);
    expect(await store.codes.consume(first._id)).toBe(false);
    const results = await Promise.all([store.codes.consume(second._id), store.codes.consume(second._id)]);
    expect(results.filter(Boolean)).toHaveLength(1);

    const third = await store.codes.issue(code(newId()));
    for (let i = 1; i <= 2; i += 1) expect((await store.codes.recordWrongTry(third._id, 3))?.attempts).toBe(i);
    expect(await store.codes.recordWrongTry(third._id, 3)).toMatchObject({ closedReason: 'burnt' });
    expect(await store.codes.findOpen(owner._id, 'verify')).toBeNull();
    expect((await store.codes.latest(owner._id, 'verify'))?._id).toBe(third._id);
  });

  it('codes: two issued at once (a race past the cooldown) leave only the newest usable', async () => {
    const owner = await store.users.create(user());
    const base = Date.now();
    const code = (offset: number) => ({
      _id: newId(),
      userId: owner._id,
      purpose: 'reset' as const,
      codeHash: 'h',
      createdAt: new Date(base + offset),
      expiresAt: new Date(base + 60_000),
      attempts: 0,
      closedAt: null,
      closedReason: null,
    });
    const [older, newer] = [code(1), code(2)];
    await Promise.all([store.codes.issue(newer), store.codes.issue(older)]);
    expect((await store.codes.findOpen(owner._id, 'reset'))?._id).toBe(newer._id);
    expect(await store.codes.consume(newer._id)).toBe(true);
    expect(await store.codes.findOpen(owner._id, 'reset')).toBeNull();
  });

  it('history: pages newest first by (createdAt, _id), ties and all, with nothing skipped or repeated', async () => {
    const base = Date.UTC(2026, 0, 1, 8, 0);
    const times = [base, base + 60_000, base + 60_000, base + 60_000, base + 120_000, base + 180_000, base - 60_000];
    const created: HistoryRecord[] = [];
    for (const [index, time] of times.entries()) {
      created.push(
        await store.history.create({
          _id: newId(),
          title: `entry ${index}`,
          description: 'd',
          imageFileId: newId(),
          createdBy: 'admin',
          createdAt: new Date(time),
          updatedAt: new Date(time),
        }),
      );
    }
    const expected = [...created]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a._id < b._id ? 1 : -1))
      .map((entry) => entry._id);

    const seen: string[] = [];
    let before: HistoryCursor | null = null;
    let pages = 0;
    do {
      const page: HistoryPage = await store.history.page({ before, limit: 2 });
      for (const entry of page.entries) expect(entry.createdAt).toBeInstanceOf(Date);
      seen.push(...page.entries.map((entry) => entry._id));
      // the cursor survives its trip through the API as text
      before = page.next ? decodePageCursor(encodePageCursor(page.next)) : null;
      pages += 1;
    } while (before && pages < 10);
    expect(seen).toEqual(expected);
    expect(pages).toBe(4);
    expect((await store.history.page({ limit: 7 })).next).toBeNull();
    expect((await store.history.page({ limit: 6 })).next).not.toBeNull();

  });

  it('history: updates, swaps the image only from the expected file, deletes once', async () => {
    const entry = await store.history.create({
      _id: newId(),
      title: 'before',
      description: 'd',
      imageFileId: 'file-a',
      createdBy: 'admin',
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    expect(await store.history.update(entry._id, { title: 'after' })).toMatchObject({ title: 'after', imageFileId: 'file-a' });
    expect(await store.history.update(newId(), { title: 'x' })).toBeNull();
    expect(await store.history.replaceImage(entry._id, 'file-b', { imageFileId: 'file-c' })).toBeNull();
    expect(await store.history.replaceImage(entry._id, 'file-a', { imageFileId: 'file-b', title: 'new' })).toMatchObject({
      imageFileId: 'file-b',
      title: 'new',
    });
    expect(await store.history.delete(entry._id)).toBe(true);
    expect(await store.history.delete(entry._id)).toBe(false);
    expect(await store.history.findById(entry._id)).toBeNull();
  });

  it('activity: newest first in (createdAt, _id) pages; user and page filters match literally, case-insensitively', async () => {
    const base = Date.UTC(2030, 0, 1);
    // 'q' is never in the other records' hex, so only this test's records hold the tag.
    const tag = `q${newId().slice(0, 8)}`;
    const names = [`Rina.${tag}`, `rina_${tag}`, `budi${tag}`];
    const made = [];
    for (let index = 0; index < 6; index += 1) {
      made.push(
        await store.activity.record({
          _id: newId(),
          userId: null,
          username: names[index % 3]!,
          role: 'trial',
          ipAddress: 'Unknown',
          serverIp: '127.0.0.1',
          page: index % 2 === 0 ? `/live-${tag}` : `/history-${tag}`,
          message: 'Visited page',
          // two entries share a time: the id breaks the tie
          createdAt: new Date(base + Math.floor(index / 2) * 1000),
        }),
      );
    }
    const byTag = await store.activity.list({ page: tag, limit: 10 });
    const expected = [...made].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (b._id < a._id ? -1 : 1)).map((e) => e._id);
    expect(byTag.entries.map((entry) => entry._id)).toEqual(expected);
    expect(byTag.next).toBeNull();

    const seen: string[] = [];
    let before: PageCursor | null = null;
    do {
      const page: { entries: { _id: string }[]; next: PageCursor | null } = await store.activity.list({ page: tag, before, limit: 4 });
      seen.push(...page.entries.map((entry) => entry._id));
      before = page.next ? decodePageCursor(encodePageCursor(page.next)) : null;
    } while (before);
    expect(seen).toEqual(expected);

    // "rina." must not match "rina_" (the dot is literal), and matching ignores case
    expect((await store.activity.list({ user: `RINA.${tag}`, limit: 10 })).entries).toHaveLength(2);
    expect((await store.activity.list({ user: `rina`, page: `/LIVE-${tag}`, limit: 10 })).entries.map((e) => e.username).sort()).toEqual(
      [`Rina.${tag}`, `rina_${tag}`].sort(),
    );
    expect((await store.activity.list({ user: '.*', limit: 10 })).entries).toHaveLength(0);
    const visit = await store.activity.findRecentVisit({ userId: null, serverIp: '127.0.0.1' }, `/live-${tag}`, 'Visited page', new Date(base + 2000));
    expect(visit?.createdAt.getTime()).toBeGreaterThanOrEqual(base + 2000);
  });

  it('users: admin search by text, role and tier; counts of active members and trials', async () => {
    // 'q' is never in the other records' hex, so only this test's records hold the tag.
    const tag = `q${newId().slice(0, 8)}`;
    const now = new Date();
    const later = new Date(now.getTime() + 86_400_000);
    const earlier = new Date(now.getTime() - 86_400_000);
    const pro = await store.users.create(user({ name: `Dewi ${tag}`, username: `dewi_${tag}`, email: `dewi.${tag}@x.io`, role: 'member', membershipTier: 'pro', membershipEnd: later }));
    await store.users.create(user({ name: `Eko ${tag}`, username: `eko_${tag}`, email: `eko.${tag}@x.io`, role: 'member', membershipTier: 'pro', membershipEnd: earlier }));
    const trial = await store.users.create(user({ name: `Fitri ${tag}`, username: `fitri_${tag}`, email: `fitri.${tag}@x.io`, trialExpiresAt: new Date(now.getTime() + 3_600_000) }));

    expect((await store.users.search({ q: `DEWI.${tag}`, limit: 10 })).users.map((u) => u._id)).toEqual([pro._id]);
    expect((await store.users.search({ q: `dewi ${tag}`, limit: 10 })).users.map((u) => u._id)).toEqual([pro._id]);
    expect((await store.users.search({ q: tag, role: 'member', tier: 'pro', limit: 10 })).users).toHaveLength(2);
    expect((await store.users.search({ q: tag, role: 'trial', limit: 10 })).users.map((u) => u._id)).toEqual([trial._id]);
    expect((await store.users.search({ q: '(', limit: 10 })).users).toHaveLength(0);
    const first = await store.users.search({ q: tag, limit: 2 });
    expect(first.next).not.toBeNull();
    const second = await store.users.search({ q: tag, limit: 2, before: first.next });
    expect([...first.users, ...second.users].map((u) => u._id).sort()).toHaveLength(3);

    expect(await store.users.countActiveMembers('pro', now)).toBeGreaterThanOrEqual(1);
    const ending = await store.users.trialsEndingBetween(now, new Date(now.getTime() + 7_200_000));
    expect(ending.map((u) => u._id)).toContain(trial._id);
    expect((await store.users.findManyByIds([pro._id, trial._id])).map((u) => u._id).sort()).toEqual([pro._id, trial._id].sort());
  });
  it('payments: one pending per user (sparse unique), atomic decisions, newest first; files by id', async () => {
    const payer = newId();
    const base = Date.now();
    const payment = (id: string, at: number) => ({
      _id: id,
      userId: payer,
      membershipTier: 'basic' as const,
      duration: 'monthly' as const,
      amount: 50_000,
      expectedAmount: 50_000,
      status: 'pending' as const,
      proofFileId: newId(),
      paymentDate: new Date(at),
      expiredDate: null,
      reason: null,
      reviewedBy: null,
      reviewedAt: null,
      updatedAt: new Date(at),
    });
    const first = await store.payments.create(payment(newId(), base));
    await expect(store.payments.create(payment(newId(), base + 1))).rejects.toBeInstanceOf(DuplicateKeyError);
    expect((await store.payments.findPendingByUser(payer))?._id).toBe(first._id);

    const decisions = await Promise.all([
      store.payments.decide(first._id, { status: 'approved', reviewedBy: 'a', reviewedAt: new Date() }),
      store.payments.decide(first._id, { status: 'rejected', reviewedBy: 'b', reviewedAt: new Date(), reason: 'x' }),
    ]);
    expect(decisions.filter((d) => d !== null)).toHaveLength(1);
    expect(await store.payments.findPendingByUser(payer)).toBeNull();

    const second = await store.payments.create(payment(newId(), base + 2));
    expect((await store.payments.listByUser(payer)).map((p) => p._id)).toEqual([second._id, first._id]);
    expect((await store.payments.list({ status: 'pending' })).map((p) => p._id)).toContain(second._id);
    // the admin queue pages by (paymentDate, _id): every payment once, newest first
    const paged: string[] = [];
    let before: { paymentDate: Date; id: string } | null = null;
    do {
      const page: Awaited<ReturnType<typeof store.payments.page>> = await store.payments.page({ before, limit: 1 });
      paged.push(...page.payments.map((p) => p._id));
      before = page.next;
    } while (before);
    expect(paged.indexOf(second._id)).toBeLessThan(paged.indexOf(first._id));
    expect(new Set(paged).size).toBe(paged.length);
    expect((await store.payments.page({ status: 'approved', limit: 50 })).payments.every((p) => p.status === 'approved')).toBe(true);
    expect(await store.payments.findById('missing')).toBeNull();

    const file = await store.files.create({
      _id: newId(), ownerId: payer, visibility: 'private', kind: 'payment-proof', mime: 'image/jpeg',
      storedName: 'x.jpg', bytes: 1, width: 1, height: 1, createdAt: new Date(),
    });
    expect((await store.files.findById(file._id))?.ownerId).toBe(payer);
    expect(await store.files.delete(file._id)).toBe(true);
    expect(await store.files.delete(file._id)).toBe(false);
    expect(await store.files.findById(file._id)).toBeNull();
  });

  const chatPost = (stream: string, messageId: string, extra: { clientId?: string; sender?: string } = {}): NewChatEvent => ({
    type: 'message.posted',
    stream,
    actorId: extra.sender ?? 'sender',
    at: new Date().toISOString(),
    data: {
      messageId,
      chatId: stream === 'global' ? null : stream,
      content: `text ${messageId}`,
      sender: { _id: extra.sender ?? 'sender', role: 'member', name: 'S', username: 's', photo_profile: '', membershipTier: 'pro' },
      replyToId: null,
      clientId: extra.clientId ?? null,
    },
  });

  it('chat events: messages posted since a moment, over every stream, other event types left out', async () => {
    const since = new Date(Date.now() + 365 * 86_400_000); // a future day: only this test's events count
    const at = (offsetMs: number) => new Date(since.getTime() + offsetMs).toISOString();
    const [a, b] = [newId(), newId()];
    await store.chatEvents.insert({ ...chatPost(a, 'p1'), at: at(-1), _id: newId(), seq: 1 } as ChatEvent);
    await store.chatEvents.insert({ ...chatPost(a, 'p2'), at: at(0), _id: newId(), seq: 2 } as ChatEvent);
    await store.chatEvents.insert({ ...chatPost(b, 'p3'), at: at(60_000), _id: newId(), seq: 1 } as ChatEvent);
    const edit = { type: 'message.edited', stream: b, actorId: 'sender', at: at(120_000), data: { messageId: 'p3', content: 'x' } };
    await store.chatEvents.insert({ ...edit, _id: newId(), seq: 2 } as ChatEvent);
    expect(await store.chatEvents.countPostedSince(since)).toBe(2);
  });

  it('chat events: (stream, seq) is unique, the head rises, reads go forward', async () => {
    const stream = newId();
    expect(await store.chatEvents.head(stream)).toBe(0);
    await store.chatEvents.insert({ ...chatPost(stream, 'm1'), _id: newId(), seq: 1 } as ChatEvent);
    await expect(store.chatEvents.insert({ ...chatPost(stream, 'm2'), _id: newId(), seq: 1 } as ChatEvent)).rejects.toBeInstanceOf(SeqTakenError);
    await store.chatEvents.insert({ ...chatPost(stream, 'm2'), _id: newId(), seq: 2 } as ChatEvent);
    // The same seq in another stream is fine.
    await store.chatEvents.insert({ ...chatPost(newId(), 'm3'), _id: newId(), seq: 1 } as ChatEvent);
    expect(await store.chatEvents.head(stream)).toBe(2);
    expect((await store.chatEvents.after(stream, 0, 10)).map((event) => event.seq)).toEqual([1, 2]);
    expect((await store.chatEvents.after(stream, 1, 10)).map((event) => event.seq)).toEqual([2]);
    expect((await store.chatEvents.messageEvents(stream, 'm2')).map((event) => event.seq)).toEqual([2]);
  });

  it('a command that fails between its two writes keeps neither (one transaction): no event without its projection', async () => {
    const stream = newId();
    const attempt = store.unitOfWork(async () => {
      await store.chatEvents.insert({ ...chatPost(stream, 'half'), _id: newId(), seq: 1 } as ChatEvent);
      throw new Error('the projection write failed');
    });
    await expect(attempt.then(({ durable }) => durable())).rejects.toThrow('the projection write failed');
    await store.durable();
    expect(await store.chatEvents.after(stream, 0, 10)).toEqual([]);
    expect(await store.chatEvents.head(stream)).toBe(0);
    // The stream takes its first event again, at seq 1.
    await store.chatEvents.insert({ ...chatPost(stream, 'whole'), _id: newId(), seq: 1 } as ChatEvent);
    expect((await store.chatEvents.after(stream, 0, 10)).map((event) => event.seq)).toEqual([1]);
  });

  it('chat events: a (sender, clientId) pair is stored once', async () => {
    const stream = newId();
    await store.chatEvents.insert({ ...chatPost(stream, 'c1', { clientId: 'k' }), _id: newId(), seq: 1 } as ChatEvent);
    await expect(
      store.chatEvents.insert({ ...chatPost(stream, 'c2', { clientId: 'k' }), _id: newId(), seq: 2 } as ChatEvent),
    ).rejects.toBeInstanceOf(ClientIdTakenError);
    await store.chatEvents.insert({ ...chatPost(stream, 'c3', { clientId: 'k', sender: 'someone-else' }), _id: newId(), seq: 2 } as ChatEvent);
    expect((await store.chatEvents.postedWithClientId('sender', 'k'))?.data).toMatchObject({ messageId: 'c1' });
    expect(await store.chatEvents.postedWithClientId('sender', 'other')).toBeNull();
  });

  it('chat events: concurrent appends to one stream give gapless, unique sequences', async () => {
    const stream = newId();
    const writers = Array.from({ length: 30 }, (_, index) =>
      appendWithRetry(store.chatEvents, stream, async () => chatPost(stream, `w${index}`), newId),
    );
    const events = await Promise.all(writers);
    expect(events.map((event) => event!.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
    expect((await store.chatEvents.after(stream, 0, 100)).map((event) => event.seq)).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
  });

  it('chat events: a writer whose head hint is stale (another process wrote) retries into the right place', async () => {
    const stream = newId();
    const other = await ChatEventsRepository.open(driver);
    await appendWithRetry(store.chatEvents, stream, async () => chatPost(stream, 'a1'), newId);
    expect(await other.head(stream)).toBe(1);
    await appendWithRetry(store.chatEvents, stream, async () => chatPost(stream, 'a2'), newId);
    await appendWithRetry(store.chatEvents, stream, async () => chatPost(stream, 'a3'), newId);
    let decisions = 0;
    const late = await appendWithRetry(other, stream, async (head) => {
      decisions += 1;
      return chatPost(stream, `b-after-${head}`);
    }, newId);
    expect(late).toMatchObject({ seq: 4, data: { messageId: 'b-after-3' } });
    expect(decisions).toBe(2);
    expect((await store.chatEvents.after(stream, 0, 10)).map((event) => event.seq)).toEqual([1, 2, 3, 4]);
    expect(await store.chatEvents.readHead(stream)).toBe(4);
  });

  it('signals: one stream with a unique seq, a projection that only moves forward, lists by state and side', async () => {
    const event = (seq: number, type: SignalEvent['type'], signalId: string, data: Record<string, unknown> = {}) =>
      ({ _id: newId(), seq, stream: SIGNALS_STREAM, type, actorId: 'admin', at: new Date(Date.UTC(2026, 0, 1, 0, seq)).toISOString(), data: { signalId, ...data } }) as SignalEvent;
    const opened = (seq: number, signalId: string, side: 'buy' | 'sell') =>
      event(seq, 'signal.opened', signalId, {
        side,
        entry: 2380,
        stopLoss: side === 'buy' ? 2370 : 2390,
        takeProfits: [side === 'buy' ? 2390 : 2370],
        analysis: null,
        author: { _id: 'admin', name: 'Admin' },
      });
    const [a, b, c] = [newId(), newId(), newId()];
    const log = [opened(1, a, 'buy'), opened(2, b, 'sell'), event(3, 'signal.closed', a, { exitPrice: 2390, pips: 100, outcome: 'tp' }), opened(4, c, 'buy'), event(5, 'signal.cancelled', c)];
    expect(await store.signals.head()).toBe(0);
    for (const each of log) {
      await store.signals.insert(each);
      await applySignalEvent(store.signals, each);
    }
    await expect(store.signals.insert({ ...log[0]!, _id: newId() })).rejects.toBeInstanceOf(SeqTakenError);
    expect(await store.signals.readHead()).toBe(5);
    expect(await store.signals.projectedHead()).toBe(5);
    expect((await store.signals.after(2, 10)).map((each) => each.seq)).toEqual([3, 4, 5]);
    expect((await store.signals.eventsOf([a])).map((each) => each.seq)).toEqual([1, 3]);
    expect((await store.signals.eventsOf([c, a])).map((each) => each.seq)).toEqual([1, 3, 4, 5]);
    // A stale fold never overwrites a newer one.
    await store.signals.saveSignal({ ...(rebuildSignals(log.slice(0, 1)).get(a)!) });
    expect(await store.signals.findSignal(a)).toMatchObject({ status: 'closed', seq: 3, pips: 100 });
    expect(await store.signals.findSignal(a)).toEqual(rebuildSignals(log).get(a));
    const ids = async (filter: Partial<Parameters<Store['signals']['page']>[0]>) =>
      (await store.signals.page({ finished: null, side: null, before: null, limit: 10, ...filter })).map((doc) => doc._id);
    expect(await ids({})).toEqual([c, b, a]);
    expect(await ids({ finished: false })).toEqual([b]);
    expect(await ids({ finished: true })).toEqual([c, a]);
    expect(await ids({ side: 'buy', finished: true })).toEqual([c, a]);
    expect(await ids({ side: 'sell' })).toEqual([b]);
    expect(await ids({ before: 4, limit: 1 })).toEqual([b]);
    expect((await store.signals.finished()).map((doc) => doc._id).sort()).toEqual([a, c].sort());
  });

  it('signal ledger: one record per seq, stored once (a second insert of a seq is refused), read back by seq, after a seq and the head', async () => {
    // A fresh store per backend run shares the collection with the signals case above: seqs far from theirs.
    const base = 1_000_000 + Math.floor(Math.random() * 1_000_000);
    const record = (seq: number, salt = 'a'.repeat(32)): LedgerRecord => ({
      seq,
      type: 'signal.opened',
      at: new Date(Date.UTC(2026, 0, 1, 0, seq % 60)).toISOString(),
      signalId: `sig-${seq}`,
      status: 'open',
      exitPrice: null,
      outcome: null,
      pips: null,
      author: { _id: 'admin', name: 'Ayu' },
      commitments: { levels: 'b'.repeat(64), analysis: 'c'.repeat(64) },
      prevHash: String(seq - 1).padStart(64, '0'),
      hash: String(seq).padStart(64, '0'),
      salt,
    });
    expect(await store.signals.insertLedger(record(base + 1))).toBe(true);
    expect(await store.signals.insertLedger(record(base + 2))).toBe(true);
    expect(await store.signals.insertLedger(record(base + 1, 'd'.repeat(32)))).toBe(false);
    expect(await store.signals.ledgerAt(base + 1)).toEqual(record(base + 1));
    expect(await store.signals.ledgerAt(base + 3)).toBeNull();
    expect((await store.signals.ledgerAfter(base, 10)).map((each) => each.seq)).toEqual([base + 1, base + 2]);
    expect((await store.signals.ledgerAfter(base + 1, 10)).map((each) => each.seq)).toEqual([base + 2]);
    expect((await store.signals.ledgerHead())?.seq).toBeGreaterThanOrEqual(base + 2);
  });

  it('lifecycle: one lease holder at a time, taken over once lapsed; a notice is claimed once per period and kind', async () => {
    const name = `lease-${newId()}`;
    const t0 = new Date();
    const later = (ms: number) => new Date(t0.getTime() + ms);
    const first = await Promise.all(['a', 'b', 'c'].map((holder) => store.lifecycle.acquireLease(name, holder, t0, later(60_000))));
    expect(first.filter(Boolean)).toHaveLength(1);
    const owner = ['a', 'b', 'c'][first.indexOf(true)]!;
    const other = owner === 'a' ? 'b' : 'a';
    expect(await store.lifecycle.acquireLease(name, owner, later(30_000), later(90_000))).toBe(true);
    expect(await store.lifecycle.acquireLease(name, other, later(60_000), later(120_000))).toBe(false);
    expect(await store.lifecycle.acquireLease(name, other, later(90_000), later(150_000))).toBe(true);
    await store.lifecycle.releaseLease(name, other);
    expect(await store.lifecycle.acquireLease(name, owner, later(91_000), later(151_000))).toBe(true);

    const userId = newId();
    const periodEnd = later(86_400_000);
    expect(await store.lifecycle.sentAny(userId, periodEnd, ['ends-tomorrow', 'ended'])).toBe(false);
    const claims = await Promise.all([1, 2].map(() => store.lifecycle.claimNotice(userId, periodEnd, 'ends-tomorrow', t0)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await store.lifecycle.sentAny(userId, periodEnd, ['ends-tomorrow', 'ended'])).toBe(true);
    expect(await store.lifecycle.sentAny(userId, later(1), ['ends-tomorrow'])).toBe(false);
    await store.lifecycle.releaseNotice(userId, periodEnd, 'ends-tomorrow');
    expect(await store.lifecycle.claimNotice(userId, periodEnd, 'ends-tomorrow', t0)).toBe(true);
  });

  it('moderation: one report per message and reporter, resolved once, paged; timeouts replaced and ended; terms kept; the log by action and user', async () => {
    const t0 = new Date(Date.UTC(2026, 0, 5, 10));
    const at = (ms: number) => new Date(t0.getTime() + ms);
    const messageId = newId();
    const report = (reporterId: string, ms: number) => ({
      _id: newId(),
      messageId,
      authorId: 'author',
      reporterId,
      reason: 'tout',
      createdAt: at(ms),
      status: 'open' as const,
      resolution: null,
    });
    const first = report('r1', 0);
    await store.moderation.insertReport(first);
    await expect(store.moderation.insertReport(report('r1', 1))).rejects.toBeInstanceOf(AlreadyReportedError);
    const second = report('r2', 1000);
    await store.moderation.insertReport(second);
    expect(await store.moderation.hasReported(messageId, 'r2')).toBe(true);
    const open = await store.moderation.reportsPage('open', null, 1000);
    expect(open.slice(0, 2).map((doc) => doc._id)).toEqual([second._id, first._id]);
    const page = await store.moderation.reportsPage('open', { createdAt: second.createdAt, id: second._id }, 1000);
    expect(page[0]?._id).toBe(first._id);
    const resolution = { action: 'dismiss' as const, by: 'admin', at: at(2000).toISOString(), reason: null, minutes: null };
    const resolved = await Promise.all([store.moderation.resolveReport(first._id, resolution), store.moderation.resolveReport(first._id, resolution)]);
    expect(resolved.filter(Boolean)).toHaveLength(1);
    expect((await store.moderation.findReport(first._id))?.status).toBe('resolved');
    expect(await store.moderation.countOpenReports()).toBeGreaterThanOrEqual(1);

    const userId = newId();
    await store.moderation.saveTimeout({ _id: userId, userId, until: at(60_000), reason: 'a', by: 'admin', at: t0 });
    await store.moderation.saveTimeout({ _id: userId, userId, until: at(120_000), reason: 'b', by: 'admin', at: t0 });
    expect((await store.moderation.findTimeout(userId))?.until).toEqual(at(120_000));
    expect((await store.moderation.activeTimeouts(at(1000))).some((doc) => doc._id === userId)).toBe(true);
    expect(await store.moderation.endTimeout(userId, at(5000))).not.toBeNull();
    expect(await store.moderation.endTimeout(userId, at(6000))).toBeNull();
    expect((await store.moderation.activeTimeouts(at(6000))).some((doc) => doc._id === userId)).toBe(false);

    await store.moderation.saveBlockedTerms(['pasti profit'], t0);
    await store.moderation.saveBlockedTerms(['pasti profit', 'scam'], t0);
    expect(await store.moderation.blockedTerms()).toEqual(['pasti profit', 'scam']);

    const entry = (action: 'timeout.set' | 'filters.changed', ms: number, target: string | null) => ({
      _id: newId(),
      createdAt: at(ms),
      action,
      actorId: 'admin',
      target: { kind: 'user' as const, _id: target, label: 'x' },
      userId: target,
      reason: null,
    });
    await store.moderation.record(entry('timeout.set', 0, userId));
    await store.moderation.record(entry('filters.changed', 1000, null));
    await store.moderation.record(entry('timeout.set', 2000, userId));
    const byUser = await store.moderation.logPage({ action: null, userId }, null, 10);
    expect(byUser.map((doc) => doc.createdAt)).toEqual([at(2000), at(0)]);
    const byAction = await store.moderation.logPage({ action: 'filters.changed' }, null, 10);
    expect(byAction.every((doc) => doc.action === 'filters.changed')).toBe(true);
    const after = await store.moderation.logPage({ action: null }, { createdAt: byUser[0]!.createdAt, id: byUser[0]!._id }, 10);
    expect(after.some((doc) => doc._id === byUser[0]!._id)).toBe(false);

    // Slow mode's read (a user's last post in the room) and the room's (its last room.updated).
    expect(await store.chatEvents.lastPostOf(newId(), 'global')).toBeNull();
    expect(await store.chatEvents.lastOfType(`room-${newId()}`, 'room.updated')).toBeNull();
  });

  it('push: one subscription per endpoint (a known one moves to the new session), by user, by session, paged; preferences default on', async () => {
    const [userA, userB, sessionA, sessionB] = [newId(), newId(), newId(), newId()];
    const sub = (endpoint: string, userId: string, sessionId: string) => ({
      _id: newId(),
      endpoint,
      keys: { p256dh: 'p', auth: 'a' },
      userId,
      sessionId,
      userAgent: 'test',
      createdAt: new Date(),
    });
    const endpoint = `https://push.example/${newId()}`;
    const saves = await Promise.all([store.push.save(sub(endpoint, userA, sessionA)), store.push.save(sub(endpoint, userA, sessionA))]);
    expect(saves.filter((save) => save.created)).toHaveLength(1);
    const moved = await store.push.save(sub(endpoint, userB, sessionB));
    expect(moved.created).toBe(false);
    expect(moved.record).toMatchObject({ endpoint, userId: userB, sessionId: sessionB, _id: saves[0]!.record._id });
    expect(await store.push.forUser(userA)).toEqual([]);
    const second = (await store.push.save(sub(`https://push.example/${newId()}`, userB, sessionA))).record;
    expect((await store.push.forUser(userB)).map((s) => s._id).sort()).toEqual([moved.record._id, second._id].sort());
    expect((await store.push.forUsers([userA, userB])).length).toBe(2);
    const paged: string[] = [];
    for (let after: string | null = null; ; ) {
      const page = await store.push.page(after, 1);
      if (page.length === 0) break;
      paged.push(...page.map((s) => s._id));
      after = page.at(-1)!._id;
    }
    expect(paged).toEqual(expect.arrayContaining([moved.record._id, second._id]));
    expect(new Set(paged).size).toBe(paged.length);
    expect(await store.push.removeForSession(sessionA)).toBe(1);
    expect(await store.push.removeOwn(moved.record._id, userA)).toBe(false);
    expect(await store.push.removeEndpoint(endpoint, userB)).toBe(1);
    expect(await store.push.forUser(userB)).toEqual([]);

    expect(await store.push.preferencesOf(userA)).toEqual({ signalOpened: true, signalUpdated: true, signalClosed: true, replies: true, adminMessages: true, membership: true });
    const set = await store.push.setPreferences(userA, { replies: false }, new Date());
    expect(set.replies).toBe(false);
    expect((await store.push.setPreferences(userA, { membership: false }, new Date())).replies).toBe(false);
    const many = await store.push.preferencesOfMany([userA, userB]);
    expect(many.get(userA)).toMatchObject({ replies: false, membership: false, signalOpened: true });
    expect(many.get(userB)!.replies).toBe(true);
  });

  it('upsertForward: inserts when missing, moves a document only forward, sets dotted fields alone', async () => {
    const docs = await driver.collection<{ _id: string; seq: number; note: string; marks?: Record<string, number>; at?: Date }>('contract_upserts');
    const at = new Date('2026-05-01T00:00:00.000Z');
    expect(await docs.upsertForward({ _id: 'a', seq: 2, note: 'two', at }, { field: 'seq', below: 2 })).toBe(true);
    expect(await docs.upsertForward({ _id: 'a', seq: 1, note: 'one' }, { field: 'seq', below: 1 })).toBe(false);
    expect(await docs.upsertForward({ _id: 'a', seq: 2, note: 'two again' }, { field: 'seq', below: 2 })).toBe(false);
    expect(await docs.findOne({ _id: 'a' })).toEqual({ _id: 'a', seq: 2, note: 'two', at });
    expect(await docs.upsertForward({ _id: 'a', seq: 3, note: 'three' }, { field: 'seq', below: 3 })).toBe(true);
    expect(await docs.findOne({ _id: 'a' })).toEqual({ _id: 'a', seq: 3, note: 'three' });
    // With `set`: only those fields move; a missing guard field counts as below.
    const fresh = { _id: 'b', seq: 0, note: 'new', marks: { ann: 4 } };
    expect(await docs.upsertForward(fresh, { field: 'marks.ann', below: 4 }, { 'marks.ann': 4 })).toBe(true);
    expect(await docs.upsertForward({ ...fresh, marks: { bob: 1 } }, { field: 'marks.bob', below: 1 }, { 'marks.bob': 1 })).toBe(true);
    expect(await docs.upsertForward({ ...fresh, marks: { ann: 3 } }, { field: 'marks.ann', below: 3 }, { 'marks.ann': 3 })).toBe(false);
    expect(await docs.upsertForward({ ...fresh, seq: 9, note: 'not this' }, { field: 'seq', below: 9 }, { seq: 9, at })).toBe(true);
    expect(await docs.findOne({ _id: 'b' })).toEqual({ _id: 'b', seq: 9, note: 'new', marks: { ann: 4, bob: 1 }, at });
  });

  it('chat projections: conditional saves never go backwards; pages, unread counts, one chat per member', async () => {
    const stream = newId();
    const doc = (id: string, postedSeq: number, overrides: Record<string, unknown> = {}) => ({
      _id: id, stream, chatId: stream, type: 'private' as const, content: id, createdAt: new Date(Date.now() + postedSeq).toISOString(),
      editedAt: null, sender: { _id: postedSeq % 2 ? 'member' : 'admin', role: 'member', name: '', username: '', photo_profile: '', membershipTier: '' },
      replyToId: null, replyTo: null, hidden: false, hiddenBy: null, hiddenContext: null, deleted: false, deletedAt: null,
      clientId: null, postedSeq, seq: postedSeq, projSeq: postedSeq, ...overrides,
    });
    for (let i = 1; i <= 5; i += 1) await store.chat.saveMessage(doc(`${stream}-${i}`, i));
    await store.chat.saveMessage(doc(`${stream}-1`, 1, { content: 'newer', seq: 6, projSeq: 6 }));
    await store.chat.saveMessage(doc(`${stream}-1`, 1, { content: 'stale', seq: 2, projSeq: 2 }));
    expect((await store.chat.findMessage(`${stream}-1`))?.content).toBe('newer');
    await store.chat.saveMessage(doc(`${stream}-5`, 5, { deleted: true, content: '', seq: 7, projSeq: 7 }));

    const first = await store.chat.page(stream, { before: null, limit: 2 });
    expect(first.messages.map((m) => m.postedSeq)).toEqual([4, 3]);
    const second = await store.chat.page(stream, { before: first.nextCursor, limit: 2 });
    expect(second.messages.map((m) => m.postedSeq)).toEqual([2, 1]);
    expect(second.nextCursor).toBeNull();
    expect((await store.chat.newestVisible(stream))?.postedSeq).toBe(4);
    // Unread for "admin": the member's messages (odd seqs) after seq 1 that are not deleted: only seq 3.
    // One query for many streams, each with its own read mark; a stream with none is absent.
    expect(await store.chat.countUnreadByStream([{ stream, afterSeq: 1 }, { stream: `${stream}-quiet`, afterSeq: 0 }], 'admin')).toEqual(new Map([[stream, 1]]));
    expect(await store.chat.countUnreadByStream([{ stream, afterSeq: 0 }], 'admin')).toEqual(new Map([[stream, 2]]));
    expect(await store.chat.countUnreadByStream([{ stream, afterSeq: 3 }], 'admin')).toEqual(new Map());
    expect(await store.chat.countUnreadByStream([], 'admin')).toEqual(new Map());

    const member = newId();
    const [a, b] = await Promise.all([store.chat.openChat(newId(), member, new Date()), store.chat.openChat(newId(), member, new Date())]);
    expect(a.chat._id).toBe(b.chat._id);
    expect([a.created, b.created].filter(Boolean)).toHaveLength(1);
    await store.chat.saveHead(a.chat._id, 3, { id: 'x', at: new Date().toISOString() });
    await store.chat.saveHead(a.chat._id, 2, { id: 'stale', at: null });
    await store.chat.saveRead(a.chat._id, 'reader', 3);
    await store.chat.saveRead(a.chat._id, 'reader', 1);
    expect(await store.chat.findChat(a.chat._id)).toMatchObject({ seq: 3, lastMessageId: 'x', reads: { reader: 3 }, memberId: member });
  });

  it('chat: unread counts over more streams than one statement may bind (chunks of UNREAD_CHUNK, merged)', async () => {
    const prefix = newId();
    const streams = Array.from({ length: 17_000 }, (_, index) => `${prefix}-${index}`);
    // unread in the first, second and last chunk, and past the 16383 streams one statement could hold
    const unread = new Map([[streams[3]!, 2], [streams[UNREAD_CHUNK + 1]!, 1], [streams[16_500]!, 1], [streams[16_999]!, 3]]);
    for (const [stream, count] of unread) {
      for (let postedSeq = 1; postedSeq <= count + 1; postedSeq += 1) {
        await store.chat.saveMessage({
          _id: `${stream}-m${postedSeq}`, stream, chatId: stream, type: 'private', content: 'hi', createdAt: new Date().toISOString(),
          editedAt: null, sender: { _id: 'member', role: 'member', name: '', username: '', photo_profile: '', membershipTier: '' },
          replyToId: null, replyTo: null, hidden: false, hiddenBy: null, hiddenContext: null, deleted: false, deletedAt: null,
          clientId: null, postedSeq, seq: postedSeq, projSeq: postedSeq,
        });
      }
    }
    // read up to the first message of each stream
    const counts = await store.chat.countUnreadByStream(streams.map((stream) => ({ stream, afterSeq: 1 })), 'admin');
    expect(counts).toEqual(unread);
    // the first 1200 alone: three chunks
    const first = await store.chat.countUnreadByStream(streams.slice(0, 1200).map((stream) => ({ stream, afterSeq: 0 })), 'admin');
    expect(first).toEqual(new Map([[streams[3]!, 3], [streams[UNREAD_CHUNK + 1]!, 2]]));
  });

  it('chat: active chats newest first, replies, stream heads paged by id, messages by id', async () => {
    const older = await store.chat.openChat(newId(), newId(), new Date());
    const newer = await store.chat.openChat(newId(), newId(), new Date());
    const silent = await store.chat.openChat(newId(), newId(), new Date());
    await store.chat.saveHead(older.chat._id, 1, { id: 'm-old', at: '2031-01-01T00:00:00.000Z' });
    await store.chat.saveHead(newer.chat._id, 1, { id: 'm-new', at: '2031-01-02T00:00:00.000Z' });
    const active = (await store.chat.listActiveChats()).map((chat) => chat._id);
    expect(active.indexOf(newer.chat._id)).toBeLessThan(active.indexOf(older.chat._id));
    expect(active).not.toContain(silent.chat._id);

    const heads: string[] = [];
    for (let after: string | null = null; ; ) {
      const page = await store.chat.streamHeads(after, 2);
      heads.push(...page.map((head) => head._id));
      if (page.length < 2) break;
      after = page.at(-1)!._id;
    }
    expect(heads).toEqual([...heads].sort());
    expect(heads).toEqual(expect.arrayContaining([older.chat._id, newer.chat._id, silent.chat._id]));
    expect(new Set(heads).size).toBe(heads.length);
    expect(await store.chat.repliesTo('nobody-replied-to-this')).toEqual([]);
    expect(await store.chat.findMessages([])).toEqual([]);
  });

  it('users and payments: admins, expired counts, pending queue, files per owner, live session ids', async () => {
    const admin = await store.users.create(user({ role: 'admin', membershipTier: 'admin' }));
    expect((await store.users.listAdmins()).map((u) => u._id)).toContain(admin._id);
    expect(await store.users.findAnyAdmin()).not.toBeNull();
    expect(await store.users.countAdmins()).toBeGreaterThanOrEqual(1);
    const lapsed = await store.users.create(user({ role: 'member', membershipTier: 'basic', membershipEnd: new Date(Date.now() - 1000) }));
    const before = await store.users.countExpired();
    await store.users.update(lapsed._id, { membershipEnd: new Date(Date.now() + 86_400_000) });
    expect(await store.users.countExpired()).toBe(before - 1);
    expect(await store.payments.countByStatus('pending')).toBeGreaterThanOrEqual(0);
    expect(Array.isArray(await store.payments.list({ status: 'approved', limit: 5 }))).toBe(true);
    expect(await store.files.countByOwner(admin._id)).toBe(0);
    expect(await store.sessions.liveIdsForUser(admin._id)).toEqual([]);
  });

  it('retention: old activity, expired codes and ended sessions go in batches; recent ones stay', async () => {
    const fresh = await open();
    const own = await openStore(fresh.driver);
    try {
      const now = new Date('2032-06-01T00:00:00.000Z');
      const days = (n: number) => new Date(now.getTime() - n * 86_400_000);
      const entry = (createdAt: Date) => ({
        _id: newId(), userId: null, username: 'guest', role: 'guest', ipAddress: 'Unknown', serverIp: '127.0.0.1', page: '/', message: 'Visited page', createdAt,
      });
      for (let index = 0; index < RETENTION_BATCH * 2 + 50; index += 1) await own.activity.record(entry(days(181 + (index % 30))));
      const kept = await own.activity.record(entry(days(179)));

      const owner = await own.users.create(user());
      const code = (expiresAt: Date) => ({
        _id: newId(), userId: owner._id, purpose: 'verify' as const, codeHash: 'h', createdAt: new Date(expiresAt.getTime() - 600_000), expiresAt, attempts: 0, closedAt: null, closedReason: null,
      });
      await own.codes.issue(code(days(2)));
      const liveCode = await own.codes.issue(code(new Date(now.getTime() + 600_000)));

      const session = (overrides: { expiresAt: Date; revokedAt: Date | null }) => ({
        _id: newId(), userId: owner._id, createdAt: days(40), lastSeenAt: days(3), online: false, userAgent: '', ip: '', ...overrides,
      });
      await own.sessions.create(session({ expiresAt: days(2), revokedAt: null }));
      await own.sessions.create(session({ expiresAt: days(-20), revokedAt: days(3) }));
      const justSignedOut = await own.sessions.create(session({ expiresAt: days(-20), revokedAt: new Date(now.getTime() - 3_600_000) }));
      const live = await own.sessions.create(session({ expiresAt: days(-20), revokedAt: null }));

      expect(await purgeExpiredRecords(own, { activityRetentionDays: 180, now })).toEqual({ activity: RETENTION_BATCH * 2 + 50, codes: 1, sessions: 2 });
      expect((await own.activity.list({ limit: 10 })).entries.map((e) => e._id)).toEqual([kept._id]);
      expect((await own.codes.latest(owner._id, 'verify'))?._id).toBe(liveCode._id);
      expect(await own.sessions.findLive(live._id, now)).not.toBeNull();
      expect(await purgeExpiredRecords(own, { activityRetentionDays: 180, now })).toEqual({ activity: 0, codes: 0, sessions: 0 });
      // Two days on, the entry of 179 days, the code and the sign-out of an hour ago have aged out too.
      const later = new Date(now.getTime() + 2 * 86_400_000);
      expect(await purgeExpiredRecords(own, { activityRetentionDays: 180, now: later })).toEqual({ activity: 1, codes: 1, sessions: 1 });
      expect(await own.sessions.revoke(justSignedOut._id, later)).toBe(false);
      expect(await own.sessions.liveIdsForUser(owner._id, later)).toEqual([live._id]);
    } finally {
      await own.close();
      await fresh.cleanup();
    }
  });
});

describe('store contract: sqlite query plans', () => {
  it('every statement the repositories ran is served by an index: no full scan, no sort of a whole table', async () => {
    const dir = await tempDir('le-plans-');
    const driver = createSqliteDriver(dir.path);
    const planned = await openStore(driver);
    // The surface's own case (upsertForward) reads a table of its own.
    await driver.collection('contract_upserts');
    const { db } = driver;
    const plans = [...sqliteStatements]
      .filter((sql) => /^(SELECT|UPDATE|DELETE)/.test(sql))
      .map((sql) => ({ sql, plan: (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...new Array<null>(sql.split('?').length - 1).fill(null)) as { detail: string }[]).map((row) => row.detail) }));
    // A temp b-tree sorts every match before the limit. A SCAN walks a table or an index from one
    // end: allowed only for a first page with no filter (it stops at the limit), a text search
    // ("contains" has no index; it walks newest first and stops at the page), and the admin chat
    // list (every chat that has a message, newest first: it has no pages). Everything else, cursor
    // pages included, must SEARCH: seek into an index.
    const walks = (sql: string) =>
      /WHERE 1 ORDER BY/.test(sql) || sql.includes('le_regexp(') || /^SELECT doc FROM "chats" WHERE json_type\(doc, '\$\."memberId"'\) IS NOT NULL/.test(sql);
    // A GROUP BY sorts only the rows its index searches found (unread messages of a few chats).
    const sortsAll = (plan: string[]) => plan.some((step) => /TEMP B-TREE/.test(step) && !(/FOR GROUP BY/.test(step) && plan.every((other) => !/^SCAN /.test(other))));
    const offending = plans.filter(({ sql, plan }) => sortsAll(plan) || plan.some((step) => /^SCAN /.test(step) && !walks(sql)));
    expect(offending).toEqual([]);
    expect(plans.length).toBeGreaterThan(60);
    await planned.close();
    await dir.remove();
  });
});
