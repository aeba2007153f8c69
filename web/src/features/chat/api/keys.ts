import { chatListKey } from '@/lib/unread';

/** The chat's query keys: the chat lists, the member's conversation, and each message stream (api/streams.ts). */
export const chatKeys = {
  all: ['chat'] as const,
  lists: () => [...chatKeys.all, 'chats'] as const,
  list: (kind: 'admin' | 'user') => chatListKey(kind),
  withAdmin: () => [...chatKeys.all, 'with-admin'] as const,
  /** The global room's newest page as the server read it for a guest's drawn /faq-chat (hooks/use-seeded-stream.ts). */
  publicPage: () => [...chatKeys.all, 'public'] as const,
  /** The live room's settings as this viewer sees them ('guest', 'signed-in' or the user's id: hooks/use-room.ts). */
  room: (viewer: string) => [...chatKeys.all, 'room', viewer] as const,
  /** A session's streams (api/streams.ts: Scope), each read once and then patched by its events. */
  streams: (scope: string) => [...chatKeys.all, 'stream', scope] as const,
  stream: (scope: string, stream: string) => [...chatKeys.streams(scope), stream] as const,
  /** This client's sends and writes on their way (mutations: api/outbox.ts). */
  sends: () => [...chatKeys.all, 'send'] as const,
  writes: () => [...chatKeys.all, 'write'] as const,
};
