import { type ChatEvent, type ChatProjection, type MessageDoc, type ProjectionPort } from '@le/chat-core';
import { type StoreDriver } from './collection';
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
/**
 * The chat's read side (`chat_messages`, `chats`), kept by `applyEvent` of @le/chat-core. Every
 * save is conditional on how far the stored document has folded, so it never moves backwards.
 */
export declare class ChatProjectionsRepository implements ProjectionPort {
    private readonly messages;
    private readonly chats;
    private readonly events;
    private constructor();
    static open(driver: StoreDriver, events: ChatEventsRepository): Promise<ChatProjectionsRepository>;
    messageEvents(stream: string, messageId: string): Promise<ChatEvent[]>;
    saveMessage(doc: MessageDoc): Promise<void>;
    repliesTo(messageId: string): Promise<MessageDoc[]>;
    newestVisible(stream: string): Promise<MessageDoc | null>;
    saveHead(stream: string, seq: number, last?: {
        id: string | null;
        at: string | null;
    }): Promise<void>;
    saveRead(stream: string, readerId: string, upTo: number): Promise<void>;
    /** The global room's document is made on its first event; private chats exist from their opening. */
    private ensureStream;
    findMessage(id: string): Promise<MessageDoc | null>;
    /** A stream's messages that are not deleted, newest first, older than `before` (a postedSeq). */
    page(stream: string, options: {
        before: number | null;
        limit: number;
    }): Promise<MessagePage>;
    /** Messages by id (for a page of events). */
    findMessages(ids: string[]): Promise<MessageDoc[]>;
    /** Messages of others in the stream posted after `afterSeq` and not deleted. */
    countUnread(stream: string, readerId: string, afterSeq: number): Promise<number>;
    findChat(id: string): Promise<ChatRecord | null>;
    findChatOfMember(memberId: string): Promise<ChatRecord | null>;
    /** Opens the member's one private chat; when it exists already, returns it with `created: false`. */
    openChat(id: string, memberId: string, now: Date): Promise<{
        chat: ChatRecord;
        created: boolean;
    }>;
    /** Private chats that have a last message, newest first. */
    listActiveChats(): Promise<ChatRecord[]>;
    /** Every stream's projected head, a page at a time in `_id` order (the start-up catch-up). */
    streamHeads(afterId: string | null, limit: number): Promise<{
        _id: string;
        seq: number;
    }[]>;
    allMessages(): Promise<MessageDoc[]>;
    allChats(): Promise<ChatRecord[]>;
    /** Overwrites the projections with rebuilt ones (registry fields of chats are kept). */
    replaceAll(messages: MessageDoc[], chats: ChatProjection[]): Promise<void>;
}
