import { useEffect } from 'react';

import { acquireRealtime, onChatEvent, useRealtimeStore } from '@/lib/realtime-client';
import { useSessionStore } from '@/stores/session-store';
import { catchUp, heldStreams, receiveEvent } from '@/features/chat/api/streams';
import type { Viewer } from '@/features/chat/api/streams';

/**
 * Realtime first (contract §6): hold the socket, apply every `chat:event` to its stream's query, and
 * on each reconnection read what was missed in every held stream. (A new sign-in or sign-out empties
 * the cache: the next session reads its own.)
 */
export function useRealtimeChat(): Viewer {
  const token = useSessionStore((state) => state.token);
  const viewer: Viewer = token ? 'user' : 'guest';
  const syncs = useRealtimeStore((state) => state.syncs);

  useEffect(() => acquireRealtime(), []);

  useEffect(() => onChatEvent((event) => receiveEvent(event)), []);

  useEffect(() => {
    // Every (re)connection, the first one included (what happened before the socket joined its rooms),
    // and every `chat:resync` (the server lost its subscriptions for a while).
    if (syncs === 0) return;
    for (const stream of heldStreams()) void catchUp(stream);
  }, [syncs, viewer]);

  return viewer;
}
