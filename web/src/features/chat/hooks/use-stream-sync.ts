import { LIMITS } from '@le/contracts';
import { useEffect } from 'react';

import { useRealtimeStore } from '@/lib/realtime-client';
import { useSessionStore } from '@/stores/session-store';
import { useChatStore } from '@/features/chat/stores/chat-store';
import type { Viewer } from '@/features/chat/stores/chat-store';

/**
 * Load one stream and keep it current. While the socket is connected nothing polls; while it is down
 * the stream is read every 5 s (spec §9 conversation poll) from the event log, so edits, hides and
 * deletes arrive too, each once. Failures are only logged (spec §8) and retried on the next tick.
 */
export function useStreamSync(stream: string | null, viewer: Viewer) {
  const connected = useRealtimeStore((state) => state.status === 'connected');
  const token = useSessionStore((state) => state.token);
  const loaded = useChatStore((state) => (stream ? (state.streams[stream]?.loaded ?? false) : false));

  useEffect(() => {
    if (!stream) return;
    useChatStore
      .getState()
      .loadStream(stream, viewer)
      .catch((error: unknown) => {
        console.warn('Could not load the chat', error);
      });
    // Reloaded per stream and per signed-in user (the token), since what one may see depends on who one is.
  }, [stream, viewer, token]);

  // Poll while the socket is down; also retry a first load that failed.
  useEffect(() => {
    if (!stream || (connected && loaded)) return;
    const timer = window.setInterval(() => {
      const store = useChatStore.getState();
      const request = store.streams[stream]?.loaded ? store.catchUp(stream, viewer) : store.loadStream(stream, viewer);
      request.catch((error: unknown) => console.warn('Chat poll failed', error));
    }, LIMITS.conversationPollMs);
    return () => window.clearInterval(timer);
  }, [stream, viewer, connected, loaded]);
}
