import { LIMITS, type ChatMessageType, type MessageSender } from '@le/contracts';
import { isMessageEvent, type ChatEvent, type MessageEvent } from './events';

/** What a reply shows of its parent; `hidden` and `deleted` follow the parent as it changes. */
export interface ReplyToProjection {
  _id: string;
  sender: MessageSender;
  preview: string;
  hidden: boolean;
  deleted: boolean;
}

/** One message as the `chat_messages` projection keeps it (full content; views redact). */
export interface MessageDoc {
  _id: string;
  stream: string;
  chatId: string | null;
  type: ChatMessageType;
  content: string;
  createdAt: string;
  editedAt: string | null;
  sender: MessageSender;
  replyToId: string | null;
  replyTo: ReplyToProjection | null;
  hidden: boolean;
  hiddenBy: string | null;
  hiddenContext: string | null;
  deleted: boolean;
  deletedAt: string | null;
  clientId: string | null;
  /** The sequence of the event that posted it: the order of the room and the list cursor. */
  postedSeq: number;
  /** The sequence of the last event that changed the message itself. */
  seq: number;
  /** The highest sequence folded into this document (its own events or its parent's). */
  projSeq: number;
}

/** One stream as the `chats` projection keeps it (the registry fields of a chat live beside it). */
export interface ChatProjection {
  _id: string;
  /** The highest sequence of the stream. */
  seq: number;
  /** The newest message that is not deleted, and when it was posted. */
  lastMessageId: string | null;
  lastMessageAt: string | null;
  /** Per reader: the sequence read up to. */
  reads: Record<string, number>;
}

export const preview = (content: string): string => content.slice(0, LIMITS.replyPreviewChars);

/** Folds one event into the message it concerns (its own events only; parents come in `withParent`). */
export const evolveMessage = (doc: MessageDoc | null, event: MessageEvent): MessageDoc | null => {
  if (event.type === 'message.posted') {
    if (doc) return doc;
    const { data } = event;
    return {
      _id: data.messageId,
      stream: event.stream,
      chatId: data.chatId,
      type: data.chatId === null ? 'global' : 'private',
      content: data.content,
      createdAt: event.at,
      editedAt: null,
      sender: data.sender,
      replyToId: data.replyToId,
      replyTo: null,
      hidden: false,
      hiddenBy: null,
      hiddenContext: null,
      deleted: false,
      deletedAt: null,
      clientId: data.clientId,
      postedSeq: event.seq,
      seq: event.seq,
      projSeq: event.seq,
    };
  }
  if (!doc || event.data.messageId !== doc._id || event.seq <= doc.seq) return doc;
  const base = { ...doc, seq: event.seq, projSeq: Math.max(doc.projSeq, event.seq) };
  switch (event.type) {
    case 'message.edited':
      return { ...base, content: event.data.content, editedAt: event.at };
    case 'message.hidden':
      return { ...base, hidden: true, hiddenBy: event.actorId, hiddenContext: event.data.context };
    case 'message.unhidden':
      return { ...base, hidden: false, hiddenBy: null, hiddenContext: null };
    case 'message.deleted':
      return { ...base, content: '', deleted: true, deletedAt: event.at };
  }
};

/** A message from its own events, in any order (each is applied once, by sequence). */
export const foldMessage = (events: readonly ChatEvent[], messageId: string): MessageDoc | null =>
  [...events]
    .filter((event): event is MessageEvent => isMessageEvent(event) && event.data.messageId === messageId)
    .sort((a, b) => a.seq - b.seq)
    .reduce<MessageDoc | null>((doc, event) => evolveMessage(doc, event), null);

/** Sets what a reply shows of its parent, as the parent is now. */
export const withParent = (doc: MessageDoc, parent: MessageDoc | null): MessageDoc => {
  if (!doc.replyToId || !parent) return { ...doc, replyTo: null, projSeq: doc.seq };
  return {
    ...doc,
    replyTo: {
      _id: parent._id,
      sender: parent.sender,
      preview: parent.deleted ? '' : preview(parent.content),
      hidden: parent.hidden,
      deleted: parent.deleted,
    },
    projSeq: Math.max(doc.seq, parent.seq),
  };
};

export const emptyChat = (stream: string): ChatProjection => ({
  _id: stream,
  seq: 0,
  lastMessageId: null,
  lastMessageAt: null,
  reads: {},
});

/** The newest message of a stream that is not deleted (by the order it was posted). */
export const newestVisible = (messages: Iterable<MessageDoc>, stream: string): MessageDoc | null => {
  let newest: MessageDoc | null = null;
  for (const message of messages) {
    if (message.stream !== stream || message.deleted) continue;
    if (!newest || message.postedSeq > newest.postedSeq) newest = message;
  }
  return newest;
};

export interface Projections {
  messages: Map<string, MessageDoc>;
  chats: Map<string, ChatProjection>;
}

/**
 * The projections from the events alone, folded from scratch. The live projections, kept up to
 * date one event at a time by `applyEvent`, must always equal this.
 */
