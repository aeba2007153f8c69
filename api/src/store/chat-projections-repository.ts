import { GLOBAL_STREAM, type ChatEvent, type ChatProjection, type MessageDoc, type ProjectionPort } from '@le/chat-core';
import { DuplicateKeyError, type Collection, type StoreDriver } from './collection';
import type { ChatEventsRepository } from './chat-events-repository';

/**
 * A stream's document in `chats`: the projection (head, last message, read marks) and, for a
 * private chat, its registry fields: the member it belongs to and when it was opened.
 */
export interface ChatRecord extends ChatProjection {
  /** The member of a private chat; absent on the global room's document. */
  memberId?: string;
  createdAt: Date;
}

export interface MessagePage {
  messages: MessageDoc[];
  /** The `postedSeq` to pass as `before` for the next (older) page; null when none are left. */
  nextCursor: number | null;
}

/** The global room's document before its first event. */
const newGlobalRoom = (): ChatRecord => ({ _id: GLOBAL_STREAM, seq: 0, lastMessageId: null, lastMessageAt: null, reads: {}, createdAt: new Date() });

/** Streams per unread-count statement (see `countUnreadByStream`). */
export const UNREAD_CHUNK = 500;

/**
 * The chat's read side (`chat_messages`, `chats`), kept by `applyEvent` of @le/chat-core. Every
 * save is conditional on how far the stored document has folded, so it never moves backwards.
 */

export class ChatProjectionsRepository implements ProjectionPort {
  private constructor(
    private readonly messages: Collection<MessageDoc>,
    private readonly chats: Collection<ChatRecord>,
    private readonly events: ChatEventsRepository,
  ) {}

  static async open(driver: StoreDriver, events: ChatEventsRepository): Promise<ChatProjectionsRepository> {
    const messages = await driver.collection<MessageDoc>('chat_messages', [
      // Pages walk it by (stream, postedSeq); unread counts are answered from it alone (covering).
      { fields: { stream: 1, postedSeq: -1, deleted: 1, 'sender._id': 1 } },
      { fields: { replyToId: 1 } },
    ]);
    const chats = await driver.collection<ChatRecord>('chats', [
      { fields: { memberId: 1 }, unique: true, sparse: true },
      { fields: { lastMessageAt: -1 } },
    ]);
    return new ChatProjectionsRepository(messages, chats, events);
  }

  // ---- ProjectionPort ----

  messageEvents(stream: string, messageId: string): Promise<ChatEvent[]> {
    return this.events.messageEvents(stream, messageId);
  }

  async saveMessage(doc: MessageDoc): Promise<void> {
    await this.messages.upsertForward(doc, { field: 'projSeq', below: doc.projSeq });
  }

  repliesTo(messageId: string): Promise<MessageDoc[]> {
    return this.messages.find({ replyToId: messageId });
  }

  async newestVisible(stream: string): Promise<MessageDoc | null> {
    const [newest] = await this.messages.find({ stream, deleted: false }, { sort: { postedSeq: -1 }, limit: 1 });
    return newest ?? null;
  }

  async saveHead(stream: string, seq: number, last?: { id: string | null; at: string | null }): Promise<void> {
    const $set: Record<string, unknown> = { seq };
    if (last) Object.assign($set, { lastMessageId: last.id, lastMessageAt: last.at });
    // The global room's document is made on its first event; a private chat's exists from its opening.
    if (stream === GLOBAL_STREAM) await this.chats.upsertForward({ ...newGlobalRoom(), ...$set } as ChatRecord, { field: 'seq', below: seq }, $set);
    else await this.chats.updateOne({ _id: stream, seq: { $lt: seq } }, { $set });
  }

  async saveRead(stream: string, readerId: string, upTo: number): Promise<void> {
    const key = `reads.${readerId}`;
    if (stream === GLOBAL_STREAM) {
      await this.chats.upsertForward({ ...newGlobalRoom(), reads: { [readerId]: upTo } }, { field: key, below: upTo }, { [key]: upTo });
      return;
    }
    await this.chats.updateOne(
      { _id: stream, $or: [{ [key]: { $exists: false } }, { [key]: { $lt: upTo } }] },
      { $set: { [key]: upTo } },
    );
  }

  // ---- reads ----

  findMessage(id: string): Promise<MessageDoc | null> {
    return this.messages.findOne({ _id: id });
  }

