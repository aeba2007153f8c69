import { LIMITS } from '@le/contracts';
import { useEffect } from 'react';

import { onChatEvent, onPresence, useRealtimeStore } from '@/lib/realtime-client';
import type { ChatListKind } from '@/features/chat/api/get-chats';
import { GLOBAL_STREAM, useChatStore } from '@/features/chat/stores/chat-store';

const load = (kind: ChatListKind) =>
  useChatStore
    .getState()
    .loadChats(kind)
    .catch((error: unknown) => console.warn('Could not load the chats', error));

/**
 * The chat list (/chat-admin, /chat-user): loaded once, refreshed when a private chat's event arrives
 * (new message, read marks), and polled every 2 s (spec §9) only while the socket is down or the
 * last load failed.
 */
export function useChatListSync(kind: ChatListKind) {
  const connected = useRealtimeStore((state) => state.status === 'connected');
  const syncs = useRealtimeStore((state) => state.syncs);

  useEffect(() => {
    void load(kind);
  }, [kind, syncs]);

  useEffect(() => {
    let timer: number | undefined;
    const unsubscribe = onChatEvent((event) => {
      if (event.stream === GLOBAL_STREAM) return;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void load(kind), 150);
    });
    // The admin list shows which members are online: refresh it when that changes.
    const unsubscribePresence = onPresence(() => {
      if (kind !== 'admin') return;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void load(kind), 150);
    });
    return () => {
      unsubscribe();
      unsubscribePresence();
      window.clearTimeout(timer);
    };
  }, [kind]);

  // Poll while the socket is down, and retry a load that failed (nothing else would bring the list).
  const failed = useChatStore((state) => state.failures.chats === true);
  useEffect(() => {
    if (connected && !failed) return;
    const timer = window.setInterval(() => void load(kind), LIMITS.chatListPollMs);
    return () => window.clearInterval(timer);
  }, [kind, connected, failed]);
}
