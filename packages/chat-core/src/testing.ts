/** The chat's in-memory store, for tests only (`@le/chat-core/testing`). */
import { clone, MemoryEventLog, tick } from '@le/event-kit/testing';
import { isMessageEvent, type ChatEvent } from './events';
import { newestVisible, type ChatProjection, emptyChat, type MessageDoc, type ProjectionPort } from './projections';

/** Events and projections in memory: the reference adapter for tests (every call yields once, like I/O). */
export class MemoryChatStore extends MemoryEventLog<ChatEvent> implements ProjectionPort {
  readonly messages = new Map<string, MessageDoc>();
  readonly chats = new Map<string, ChatProjection>();

  messageEvents(stream: string, messageId: string): Promise<ChatEvent[]> {
    return this.select(stream, (event) => isMessageEvent(event) && event.data.messageId === messageId);
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