  /** A stream's messages that are not deleted, newest first, older than `before` (a postedSeq). */
  async page(stream: string, options: { before: number | null; limit: number }): Promise<MessagePage> {
    const filter: Record<string, unknown> = { stream, deleted: false };
    if (options.before !== null) filter.postedSeq = { $lt: options.before };
    const found = await this.messages.find(filter, { sort: { postedSeq: -1 }, limit: options.limit + 1 });
    const messages = found.slice(0, options.limit);
    const more = found.length > options.limit;
    return { messages, nextCursor: more ? messages[messages.length - 1]!.postedSeq : null };
  }

  /** Messages by id (for a page of events). */
  findMessages(ids: string[]): Promise<MessageDoc[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.messages.find({ _id: { $in: ids } });
  }

  /**
   * Per stream, the messages of others posted after the reader's mark and not deleted, for many
   * streams in one query: stream → count, absent when 0.
   */
  async countUnreadByStream(reads: { stream: string; afterSeq: number }[], readerId: string): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    // SQLite binds at most 32766 variables per statement and each stream binds 2: a chunk at a time.
    for (let start = 0; start < reads.length; start += UNREAD_CHUNK) {
      const chunk = await this.messages.countBy(
        {
          $or: reads.slice(start, start + UNREAD_CHUNK).map(({ stream, afterSeq }) => ({ stream, postedSeq: { $gt: afterSeq } })),
          deleted: false,
          'sender._id': { $ne: readerId },
        },
        'stream',
      );
      for (const [stream, count] of chunk) counts.set(stream, (counts.get(stream) ?? 0) + count);
    }
    return counts;
  }


  findChat(id: string): Promise<ChatRecord | null> {
    return this.chats.findOne({ _id: id });
  }

  findChatOfMember(memberId: string): Promise<ChatRecord | null> {
    return this.chats.findOne({ memberId });
  }

  /** Opens the member's one private chat; when it exists already, returns it with `created: false`. */
  async openChat(id: string, memberId: string, now: Date): Promise<{ chat: ChatRecord; created: boolean }> {
    const existing = await this.findChatOfMember(memberId);
    if (existing) return { chat: existing, created: false };
    const chat: ChatRecord = { _id: id, memberId, createdAt: now, seq: 0, lastMessageId: null, lastMessageAt: null, reads: {} };
    try {
      return { chat: await this.chats.insertOne(chat), created: true };
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      const raced = await this.findChatOfMember(memberId);
      if (!raced) throw error;
      return { chat: raced, created: false };
    }
  }

  /** Private chats that have a last message, newest first. */
  listActiveChats(): Promise<ChatRecord[]> {
    return this.chats.find({ memberId: { $exists: true }, lastMessageId: { $ne: null } }, { sort: { lastMessageAt: -1 } });
  }

  /** Every stream's projected head, a page at a time in `_id` order (the start-up catch-up). */
  async streamHeads(afterId: string | null, limit: number): Promise<{ _id: string; seq: number }[]> {
    const found = await this.chats.find(afterId === null ? {} : { _id: { $gt: afterId } }, { sort: { _id: 1 }, limit });
    return found.map((chat) => ({ _id: chat._id, seq: chat.seq }));
  }

  // ---- rebuild ----

  allMessages(): Promise<MessageDoc[]> {
    return this.messages.find({});
  }

  allChats(): Promise<ChatRecord[]> {
    return this.chats.find({});
  }

  /** Overwrites the projections with rebuilt ones (registry fields of chats are kept). */
  async replaceAll(messages: MessageDoc[], chats: ChatProjection[]): Promise<void> {
    const keep = new Set(messages.map((doc) => doc._id));
    for (const doc of await this.messages.find({})) if (!keep.has(doc._id)) await this.messages.deleteMany({ _id: doc._id });
    for (const doc of messages) {
      const { _id, ...fields } = doc;
      if (!(await this.messages.updateOne({ _id }, { $set: fields }))) await this.messages.insertOne(doc);
    }
    const byId = new Map(chats.map((chat) => [chat._id, chat]));
    for (const record of await this.chats.find({})) {
      const rebuilt = byId.get(record._id) ?? { _id: record._id, seq: 0, lastMessageId: null, lastMessageAt: null, reads: {} };
      const { _id, ...fields } = rebuilt;
      await this.chats.updateOne({ _id }, { $set: fields });
      byId.delete(record._id);
    }
    for (const chat of byId.values()) {
      if (chat._id === GLOBAL_STREAM) await this.chats.insertOne({ ...chat, createdAt: new Date() });
    }
  }
}
