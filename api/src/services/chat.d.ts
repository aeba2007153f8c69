import { type Viewer } from '@le/chat-core';
import { type ChatEventRecord, type ChatMessage, type ChatParticipant, type ChatSummary } from '@le/contracts';
import type { EventPublisher } from '../plugins/app/publisher';
import type { Store, UserRecord } from '../store';
import type { ChatRecord } from '../store/chat-projections-repository';
export interface Page<T> {
    items: T[];
    nextCursor: string | null;
}
export declare const viewerOf: (user: UserRecord | null) => Viewer;
/**
 * The chat's application service: resolve who and where, load the state from the events, decide,
 * append (retrying when another writer took the place), update the projections, publish.
 * Writes to one stream are also queued in this process, so projections follow the event order.
 */
export declare class ChatService {
    private readonly store;
    private readonly realtime;
    private readonly clock;
    private readonly queues;
    constructor(store: Store, realtime: {
        publisher: EventPublisher;
    }, clock?: () => Date);
    private actorOf;
    /** Runs `work` after every earlier write to the same stream of this process. */
    private serial;
    /** Decides and appends one event to a stream, then projects and publishes it. */
    private write;
    /** Global: admins get the full message, every other socket (guests too) the redacted one. Private: its member and the admins. */
    private publish;
    /** A private chat the user may read and write: its member or an admin (403), and it must exist (404). */
    privateChat(user: UserRecord, chatId: string): Promise<ChatRecord & {
        memberId: string;
    }>;
    private targetOf;
    /** A message the user may act on: it exists (404) and its stream is open to the user (403). */
    private messageTarget;
    /** Posts or replies; a retry with the same clientId returns the first message (`created: false`). */
    post(user: UserRecord, input: {
        content: string;
        type?: 'global' | 'private';
        chatId?: string;
        replyTo?: string | null;
        clientId?: string | null;
    }): Promise<{
        message: ChatMessage;
        created: boolean;
    }>;
    edit(user: UserRecord, messageId: string, content: string): Promise<ChatMessage>;
    toggleHidden(user: UserRecord, messageId: string, context: string | null): Promise<ChatMessage>;
    remove(user: UserRecord, messageId: string): Promise<void>;
    markRead(user: UserRecord, chatId: string): Promise<void>;
    /** The member's one conversation with the admins; admins have none (403). */
    openWithAdmin(user: UserRecord): Promise<{
        chat: ChatSummary;
        created: boolean;
    }>;
    messages(user: UserRecord | null, stream: string, page: {
        before: number | null;
        limit: number;
    }): Promise<Page<ChatMessage>>;
    /** Events after a sequence, ascending, each with its message as the caller may see it now. */
    events(user: UserRecord | null, stream: string, after: number, limit: number): Promise<Page<ChatEventRecord>>;
    withAdmin(user: UserRecord, page: {
        before: number | null;
        limit: number;
    }): Promise<{
        chat: null;
        messages: never[];
        nextCursor: null;
        admins: ChatParticipant[];
    } | {
        chat: ChatSummary;
        messages: ChatMessage[];
        nextCursor: string | null;
        admins: ChatParticipant[];
    }>;
    /** Every member chat with a last message, newest first (admins). */
    adminChats(user: UserRecord): Promise<ChatSummary[]>;
    /** The caller's own conversation when it has a last message. */
    userChats(user: UserRecord): Promise<ChatSummary[]>;
    private summary;
}
