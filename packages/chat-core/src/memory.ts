import type { ChatEvent, NewChatEvent } from './events';
import { newestVisible, type ChatProjection, emptyChat, type MessageDoc, type ProjectionPort } from './projections';

/** Thrown by an event store when the (stream, seq) place is taken: another writer got there first. */
export class StreamConflictError extends Error {
  constructor(
    readonly stream: string,
    readonly seq: number,
  ) {
    super(`event ${stream}#${seq} exists already`);
  }
}

/** The event store a command handler needs. */
export interface EventStorePort {
  head(stream: string): Promise<number>;
  /** Inserts at exactly `event.seq`; throws `StreamConflictError` when that place is taken. */
  insert(event: ChatEvent): Promise<ChatEvent>;
}

/**
 * Optimistic concurrency: read the head, decide on the state read after it, insert at head + 1;
 * when another writer took that place, read and decide again. Sequences stay gapless and unique.
 */
export const appendDecided = async (
  store: EventStorePort,
  stream: string,
  decide: (head: number) => Promise<NewChatEvent | null>,
  newId: () => string,
  maxAttempts = 50,
): Promise<ChatEvent | null> => {
  for (let attempt = 1; ; attempt += 1) {
    const head = await store.head(stream);
    const decided = await decide(head);
    if (!decided) return null;
    try {
      return await store.insert({ ...decided, _id: newId(), seq: head + 1 } as ChatEvent);
    } catch (error) {
      if (!(error instanceof StreamConflictError) || attempt >= maxAttempts) throw error;
    }
  }
};

/** Lets other pending writers run in between, as real I/O would. */
const tick = async (): Promise<void> => {
  for (let i = 0; i < 3; i += 1) await Promise.resolve();
};
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Events and projections in memory: the reference adapter for tests (every call yields once, like I/O). */
export class MemoryChatStore implements EventStorePort, ProjectionPort {
  readonly events: ChatEvent[] = [];
  readonly messages = new Map<string, MessageDoc>();
  readonly chats = new Map<string, ChatProjection>();

  async head(stream: string): Promise<number> {
    await tick();
    return this.events.filter((event) => event.stream === stream).reduce((max, event) => Math.max(max, event.seq), 0);
  }

  async insert(event: ChatEvent): Promise<ChatEvent> {
    await tick();
    if (this.events.some((other) => other.stream === event.stream && other.seq === event.seq)) {
      throw new StreamConflictError(event.stream, event.seq);
    }
    this.events.push(clone(event));
    return event;
  }

  async messageEvents(stream: string, messageId: string): Promise<ChatEvent[]> {
    await tick();
    return this.events
      .filter((event) => event.stream === stream && event.type !== 'chat.read' && event.data.messageId === messageId)
      .sort((a, b) => a.seq - b.seq)
      .map((event) => clone(event));
  }

  async saveMessage(doc: MessageDoc): Promise<void> {
    await tick();
    const stored = this.messages.get(doc._id);
    if (!stored || stored.projSeq < doc.projSeq) this.messages.set(doc._id, clone(doc));
  }

  async repliesTo(messageId: string): Promise<MessageDoc[]> {
    await tick();
    return [...this.messages.values()].filter((doc) => doc.replyToId === messageId).map((doc) => clone(doc));
  }

  async newestVisible(stream: string): Promise<MessageDoc | null> {
    await tick();
    return newestVisible(this.messages.values(), stream);
  }

  async saveHead(stream: string, seq: number, last?: { id: string | null; at: string | null }): Promise<void> {
    await tick();
    const chat = this.chats.get(stream) ?? emptyChat(stream);
    if (chat.seq >= seq) return;
    this.chats.set(stream, {
      ...chat,
      seq,
      ...(last ? { lastMessageId: last.id, lastMessageAt: last.at } : {}),
    });
  }

  async saveRead(stream: string, readerId: string, upTo: number): Promise<void> {
    await tick();
    const chat = this.chats.get(stream) ?? emptyChat(stream);
    if ((chat.reads[readerId] ?? 0) >= upTo) return;
    this.chats.set(stream, { ...chat, reads: { ...chat.reads, [readerId]: upTo } });
  }
}
