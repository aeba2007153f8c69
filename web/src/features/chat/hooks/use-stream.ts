import { LIMITS } from '@le/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';

import { lastReadFailed } from '@/lib/query-client';
import { useRealtimeStore } from '@/lib/realtime-client';
import { useSessionStore } from '@/stores/session-store';
import { catchUp, heldStream, scopeNow, scopeOf, streamQuery } from '@/features/chat/api/streams';
import type { StreamState } from '@/features/chat/utils/stream-fold';

/**
 * One stream, read and kept current (api/streams.ts): its newest page, then the log after it. While
 * the socket is connected nothing polls; while it is down the log is read every 5 s (spec §9
 * conversation poll), so edits, hides and deletes arrive too, each once; a first read that failed is
 * tried again on the same beat. `seeded`: the page the server drew it from (a guest's /faq-chat),
 * the stream's first state without a read. Failures are only logged (spec §8).
 */
export function useStream(stream: string | null, seeded?: StreamState): { state: StreamState | undefined; failed: boolean } {
  const scope = useSessionStore(scopeOf);
  const connected = useRealtimeStore((state) => state.status === 'connected');
  const query = useQuery({ ...streamQuery(stream ?? '', scope), enabled: stream !== null, ...(seeded ? { initialData: seeded } : {}) });
  const loaded = stream !== null && query.data !== undefined;
  const { refetch } = query;

  // Held: what happened after its page (the socket may have been faster, or the page is the server's drawing).
  // Not in the hydration render of a signed-in reader: it reads the session as the server did, a guest.
  useEffect(() => {
    if (stream && loaded && scope === scopeNow()) catchUp(stream, scope).catch((error: unknown) => console.warn('Chat catch-up failed', error));
  }, [stream, scope, loaded]);

  useEffect(() => {
    if (!stream || (connected && loaded) || scope !== scopeNow()) return;
    const timer = window.setInterval(() => {
      const request = heldStream(stream, scope) ? catchUp(stream, scope) : refetch();
      request.catch((error: unknown) => console.warn('Chat poll failed', error));
    }, LIMITS.conversationPollMs);
    return () => window.clearInterval(timer);
  }, [stream, scope, connected, loaded, refetch]);

  return { state: stream === null ? undefined : query.data, failed: stream !== null && lastReadFailed(query) };
}
