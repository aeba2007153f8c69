import { LIMITS } from '@le/contracts';
import { useEffect } from 'react';

import { useRealtimeStore } from '../../../lib/realtime-client';
import { useSessionStore } from '../../../stores/session-store';
import { useChatStore } from '../stores/chat-store';
import type { Viewer } from '../stores/chat-store';

/**
 * Load one stream and keep it current. While the socket is connected nothing polls; while it is down
 * the stream is read every 5 s (spec §9 conversation poll) from the event log, so edits, hides and
 * deletes arrive too, each once. Returns whether the first load failed.
 */
export function useStreamSync(stream: string | null, viewer: Viewer, onError?: (error: unknown) => void) {
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
        onError?.(error);
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reload per stream and per signed-in user only
  }, [stream, viewer, token]);

  useEffect(() => {
    if (!stream || connected || !loaded) return;
    const timer = window.setInterval(() => void useChatStore.getState().catchUp(stream, viewer), LIMITS.conversationPollMs);
    return () => window.clearInterval(timer);
  }, [stream, viewer, connected, loaded]);
}
