import { tempDir, type TempDir } from '@le/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatSummary } from '@le/contracts';
import { RuleError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { nullPublisher } from '../../plugins/app/publisher';
import { createSqliteDriver } from '../../store/sqlite';
import { openStore, type Store, type UserRecord } from '../../store';
import { newUserRecord } from '../../store/records';
import { rebuildChatProjections } from '../chat-rebuild';
import { createChatServices, type ChatCommands, type ChatQueries } from '.';

/**
 * The service on the real embedded store: random command sequences (and concurrent ones) leave
 * live projections that equal a rebuild from chat_events.
 */
let dir: TempDir;
let store: Store;
let now = Date.parse('2026-03-01T08:00:00.000Z');
const clock = () => new Date(now);
let service: ChatCommands;
const users: UserRecord[] = [];
const chats: string[] = [];

const person = async (role: 'admin' | 'member', label: string): Promise<UserRecord> => {
  const id = newId();
  return store.users.create({
    ...newUserRecord({
      _id: id,
      name: label,
      username: `${label}_${id.slice(0, 6)}`,
      email: `${label}.${id.slice(0, 6)}@example.com`,
      passwordHash: 'x',
      emailVerified: true,
      role,
      membershipTier: role === 'admin' ? 'None' : 'expert',
    }),
    membershipEnd: role === 'member' ? new Date(now + 365 * 86_400_000) : null,
  });
};

beforeAll(async () => {
  dir = await tempDir('le-chat-svc-');
  store = await openStore(createSqliteDriver(dir.path));
  service = createChatServices(store, { publisher: nullPublisher }, clock).commands;
  users.push(await person('admin', 'admin'), await person('member', 'sari'), await person('member', 'budi'));
  for (const member of users.slice(1)) chats.push((await service.openWithAdmin(member)).chat._id);
});
afterAll(async () => {
  await store.close();
  await dir.remove();
});

type Op =
  | { kind: 'post'; user: number; own: boolean; where: number; text: string; reply: number | null }
  | { kind: 'edit' | 'delete' | 'hide'; user: number; own: boolean; message: number; text: string }
  | { kind: 'read'; user: number; where: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('post' as const), user: fc.nat(2), own: fc.boolean(), where: fc.nat(2), text: fc.string({ maxLength: 60 }), reply: fc.option(fc.nat(50), { freq: 2 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom('edit' as const, 'delete' as const, 'hide' as const), user: fc.nat(2), own: fc.boolean(), message: fc.nat(50), text: fc.string({ maxLength: 60 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('read' as const), user: fc.nat(2), where: fc.nat(1) }) },
);

const posted: string[] = [];
const authors = new Map<string, UserRecord>();
/** `own` steers a command to where it may succeed: a member posting in their own chat, an author editing. */
const perform = async (op: Op): Promise<void> => {
  let user = users[op.user]!;
  if (op.kind === 'post' && op.own && op.where > 0) user = users[op.where]!;
  if (op.kind !== 'post' && op.kind !== 'read' && op.own && posted.length > 0) {
    user = op.kind === 'hide' ? users[0]! : authors.get(posted[op.message % posted.length]!)!;
  }
  try {
    if (op.kind === 'post') {
      const chatId = op.where === 0 ? undefined : chats[op.where - 1];
      const replyTo = op.reply === null || posted.length === 0 ? null : posted[op.reply % posted.length]!;
      const { message } = await service.post(user, { content: op.text, ...(chatId ? { chatId } : {}), replyTo });
      posted.push(message._id);
      authors.set(message._id, user);
    } else if (op.kind === 'read') {
      await service.markRead(user, chats[op.where]!);
    } else if (posted.length > 0) {
      const id = posted[op.message % posted.length]!;
      if (op.kind === 'edit') await service.edit(user, id, op.text);
      else if (op.kind === 'delete') await service.remove(user, id);
      else await service.toggleHidden(user, id, null);
    }
  } catch (error) {
    // a refusal by the rules (or of access) is part of the game; anything else fails the test
    if (!(error instanceof RuleError) || error.kind === 'failed') throw error;
  }
};

describe('the chat commands on the embedded store', () => {
  it('every kind of event, in the global room and a private chat, leaves projections equal to a rebuild', async () => {
    const [admin, sari] = [users[0]!, users[1]!];
    for (const chatId of [undefined, chats[0]!]) {
      const where = chatId ? { chatId } : {};
      const parent = (await service.post(sari, { content: 'parent message', ...where })).message;
      const reply = (await service.post(admin, { content: 'reply', replyTo: parent._id, ...where })).message;
      await service.edit(sari, parent._id, 'parent, edited');
      await service.toggleHidden(admin, parent._id, 'why');
      expect((await store.chat.findMessage(reply._id))?.replyTo).toMatchObject({ hidden: true, preview: 'parent, edited' });
      await service.toggleHidden(admin, parent._id, null);
      await service.remove(admin, reply._id);
      if (chatId) await service.markRead(sari, chatId);
    }
    const types = new Set((await store.chatEvents.all()).map((event) => event.type));
    expect([...types].sort()).toEqual(['chat.read', 'message.deleted', 'message.edited', 'message.hidden', 'message.posted', 'message.unhidden']);
    expect((await rebuildChatProjections(store)).equal).toBe(true);
  });

  it('random command sequences, one after another, leave projections equal to a rebuild', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(opArb, fc.integer({ min: 0, max: 120_000 })), { minLength: 1, maxLength: 40 }), async (steps) => {
        for (const [op, advance] of steps) {
          now += advance;
          await perform(op);
        }
        const report = await rebuildChatProjections(store);
        expect(report).toMatchObject({ equal: true });
      }),
      { numRuns: 40 },
    );
  });

  it('random commands sent all at once leave projections equal to a rebuild', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 2, maxLength: 20 }), async (ops) => {
        now += 1_000;
        await Promise.all(ops.map((op) => perform(op)));
        expect((await rebuildChatProjections(store)).equal).toBe(true);
      }),
      { numRuns: 8 },
    );
  });

  it('two writers that share nothing but the store (as two processes) keep one stream gapless', async () => {
    const second = createChatServices(store, { publisher: nullPublisher }, clock).commands;
    const before = await store.chatEvents.head('global');
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) => (i % 2 ? service : second).post(users[i % 3]!, { content: `race ${i}` })),
    );
    const seqs = results.map((result) => result.message.seq).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 24 }, (_, i) => before + i + 1));
    expect((await rebuildChatProjections(store)).equal).toBe(true);
  });

  it('the admin chat list reads the store a fixed number of times, however many chats there are', async () => {
    /** The store's repository calls while `work` runs. */
    const readsDuring = async (work: (queries: ChatQueries) => Promise<unknown>): Promise<number> => {
      let calls = 0;
      const counted = <T extends object>(target: T): T =>
        new Proxy(target, {
          get(object, key, receiver) {
            const value = Reflect.get(object, key, receiver) as unknown;
            if (typeof value !== 'function') return value;
            return (...args: unknown[]) => {
              calls += 1;
              return (value as (...a: unknown[]) => unknown).apply(object, args);
            };
          },
        });
      const watched: Store = { ...store, users: counted(store.users), chat: counted(store.chat), chatEvents: counted(store.chatEvents), payments: counted(store.payments) };
      await work(createChatServices(watched, { publisher: nullPublisher }, clock).queries);
      return calls;
    };
    const admin = users[0]!;
    const listed = async () => {
      let summaries: ChatSummary[] = [];
      const reads = await readsDuring(async (queries) => (summaries = await queries.adminChats(admin)));
      return { reads, chats: summaries.length, unread: summaries.reduce((sum, chat) => sum + chat.unreadCount, 0) };
    };
    const before = await listed();
    for (let i = 0; i < 4; i += 1) {
      const member = await person('member', `more${i}`);
      const { chat } = await service.openWithAdmin(member);
      await service.post(member, { content: `hello ${i}`, type: 'private', chatId: chat._id });
    }
    const after = await listed();
    expect(after.chats).toBe(before.chats + 4);
    expect(after.unread).toBe(before.unread + 4);
    expect(after.reads).toBe(before.reads);
  });
});
