import type { ChatSummary } from '@le/contracts';

import { useQueryData } from './query-client';

/** Whose chat list: an admin's inbox or a member's conversations. */
export type ChatListKind = 'admin' | 'user';

/** Whose chat list a signed-in user has (none for a guest or a signed-in guest role: they have no chats). */
export const chatListKindOf = (role: string | null | undefined): ChatListKind | null =>
  !role || role === 'guest' ? null : role === 'admin' ? 'admin' : 'user';

/** The chat list's query key (features/chat reads and keeps that query; the top bar only reads it). */
export const chatListKey = (kind: ChatListKind) => ['chat', 'chats', kind] as const;

/** The viewer's unread private messages: the sum of `unreadCount` over their chats (spec §3). */
export const unreadTotal = (chats: readonly Pick<ChatSummary, 'unreadCount'>[] | undefined): number =>
  (chats ?? []).reduce((sum, chat) => sum + (Number.isFinite(chat.unreadCount) && chat.unreadCount > 0 ? chat.unreadCount : 0), 0);

/**
 * The unread total, derived from the chat list as the query cache holds it: zero until the app's
 * unread layer (app/unread-live-layer.tsx) has read it, and live as that layer keeps it.
 */
export const useUnreadCount = (kind: ChatListKind | null): number => {
  const chats = useQueryData<ChatSummary[]>(chatListKey(kind ?? 'user'));
  return kind === null ? 0 : unreadTotal(chats);
};
