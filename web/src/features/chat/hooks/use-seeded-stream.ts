import { useMemo } from 'react';

import { useQueryData } from '@/lib/query-client';
import type { MessagePage } from '@/features/chat/api/get-public-messages';
import { chatKeys } from '@/features/chat/api/keys';
import { GLOBAL_STREAM, type Viewer } from '@/features/chat/api/streams';
import { emptyStream, mergeSnapshot, type StreamState } from '@/features/chat/utils/stream-fold';

/**
 * The global room's newest page as the server read it for a guest's drawn /faq-chat (app/routes/faq-chat.tsx's loader
 * puts it in the query cache), folded as a stream: the stream query's first state (which then catches
 * up from its seq), so that the app's first render is the server's page. Never fetched from here; undefined for any other stream or viewer, or without it.
 */
export function useSeededStream(stream: string | null, viewer: Viewer): StreamState | undefined {
  const seeded = stream === GLOBAL_STREAM && viewer === 'guest';
  // Read from the cache only (never fetched), whatever the viewer; used only for a guest's room.
  const data = useQueryData<MessagePage>(chatKeys.publicPage());
  return useMemo(() => (seeded && data ? mergeSnapshot(emptyStream(), data.messages, { nextCursor: data.nextCursor ?? null }) : undefined), [seeded, data]);
}
