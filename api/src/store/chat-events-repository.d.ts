import { type ChatEvent, type EventStorePort } from '@le/chat-core';
import { type StoreDriver } from './collection';
/** A stored chat event; `clientKey` (sender and clientId) makes a retried post unique. */
export type ChatEventRecord = ChatEvent & {
    clientKey?: string;
};
/** A post with this (sender, clientId) is stored already. */
export declare class ClientIdTakenError extends Error {
    readonly clientKey: string;
    constructor(clientKey: string);
}
export declare const clientKeyOf: (senderId: string, clientId: string) => string;
/**
 * The event store of the chat (`chat_events`): append-only, one document per event, unique on
 * (stream, seq) so two writers can never take the same place in a stream.
 */
export declare class ChatEventsRepository implements EventStorePort {
    private readonly events;
    /**
     * The last head seen per stream, a hint that saves reading the stream on every write. It can
     * only be behind (another process wrote): then the insert at hint + 1 meets a duplicate key, the
     * hint is dropped and the retry reads the real head. It is never ahead of the store.
     */
    private readonly heads;
    private constructor();
    static open(driver: StoreDriver): Promise<ChatEventsRepository>;
    /** The highest seq of a stream (0 when empty), from the hint when there is one. */
    head(stream: string): Promise<number>;
    /** The highest seq of a stream as stored now. */
    readHead(stream: string): Promise<number>;
    private raiseHint;
    /** Throws StreamConflictError when (stream, seq) is taken, ClientIdTakenError on a repeated clientId. */
    insert(event: ChatEvent): Promise<ChatEvent>;
    /** Every event of one message, in sequence order. */
    messageEvents(stream: string, messageId: string): Promise<ChatEvent[]>;
    /** The post a sender made with this clientId, if any. */
    postedWithClientId(senderId: string, clientId: string): Promise<ChatEvent | null>;
    /** Events of a stream after a sequence, ascending (a log read forward). */
    after(stream: string, after: number, limit: number): Promise<ChatEvent[]>;
    /** Messages posted (in any stream) at or after `since`: the admin dashboard's "messages today". */
    countPostedSince(since: Date): Promise<number>;
    /** Every event of every stream (for a rebuild). */
    all(): Promise<ChatEvent[]>;
}
