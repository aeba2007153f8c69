import { useEffect } from 'react';

import { acquireRealtime, onChatEvent, useRealtimeStore } from '@/lib/realtime-client';
import { useSessionStore } from '@/stores/session-store';
import { useChatStore } from '@/features/chat/stores/chat-store';
import type { Viewer } from '@/features/chat/stores/chat-store';

/**
 * Realtime first (contract §6): hold the socket, feed every `chat:event` to the chat store, and on
 * each reconnection read what was missed in every stream on screen. (A new sign-in or sign-out starts
 * the chat state over: see chat-store.)
 */
export function useRealtimeChat(): Viewer {
  const token = useSessionStore((state) => state.token);
  const viewer: Viewer = token ? 'user' : 'guest';
  const syncs = useRealtimeStore((state) => state.syncs);

  useEffect(() => acquireRealtime(), []);

  useEffect(() => onChatEvent((event) => useChatStore.getState().receive(event, viewer)), [viewer]);

  useEffect(() => {
    // Every (re)connection, the first one included (what happened before the socket joined its rooms),
    // and every `chat:resync` (the server lost its subscriptions for a while).
    if (syncs === 0) return;
    const { streams, catchUp } = useChatStore.getState();
    for (const [stream, state] of Object.entries(streams)) if (state.loaded) void catchUp(stream, viewer);
  }, [syncs, viewer]);

  return viewer;
}
