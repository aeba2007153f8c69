import { tempDir, type TempDir } from '@le/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../lib/http-error';
import { newId } from '../lib/ids';
import { nullPublisher } from '../plugins/app/publisher';
import { createSqliteDriver } from '../store/sqlite';
import { openStore, type Store, type UserRecord } from '../store';
import { newUserRecord } from '../store/records';
import { ChatService } from './chat';
import { rebuildChatProjections } from './chat-rebuild';

/**
 * The service on the real embedded store: random command sequences (and concurrent ones) leave
 * live projections that equal a rebuild from chat_events.
 */
let dir: TempDir;
let store: Store;
let now = Date.parse('2026-03-01T08:00:00.000Z');
const clock = () => new Date(now);
let service: ChatService;
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
  service = new ChatService(store, { publisher: nullPublisher }, clock);
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
    if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
  }
};

describe('ChatService on the embedded store', () => {
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
    const second = new ChatService(store, { publisher: nullPublisher }, clock);
    const before = await store.chatEvents.head('global');
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) => (i % 2 ? service : second).post(users[i % 3]!, { content: `race ${i}` })),
    );
    const seqs = results.map((result) => result.message.seq).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 24 }, (_, i) => before + i + 1));
    expect((await rebuildChatProjections(store)).equal).toBe(true);
  });
});
