import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appendWithRetry, RuleError } from '@le/event-kit';
import {
  decideDelete,
  decideEdit,
  decideMarkRead,
  decidePost,
  decideToggleHidden,
  globalStream,
  type Actor,
  type StreamRef,
} from './commands';
import type { ChatEvent, NewChatEvent } from './events';
import { MemoryChatStore } from './testing';
import { applyEvent, loadMessage, rebuild, type MessageDoc } from './projections';
import { T0 } from './test-fixtures';
import { GUEST, viewMessageFor } from './views';

const person = (id: string, isAdmin = false): Actor => ({
  _id: id,
  isAdmin,
  canPost: true,
  sender: { _id: id, role: isAdmin ? 'admin' : 'member', name: id, username: id, photo_profile: '', membershipTier: isAdmin ? '' : 'pro' },
});
const ACTORS = [person('admin', true), person('sari'), person('budi')];
const STREAMS: StreamRef[] = [globalStream, { stream: 'a'.repeat(24), memberId: 'sari' }, { stream: 'b'.repeat(24), memberId: 'budi' }];

type Op =
  | { kind: 'post'; actor: number; stream: number; text: string; reply: number | null }
  | { kind: 'edit' | 'delete' | 'hide'; actor: number; message: number; text: string }
  | { kind: 'read'; actor: number; stream: number };

const opArb: fc.Arbitrary<{ op: Op; advanceMs: number }> = fc.record({
  op: fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('post' as const), actor: fc.nat(2), stream: fc.nat(2), text: fc.string({ maxLength: 80 }), reply: fc.option(fc.nat(30)) }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom('edit' as const, 'delete' as const, 'hide' as const), actor: fc.nat(2), message: fc.nat(30), text: fc.string({ maxLength: 80 }) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('read' as const), actor: fc.nat(2), stream: fc.nat(2) }) },
  ),
  advanceMs: fc.integer({ min: 0, max: 200_000 }),
});

/** Runs commands through decide → append → applyEvent (the live path); refusals are skipped. */
const run = async (ops: { op: Op; advanceMs: number }[]): Promise<{ store: MemoryChatStore; ids: string[] }> => {
  const store = new MemoryChatStore();
  const ids: string[] = [];
  let now = T0;
  let counter = 0;
  const newId = () => `id${(counter += 1)}`;
  for (const { op, advanceMs } of ops) {
    now += advanceMs;
    const at = new Date(now).toISOString();
    const actor = ACTORS[op.actor]!;
    let target: StreamRef = globalStream;
    let decide: (head: number) => Promise<NewChatEvent | null>;
    if (op.kind === 'post' || op.kind === 'read') target = STREAMS[op.stream]!;
    else {
      const id = ids[op.message % Math.max(ids.length, 1)];
      const doc = id ? store.messages.get(id) : undefined;
      if (!doc) continue;
      target = STREAMS.find((stream) => stream.stream === doc.stream)!;
    }
    if (op.kind === 'post') {
      const messageId = newId();
      const parentId = op.reply === null ? null : (ids[op.reply % Math.max(ids.length, 1)] ?? 'missing');
      decide = async () =>
        decidePost(
          { type: 'PostMessage', target, actor, messageId, content: op.text, replyToId: parentId, clientId: null, now: at },
          { parent: parentId ? await loadMessage(store, target.stream, parentId) : null },
        );
    } else if (op.kind === 'read') {
      decide = async (head) =>
        decideMarkRead({ type: 'MarkRead', target, actor, now: at }, { head, readUpTo: store.chats.get(target.stream)?.reads[actor._id] ?? 0 });
    } else {
      const messageId = ids[op.message % ids.length]!;
      decide = async () => {
        const message = await loadMessage(store, target.stream, messageId);
        if (op.kind === 'edit') return decideEdit({ type: 'EditMessage', actor, messageId, content: op.text, now: at }, { message });
        if (op.kind === 'delete') return decideDelete({ type: 'DeleteMessage', actor, messageId, now: at }, { message });
        return decideToggleHidden({ type: 'ToggleHidden', actor, messageId, context: null, now: at }, { message });
      };
    }
    try {
      const event = await appendWithRetry(store, target.stream, decide, newId);
      if (event) {
        await applyEvent(store, event);
        if (event.type === 'message.posted') ids.push(event.data.messageId);
      }
    } catch (error) {
      if (!(error instanceof RuleError)) throw error;
    }
  }
  return { store, ids };
};

const sorted = <T extends { _id: string }>(values: Iterable<T>): T[] => [...values].sort((a, b) => (a._id < b._id ? -1 : 1));

