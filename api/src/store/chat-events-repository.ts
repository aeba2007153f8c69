import type { ChatEvent, ChatEventStorePort } from '@le/chat-core';
import { SeqTakenError } from '@le/event-kit';
import { DuplicateKeyError, type Collection, type StoreDriver } from './collection';

/** A stored chat event; `clientKey` (sender and clientId) makes a retried post unique. */
export type ChatEventRecord = ChatEvent & { clientKey?: string };

/** A post with this (sender, clientId) is stored already. */
export class ClientIdTakenError extends Error {
  constructor(readonly clientKey: string) {
    super('this clientId was used already');
  }
}

export const clientKeyOf = (senderId: string, clientId: string): string => `${senderId}:${clientId}`;

/**
 * The event store of the chat (`chat_events`): append-only, one document per event, unique on
 * (stream, seq) so two writers can never take the same place in a stream.
 */
export class ChatEventsRepository implements ChatEventStorePort {
  /**
   * The last head seen per stream, a hint that saves reading the stream on every write. It can
   * only be behind (another process wrote): then the insert at hint + 1 meets a duplicate key, the
   * hint is dropped and the retry reads the real head. It is never ahead of the store.
   */
  private readonly heads = new Map<string, number>();

  private constructor(private readonly events: Collection<ChatEventRecord>) {}

  static async open(driver: StoreDriver): Promise<ChatEventsRepository> {
    const events = await driver.collection<ChatEventRecord>('chat_events', [
      { fields: { stream: 1, seq: 1 }, unique: true },
      { fields: { clientKey: 1 }, unique: true, sparse: true },
      { fields: { 'data.messageId': 1, seq: 1 } },
      { fields: { type: 1, at: 1 } },
      // Slow mode reads a user's last post in the room; the room's settings are its last room.updated.
      { fields: { actorId: 1, stream: 1, seq: 1 } },
      { fields: { stream: 1, type: 1, seq: 1 } },
    ]);
    const repository = new ChatEventsRepository(events);
    // Rolled-back inserts may have raised a hint past the stored head; read heads afresh.
    driver.onRollback(() => repository.heads.clear());
    return repository;
  }

  /** The highest seq of a stream (0 when empty), from the hint when there is one. */
  async head(stream: string): Promise<number> {
    const hint = this.heads.get(stream);
    if (hint !== undefined) return hint;
    const head = await this.readHead(stream);
    this.raiseHint(stream, head);
    return head;
  }

  /** The highest seq of a stream as stored now. */
  async readHead(stream: string): Promise<number> {
    const [last] = await this.events.find({ stream }, { sort: { seq: -1 }, limit: 1 });
    return last?.seq ?? 0;
  }

  private raiseHint(stream: string, seq: number): void {
    if ((this.heads.get(stream) ?? -1) < seq) this.heads.set(stream, seq);
  }

  /** Throws SeqTakenError when (stream, seq) is taken, ClientIdTakenError on a repeated clientId. */
  async insert(event: ChatEvent): Promise<ChatEvent> {
    const record: ChatEventRecord =
      event.type === 'message.posted' && event.data.clientId !== null
        ? { ...event, clientKey: clientKeyOf(event.data.sender._id, event.data.clientId) }
        : event;
    try {
      await this.events.insertOne(record);
      this.raiseHint(event.stream, event.seq);
      return event;
    } catch (error) {
      if (error instanceof DuplicateKeyError) {
        if (error.field === 'clientKey' && record.clientKey) throw new ClientIdTakenError(record.clientKey);
        this.heads.delete(event.stream);
        throw new SeqTakenError(event.stream, event.seq);
      }
      throw error;
    }
  }

  /** Every event of one message, in sequence order. */
  async messageEvents(stream: string, messageId: string): Promise<ChatEvent[]> {
    return (await this.events.find({ stream, 'data.messageId': messageId }, { sort: { seq: 1 } })).map(strip);
  }

  /** The post a sender made with this clientId, if any. */
  async postedWithClientId(senderId: string, clientId: string): Promise<ChatEvent | null> {
    const found = await this.events.findOne({ clientKey: clientKeyOf(senderId, clientId) });
    return found ? strip(found) : null;
  }

  /** Events of a stream after a sequence, ascending (a log read forward). */
  async after(stream: string, after: number, limit: number): Promise<ChatEvent[]> {
    return (await this.events.find({ stream, seq: { $gt: after } }, { sort: { seq: 1 }, limit })).map(strip);
  }

  /** Messages posted (in any stream) at or after `since`: the admin dashboard's "messages today". */
  async countPostedSince(since: Date): Promise<number> {
    return this.events.count({ type: 'message.posted', at: { $gte: since.toISOString() } });
  }

  /** The actor's last post in a stream (slow mode), or null. */
  async lastPostOf(actorId: string, stream: string): Promise<ChatEvent | null> {
    const [last] = await this.events.find({ actorId, stream, type: 'message.posted' }, { sort: { seq: -1 }, limit: 1 });
    return last ? strip(last) : null;
  }

  /** The last event of this type in a stream (the room's settings: its last room.updated), or null. */
  async lastOfType(stream: string, type: ChatEvent['type'], beforeSeq = Number.MAX_SAFE_INTEGER): Promise<ChatEvent | null> {
    const [last] = await this.events.find({ stream, type, seq: { $lt: beforeSeq } }, { sort: { seq: -1 }, limit: 1 });
    return last ? strip(last) : null;
  }

  /** Every event of every stream (for a rebuild). */
  async all(): Promise<ChatEvent[]> {
    return (await this.events.find({}, { sort: { stream: 1, seq: 1 } })).map(strip);
  }
}

const strip = (record: ChatEventRecord): ChatEvent => {
  const { clientKey: _clientKey, ...event } = record;
  return event as ChatEvent;
};
