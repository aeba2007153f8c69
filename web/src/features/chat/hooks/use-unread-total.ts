import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';

import { acquireRealtime } from '@/lib/realtime-client';
import { unreadTotal } from '@/lib/unread';
import { chatListQuery } from '@/features/chat/api/get-chats';
import type { ChatListKind } from '@/features/chat/api/get-chats';
import { useChatListRefresh } from './use-chat-list-refresh';

export { UNREAD_MAX_WAIT_MS, UNREAD_SETTLE_MS } from './use-chat-list-refresh';

/**
 * The signed-in viewer's unread total, live, on any page (`kind`: 'admin' for an admin, 'user' for
 * everyone else; null for a guest, who has none). It reads the same query as the chat list
 * (`chatKeys.list(kind)`), so the open conversation's mark-read (`clearUnread`) lowers it at once,
 * and reads it again shortly after any private chat's event (a new message, a read mark from any of
 * the viewer's tabs) and on every (re)connection of the tab's one socket, which it holds meanwhile
 * (useChatListRefresh, shared with the chat screen when one is open).
 */
export function useUnreadTotal(kind: ChatListKind | null): number {
  const { data } = useQuery({
    ...chatListQuery(kind ?? 'user'),
    enabled: kind !== null,
    // As the chat list's own observer of this query (useChats): a failed read is not tried again at
    // once; the next event or reconnection reads again.
    retry: false,
  });

  useEffect(() => (kind === null ? undefined : acquireRealtime()), [kind]);

  useChatListRefresh(kind);

  return kind === null ? 0 : unreadTotal(data);
}
