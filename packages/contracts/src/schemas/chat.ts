/** The chat (spec §3, contract §4–§6): messages, conversations, the event log and its socket payloads. */
import { Type } from 'typebox';
import { CHAT_EVENT_TYPES, DURATIONS, LIMITS } from '../constants';
import { Cursor, NullableString, ObjectId } from './common';

/** The sender as a message carries it (spec §3). */
export const MessageSender = Type.Object({
  _id: Type.String(),
  role: Type.String(),
  name: Type.String(),
  username: Type.String(),
  photo_profile: Type.String(),
  membershipTier: Type.String(),
});

export const ChatMessageType = Type.Enum(['global', 'private']);
const ChatEventType = Type.Enum(CHAT_EVENT_TYPES);

/** Spec §3 message. For a non-admin, a hidden message has `content: ''` and `hidden: true`. */
export const ChatMessage = Type.Object({
  _id: Type.String(),
  content: Type.String(),
  createdAt: Type.String(),
  editedAt: NullableString,
  sender: MessageSender,
  type: ChatMessageType,
  /** The private chat id, or null in the global room. */
  chatId: NullableString,
  /** The parent: its id, sender and a 50-character preview (empty when the parent is hidden). */
  replyTo: Type.Union([Type.Object({ _id: Type.String(), sender: MessageSender, preview: Type.String() }), Type.Null()]),
  /** Non-empty means hidden (spec §3). Non-admins get `['all']` or `[]`, never admin ids. */
  hiddenFor: Type.Array(Type.String()),
  hidden: Type.Boolean(),
  deleted: Type.Boolean(),
  /** The sequence number of the last event that changed this message in its stream. */
  seq: Type.Integer(),
  clientId: Type.Optional(NullableString),
  /** For admins only: why the message was hidden (contract §13). */
  hiddenReason: Type.Optional(NullableString),
});

/** The room's settings as the viewer may see them: the pinned message only when the viewer may see it. */
export const RoomView = Type.Object({
  slowModeSeconds: Type.Integer({ minimum: 0 }),
  pinnedMessage: Type.Union([ChatMessage, Type.Null()]),
});

export const ChatParticipant = Type.Object({
  _id: Type.String(),
  role: Type.String(),
  username: Type.String(),
  name: Type.String(),
  photo_profile: Type.String(),
});

/** The member of an inbox conversation as the admin sees it beside the messages. */
export const InboxMember = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  role: Type.String(),
  membershipTier: Type.String(),
  membershipEnd: NullableString,
  graceEndsAt: NullableString,
  pendingPayment: Type.Union([
    Type.Object({
      _id: Type.String(),
      membershipTier: Type.String(),
      duration: Type.Enum(DURATIONS),
      amount: Type.Number(),
      /** The price-table amount for that tier and duration. */
      expectedAmount: Type.Number(),
      createdAt: Type.String(),
      /** A private file URL (owner and admins). */
      paymentProof: Type.String(),
    }),
    Type.Null(),
  ]),
});

/** Spec §3 chat (one member↔admin conversation). `unreadCount` is for the caller. */
export const ChatSummary = Type.Object({
  _id: Type.String(),
  participants: Type.Array(ChatParticipant),
  lastMessage: Type.Union([
    Type.Object({ content: Type.String(), createdAt: Type.String(), sender: MessageSender }),
    Type.Null(),
  ]),
  unreadCount: Type.Integer(),
  /** Highest event sequence of this chat's stream. */
  seq: Type.Integer(),
  online: Type.Optional(Type.Boolean()),
  /** For admins (contract §9): who the member is, their membership, and a payment waiting for validation. */
  member: Type.Optional(InboxMember),
});

/** One stored chat event as `GET /chat/events` returns it (redacted for the caller). */
export const ChatEventRecord = Type.Object({
  _id: Type.String(),
  stream: Type.String(),
  seq: Type.Integer(),
  type: ChatEventType,
  actorId: Type.String(),
  at: Type.String(),
  /** The message as this caller may see it, after the event. */
  message: Type.Optional(ChatMessage),
  /** For chat.read: who read and up to which seq. */
  readerId: Type.Optional(Type.String()),
  upTo: Type.Optional(Type.Integer()),
  /** For room.updated: the room after the event, as this caller may see it. */
  room: Type.Optional(RoomView),
});

/* Responses. */

/** The global room's lists carry the room's settings beside the messages (contract §13). */
export const ChatMessageList = Type.Object({ messages: Type.Array(ChatMessage), nextCursor: Cursor, room: Type.Optional(RoomView) });
export const ChatMessageResponse = Type.Object({ message: ChatMessage });
export const ChatResponse = Type.Object({ chat: ChatSummary });
export const ChatList = Type.Object({ chats: Type.Array(ChatSummary) });
export const ChatEventList = Type.Object({ events: Type.Array(ChatEventRecord), nextCursor: Cursor });
export const ChatWithAdminResponse = Type.Object({
  chat: Type.Union([ChatSummary, Type.Null()]),
  messages: Type.Array(ChatMessage),
  nextCursor: Cursor,
  admins: Type.Array(ChatParticipant),
});

/* Requests. */

/** Older pages: `before` is the `nextCursor` of the page before. */
export const ChatPageQuery = Type.Object({
  before: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});

export const ChatQuery = Type.Intersect([ChatPageQuery, Type.Object({ chatId: Type.Optional(ObjectId) })]);

export const ChatEventsQuery = Type.Object({
  stream: Type.String({ pattern: '^(global|[0-9a-f]{24})$' }),
  after: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
});

/** Length and blankness are checked by the chat core, with clear messages. */
const Content = Type.String({ maxLength: LIMITS.messageMaxChars * 4 });

export const ChatPostBody = Type.Object(
  {
    content: Content,
    type: Type.Optional(ChatMessageType),
    chatId: Type.Optional(Type.Union([ObjectId, Type.Null()])),
    replyTo: Type.Optional(Type.Union([ObjectId, Type.Null()])),
    clientId: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 64 }), Type.Null()])),
  },
  { additionalProperties: false },
);

export const ChatEditBody = Type.Object({ content: Content }, { additionalProperties: false });

export const ChatHideBody = Type.Object(
  { context: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])) },
  { additionalProperties: false },
);

export const ChatParams = Type.Object({ chatId: ObjectId });

/* Socket payloads (realtime.ts names the events that carry them). */

/** `chat:event`: one event of a stream, as this recipient may see it. */
export const ChatEventPayload = Type.Object({
  stream: Type.String(),
  seq: Type.Integer(),
  type: ChatEventType,
  /** The message as this recipient may see it (hidden content never reaches non-admins). */
  message: Type.Optional(ChatMessage),
  actorId: Type.Optional(Type.String()),
  at: Type.Optional(Type.String()),
  readerId: Type.Optional(Type.String()),
  upTo: Type.Optional(Type.Integer()),
  room: Type.Optional(RoomView),
});

/** `presence:changed`. */
export const PresencePayload = Type.Object({ userId: Type.String(), online: Type.Boolean() });
