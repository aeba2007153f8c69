import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import { onChatEvent, onPresence, useRealtimeStore } from '@/lib/realtime-client';
import { useChats } from '@/features/chat/api/get-chats';
import type { ChatListKind } from '@/features/chat/api/get-chats';
import { chatKeys } from '@/features/chat/api/keys';
import { GLOBAL_STREAM } from '@/features/chat/stores/chat-store';

const SETTLE_MS = 150;

/**
 * The chat list (/chat-admin, /chat-user): read on arrival, again on every (re)connection of the
 * socket and shortly after a private chat's event (new message, read marks); polled every 2 s
 * (spec §9) only while the socket is down or the last read failed (see useChats).
 */
export function useChatListSync(kind: ChatListKind) {
  const queryClient = useQueryClient();
  const connected = useRealtimeStore((state) => state.status === 'connected');
  const syncs = useRealtimeStore((state) => state.syncs);
  const chats = useChats(kind, connected);

  // Each (re)connection after this screen opened: what the socket missed meanwhile.
  const seenSyncs = useRef(syncs);
  useEffect(() => {
    if (seenSyncs.current === syncs) return;
    seenSyncs.current = syncs;
    void queryClient.invalidateQueries({ queryKey: chatKeys.list(kind) });
  }, [queryClient, kind, syncs]);

  useEffect(() => {
    let timer: number | undefined;
    const refresh = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: chatKeys.list(kind) }), SETTLE_MS);
    };
    const unsubscribe = onChatEvent((event) => {
      if (event.stream !== GLOBAL_STREAM) refresh();
    });
    // The admin list shows which members are online: refresh it when that changes.
    const unsubscribePresence = onPresence(() => {
      if (kind === 'admin') refresh();
    });
    return () => {
      unsubscribe();
      unsubscribePresence();
      window.clearTimeout(timer);
    };
  }, [queryClient, kind]);

  return chats;
}
