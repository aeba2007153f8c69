import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { onPresence, useRealtimeStore } from '@/lib/realtime-client';
import { useChats } from '@/features/chat/api/get-chats';
import type { ChatListKind } from '@/features/chat/api/get-chats';
import { requestChatListRefresh, useChatListRefresh } from './use-chat-list-refresh';

/**
 * The chat list (/chat-admin, /chat-user): read on arrival, again on every (re)connection of the
 * socket and shortly after a private chat's event (new message, read marks) by the list's one
 * refresher, which the unread badge holds too (useChatListRefresh); the admin's list also when who is
 * online changes; polled every 2 s (spec §9) only while the socket is down or the last read failed
 * (see useChats).
 */
export function useChatListSync(kind: ChatListKind) {
  const queryClient = useQueryClient();
  const connected = useRealtimeStore((state) => state.status === 'connected');
  const chats = useChats(kind, connected);
  useChatListRefresh(kind);

  // The admin list shows which members are online: read it again when that changes.
  useEffect(() => (kind === 'admin' ? onPresence(() => requestChatListRefresh(queryClient, kind)) : undefined), [queryClient, kind]);

  return chats;
}
