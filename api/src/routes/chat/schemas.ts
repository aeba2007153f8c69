/** Request and response schemas of the chat routes (contract §4, §5; shapes of models.ts). */
import { CHAT_EVENT_TYPES, LIMITS } from '@le/contracts';
import { Type, type Static } from 'typebox';

const Id = Type.String({ pattern: '^[0-9a-f]{24}$' });
const NullableString = Type.Union([Type.String(), Type.Null()]);

export const MessageSender = Type.Object({
  _id: Type.String(),
  role: Type.String(),
  name: Type.String(),
  username: Type.String(),
  photo_profile: Type.String(),
  membershipTier: Type.String(),
});

export const ChatMessage = Type.Object({
  _id: Type.String(),
  content: Type.String(),
  createdAt: Type.String(),
  editedAt: NullableString,
  sender: MessageSender,
  type: Type.Enum(['global', 'private']),
  chatId: NullableString,
  replyTo: Type.Union([Type.Object({ _id: Type.String(), sender: MessageSender, preview: Type.String() }), Type.Null()]),
  hiddenFor: Type.Array(Type.String()),
  hidden: Type.Boolean(),
  deleted: Type.Boolean(),
  seq: Type.Integer(),
  clientId: Type.Optional(NullableString),
});

export const ChatParticipant = Type.Object({
  _id: Type.String(),
  role: Type.String(),
  username: Type.String(),
  name: Type.String(),
  photo_profile: Type.String(),
});

export const ChatSummary = Type.Object({
  _id: Type.String(),
  participants: Type.Array(ChatParticipant),
  lastMessage: Type.Union([
    Type.Object({ content: Type.String(), createdAt: Type.String(), sender: MessageSender }),
    Type.Null(),
  ]),
  unreadCount: Type.Integer(),
  seq: Type.Integer(),
  online: Type.Optional(Type.Boolean()),
});

export const ChatEventRecord = Type.Object({
  _id: Type.String(),
  stream: Type.String(),
  seq: Type.Integer(),
  type: Type.Enum([...CHAT_EVENT_TYPES]),
  actorId: Type.String(),
  at: Type.String(),
  message: Type.Optional(ChatMessage),
  readerId: Type.Optional(Type.String()),
  upTo: Type.Optional(Type.Integer()),
});

const Cursor = NullableString;

export const MessageList = Type.Object({ messages: Type.Array(ChatMessage), nextCursor: Cursor });
export const MessageResponse = Type.Object({ message: ChatMessage });
export const ChatResponse = Type.Object({ chat: ChatSummary });
export const ChatList = Type.Object({ chats: Type.Array(ChatSummary) });
export const EventList = Type.Object({ events: Type.Array(ChatEventRecord), nextCursor: Cursor });
export const WithAdminResponse = Type.Object({
  chat: Type.Union([ChatSummary, Type.Null()]),
  messages: Type.Array(ChatMessage),
  nextCursor: Cursor,
  admins: Type.Array(ChatParticipant),
});

/** Older pages: `before` is the `nextCursor` of the page before. */
export const PageQuery = Type.Object({
  before: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type PageQuery = Static<typeof PageQuery>;

export const ChatQuery = Type.Intersect([PageQuery, Type.Object({ chatId: Type.Optional(Id) })]);
export type ChatQuery = Static<typeof ChatQuery>;

export const EventsQuery = Type.Object({
  stream: Type.String({ pattern: '^(global|[0-9a-f]{24})$' }),
  after: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
});
export type EventsQuery = Static<typeof EventsQuery>;

/** Length and blankness are checked by the chat core, with clear messages. */
const Content = Type.String({ maxLength: LIMITS.messageMaxChars * 4 });

export const PostBody = Type.Object(
  {
    content: Content,
    type: Type.Optional(Type.Enum(['global', 'private'])),
    chatId: Type.Optional(Type.Union([Id, Type.Null()])),
    replyTo: Type.Optional(Type.Union([Id, Type.Null()])),
    clientId: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 64 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type PostBody = Static<typeof PostBody>;

export const EditBody = Type.Object({ content: Content }, { additionalProperties: false });
export type EditBody = Static<typeof EditBody>;

export const HideBody = Type.Object(
  { context: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])) },
  { additionalProperties: false },
);
export type HideBody = Static<typeof HideBody>;

export const MessageParams = Type.Object({ id: Id });
export const ChatParams = Type.Object({ chatId: Id });