export const rebuild = (events: readonly ChatEvent[]): Projections => {
  const sorted = [...events].sort((a, b) => (a.stream === b.stream ? a.seq - b.seq : a.stream < b.stream ? -1 : 1));
  const own = new Map<string, MessageDoc>();
  const chats = new Map<string, ChatProjection>();
  for (const event of sorted) {
    const chat = chats.get(event.stream) ?? emptyChat(event.stream);
    const next: ChatProjection = { ...chat, seq: Math.max(chat.seq, event.seq) };
    if (event.type === 'chat.read') {
      const { readerId, upTo } = event.data;
      next.reads = { ...chat.reads, [readerId]: Math.max(chat.reads[readerId] ?? 0, upTo) };
    } else if (event.type === 'room.updated') {
      // The room's settings are read from their own last event; the stream's head moves.
    } else {
      const before = own.get(event.data.messageId) ?? null;
      const after = evolveMessage(before, event);
      if (after) own.set(after._id, after);
      if (event.type === 'message.posted' && after) {
        next.lastMessageId = after._id;
        next.lastMessageAt = after.createdAt;
      } else if (event.type === 'message.deleted' && chat.lastMessageId === event.data.messageId) {
        const newest = newestVisible(own.values(), event.stream);
        next.lastMessageId = newest?._id ?? null;
        next.lastMessageAt = newest?.createdAt ?? null;
      }
    }
    chats.set(event.stream, next);
  }
  const messages = new Map<string, MessageDoc>();
  for (const doc of own.values()) {
    messages.set(doc._id, withParent(doc, doc.replyToId ? (own.get(doc.replyToId) ?? null) : null));
  }
  return { messages, chats };
};

/**
 * Where the live projections are kept; the API adapts its store to it, the tests use memory.
 * Saves are conditional, so a late or repeated apply never moves a document backwards.
 */
export interface ProjectionPort {
  /** Every stored event of one message, in sequence order. */
  messageEvents(stream: string, messageId: string): Promise<ChatEvent[]>;
  /** Writes the message unless the stored one has folded as much (`projSeq`) already. */
  saveMessage(doc: MessageDoc): Promise<void>;
  /** The messages that reply to this one. */
  repliesTo(messageId: string): Promise<MessageDoc[]>;
  /** The newest message of a stream that is not deleted. */
  newestVisible(stream: string): Promise<MessageDoc | null>;
  /** Moves the stream's head to `seq` (never back) and, when given, its last message. */
  saveHead(stream: string, seq: number, last?: { id: string | null; at: string | null }): Promise<void>;
  /** Raises a reader's read mark to `upTo` (never lowers it). */
  saveRead(stream: string, readerId: string, upTo: number): Promise<void>;
}

/** A message as it is now: its own events folded, and its parent's current state. */
export const loadMessage = async (port: ProjectionPort, stream: string, messageId: string): Promise<MessageDoc | null> => {
  const doc = foldMessage(await port.messageEvents(stream, messageId), messageId);
  if (!doc?.replyToId) return doc ? withParent(doc, null) : null;
  const parent = foldMessage(await port.messageEvents(stream, doc.replyToId), doc.replyToId);
  return withParent(doc, parent);
};

/** A message as its posted event makes it, with its parent's current state for a reply. */
const postedMessage = async (port: ProjectionPort, event: Extract<ChatEvent, { type: 'message.posted' }>): Promise<MessageDoc> => {
  const doc = evolveMessage(null, event)!;
  if (!doc.replyToId) return withParent(doc, null);
  return withParent(doc, foldMessage(await port.messageEvents(event.stream, doc.replyToId), doc.replyToId));
};

/**
 * Brings the live projections up to date with one stored event. The message is refolded from its
 * events (not patched), so applying out of order or twice gives the same documents; a new message
 * is its posted event, and a late or repeated apply of that event cannot move a stored one back
 * (the save only moves forward).
 */
export const applyEvent = async (port: ProjectionPort, event: ChatEvent): Promise<MessageDoc | null> => {
  if (event.type === 'chat.read') {
    await port.saveRead(event.stream, event.data.readerId, event.data.upTo);
    await port.saveHead(event.stream, event.seq);
    return null;
  }
  if (event.type === 'room.updated') {
    await port.saveHead(event.stream, event.seq);
    return null;
  }
  // A new message is its posted event (and its parent as it is now): nothing to read back.
  const doc = event.type === 'message.posted' ? await postedMessage(port, event) : await loadMessage(port, event.stream, event.data.messageId);
  if (!doc) return null;
  await port.saveMessage(doc);
  if (event.type !== 'message.posted') {
    for (const reply of await port.repliesTo(doc._id)) await port.saveMessage(withParent(reply, doc));
  }
  if (event.type === 'message.posted') {
    await port.saveHead(event.stream, event.seq, { id: doc._id, at: doc.createdAt });
  } else if (event.type === 'message.deleted') {
    const newest = await port.newestVisible(event.stream);
    await port.saveHead(event.stream, event.seq, { id: newest?._id ?? null, at: newest?.createdAt ?? null });
  } else {
    await port.saveHead(event.stream, event.seq);
  }
  return doc;
};
