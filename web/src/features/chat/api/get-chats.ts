import type { ChatSummary } from '@le/contracts';
import { LIMITS } from '@le/contracts';
import { useQuery, type QueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { lastReadFailed } from '@/lib/query-client';
import type { ChatListKind } from '@/lib/unread';
import { chatKeys } from './keys';

export type { ChatListKind } from '@/lib/unread';

/** GET /chat/admin/chats (admin) or GET /chat/user/chats (member) → {chats}. */
export const getChats = (kind: ChatListKind, signal?: AbortSignal) => api.get<{ chats: ChatSummary[] }>(`/chat/${kind}/chats`, { signal });

/** The chat list's query: one key and one read for every observer (the screens, the unread badge). */
export const chatListQuery = (kind: ChatListKind) => ({
  queryKey: chatKeys.list(kind),
  queryFn: async ({ signal }: { signal: AbortSignal }) => (await getChats(kind, signal)).chats,
});

/**
 * The chat list of /chat-admin or /chat-user, read again on every visit. While the socket is down,
 * or while the last read failed, it is polled every 2 s (spec §9); otherwise the socket's events
 * invalidate it (use-chat-list-refresh).
 */
export const useChats = (kind: ChatListKind, connected: boolean) =>
  useQuery({
    ...chatListQuery(kind),
    staleTime: 0,
    // A failed read is tried again by the poll below, at the spec's pace; the failure shows at once.
    retry: false,
    refetchInterval: (query) => (connected && !lastReadFailed(query.state) ? false : LIMITS.chatListPollMs),
    // The spec's poll is a fallback for the missing socket, not for a visible tab only.
    refetchIntervalInBackground: true,
  });

/** The viewer read this chat: its badge goes at once (the list refresh confirms it). */
export const clearUnread = (client: QueryClient, chatId: string): void => {
  client.setQueriesData<ChatSummary[]>({ queryKey: chatKeys.lists() }, (chats) =>
    chats?.map((chat) => (chat._id === chatId ? { ...chat, unreadCount: 0 } : chat)),
  );
};
