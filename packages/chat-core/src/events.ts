import type { ChatEventType, MessageSender } from '@le/contracts';

/** The global room's stream; a private chat's stream is named by the chat's `_id`. */
export const GLOBAL_STREAM = 'global';

export interface MessagePostedData {
  messageId: string;
  /** The private chat id, or null in the global room. */
  chatId: string | null;
  content: string;
  /** The sender as it was when the message was posted. */
  sender: MessageSender;
  replyToId: string | null;
  clientId: string | null;
}
export interface MessageEditedData {
  messageId: string;
  content: string;
}
export interface MessageHiddenData {
  messageId: string;
  /** Why the admin hid it (the `context` of PATCH /chat/:id/hide), kept for the record. */
  context: string | null;
}
export interface MessageIdData {
  messageId: string;
}
export interface ChatReadData {
  readerId: string;
  upTo: number;
}

/** The room's settings after the change (each event carries them whole, so the last one is the room). */
export interface RoomUpdatedData {
  slowModeSeconds: number;
  pinnedMessageId: string | null;
}

export interface EventDataMap {
  'message.posted': MessagePostedData;
  'message.edited': MessageEditedData;
  'message.hidden': MessageHiddenData;
  'message.unhidden': MessageIdData;
  'message.deleted': MessageIdData;
  'chat.read': ChatReadData;
  'room.updated': RoomUpdatedData;
}

/** An event as decided, before the store gives it its place in the stream. */
export type NewChatEvent = {
  [K in ChatEventType]: { type: K; stream: string; actorId: string; at: string; data: EventDataMap[K] };
}[ChatEventType];

/** A stored event: its stream, its sequence (1, 2, 3... per stream) and its id. */
export type ChatEvent = NewChatEvent & { _id: string; seq: number };

export type MessageEvent = Exclude<ChatEvent, { type: 'chat.read' | 'room.updated' }>;

export const isMessageEvent = (event: ChatEvent): event is MessageEvent => event.type !== 'chat.read' && event.type !== 'room.updated';

/** Orders events of several streams the way they were written: by stream, then by sequence. */
export const bySequence = (a: { stream: string; seq: number }, b: { stream: string; seq: number }): number =>
  a.stream === b.stream ? a.seq - b.seq : a.stream < b.stream ? -1 : 1;