describe('projections', () => {
  it('a rebuild from the events equals the live projections, for random command sequences', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 60 }), async (ops) => {
        const { store } = await run(ops);
        const rebuilt = rebuild(store.events);
        expect(sorted(rebuilt.messages.values())).toEqual(sorted(store.messages.values()));
        expect(sorted(rebuilt.chats.values())).toEqual(sorted(store.chats.values()));
      }),
      { numRuns: 150 },
    );
  });

  it('the rebuild does not depend on the order events are read in', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 40 }), fc.integer(), async (ops, seed) => {
        const { store } = await run(ops);
        const shuffled = [...store.events].sort((a, b) => ((a.seq * 7919 + seed) % 13) - ((b.seq * 7919 + seed) % 13));
        expect(sorted(rebuild(shuffled).messages.values())).toEqual(sorted(rebuild(store.events).messages.values()));
      }),
      { numRuns: 50 },
    );
  });

  it('sequences are gapless per stream, and guests never see hidden content or previews', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 60 }), async (ops) => {
        const { store } = await run(ops);
        for (const { stream } of STREAMS) {
          const seqs = store.events.filter((event) => event.stream === stream).map((event) => event.seq);
          expect(seqs).toEqual(seqs.map((_, index) => index + 1));
        }
        for (const doc of store.messages.values()) {
          const view = viewMessageFor(doc, GUEST);
          if (doc.hidden || doc.deleted) expect(view.content).toBe('');
          const parent = doc.replyToId ? store.messages.get(doc.replyToId) : undefined;
          if (parent && (parent.hidden || parent.deleted)) expect(view.replyTo?.preview).toBe('');
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('the fold of one message', () => {
  const events = (...decided: NewChatEvent[]): ChatEvent[] => decided.map((event, index) => ({ ...event, _id: `e${index}`, seq: index + 1 }) as ChatEvent);
  const sari = ACTORS[1]!;
  const base = { stream: 'global', actorId: 'sari' };
  const postedParent: NewChatEvent = {
    ...base,
    type: 'message.posted',
    at: new Date(T0).toISOString(),
    data: { messageId: 'p', chatId: null, content: 'x'.repeat(60), sender: sari.sender, replyToId: null, clientId: null },
  };
  const postedReply: NewChatEvent = { ...postedParent, data: { ...postedParent.data, messageId: 'r', content: 'reply', replyToId: 'p' } };

  it('gives a reply its parent id, sender and a 50-character preview, following the parent as it changes', () => {
    const history = events(postedParent, postedReply);
    let reply = rebuild(history).messages.get('r') as MessageDoc;
    expect(reply.replyTo).toEqual({ _id: 'p', sender: sari.sender, preview: 'x'.repeat(50), hidden: false, deleted: false });

    const edited: NewChatEvent = { ...base, type: 'message.edited', at: new Date(T0 + 1000).toISOString(), data: { messageId: 'p', content: 'short' } };
    const hiddenEvent: NewChatEvent = { ...base, actorId: 'admin', type: 'message.hidden', at: new Date(T0 + 2000).toISOString(), data: { messageId: 'p', context: null } };
    reply = rebuild(events(postedParent, postedReply, edited, hiddenEvent)).messages.get('r') as MessageDoc;
    expect(reply.replyTo).toMatchObject({ preview: 'short', hidden: true });
    expect(viewMessageFor(reply, GUEST).replyTo?.preview).toBe('');
    expect(viewMessageFor(reply, { _id: 'admin', isAdmin: true }).replyTo?.preview).toBe('short');

    const parent = rebuild(events(postedParent, postedReply, edited, hiddenEvent)).messages.get('p') as MessageDoc;
    expect(parent).toMatchObject({ content: 'short', editedAt: new Date(T0 + 1000).toISOString(), hidden: true, hiddenBy: 'admin', seq: 4, postedSeq: 1 });
    expect(viewMessageFor(parent, GUEST)).toMatchObject({ content: '', hidden: true, hiddenFor: ['all'] });
  });

  it('a deleted message has no content, and the chat last message falls back to the one before', () => {
    const deleted: NewChatEvent = { ...base, type: 'message.deleted', at: new Date(T0 + 1000).toISOString(), data: { messageId: 'r' } };
    const projections = rebuild(events(postedParent, postedReply, deleted));
    expect(projections.messages.get('r')).toMatchObject({ deleted: true, content: '' });
    expect(projections.chats.get('global')).toMatchObject({ seq: 3, lastMessageId: 'p' });
  });
});

describe('concurrent writers', () => {
  it('give gapless, unique sequences on one stream', async () => {
    const store = new MemoryChatStore();
    let counter = 0;
    const writers = Array.from({ length: 40 }, (_, index) =>
      appendWithRetry(
        store,
        'global',
        async () =>
          decidePost(
            { type: 'PostMessage', target: globalStream, actor: ACTORS[index % 3]!, messageId: `m${index}`, content: `n${index}`, replyToId: null, clientId: null, now: new Date(T0).toISOString() },
            { parent: null },
          ),
        () => `e${(counter += 1)}`,
      ),
    );
    const events = await Promise.all(writers);
    expect(events.map((event) => event!.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
    expect(new Set(store.events.map((event) => (event.type === 'message.posted' ? event.data.messageId : null))).size).toBe(40);
  });
});
