import { useMutationState } from '@tanstack/react-query';
import { useMemo } from 'react';

import { useSessionStore } from '@/stores/session-store';
import { chatKeys } from '@/features/chat/api/keys';
import { outgoingOf, pendingWriteOf } from '@/features/chat/api/outbox';
import type { OutgoingMessage, PendingWrite, SendVariables, WriteVariables } from '@/features/chat/api/outbox';
import { holdsSend, writeDone } from '@/features/chat/utils/stream-fold';
import type { StreamState } from '@/features/chat/utils/stream-fold';

const NO_OUTBOX: OutgoingMessage[] = [];
const NO_WRITES: Record<string, PendingWrite> = {};

/**
 * Only a signed-in user has anything on its way. The first render of a page the server drew reads the
 * session as the server did (signed out), so it draws none either, and hydration matches.
 */
const useSignedIn = () => useSessionStore((state) => state.token !== null);

/**
 * This client's messages on their way to these streams, or Not sent, oldest first (their send
 * mutations, api/outbox.ts); one the stream already holds is shown as the stream's.
 */
export function useOutbox(streams: readonly string[], held: StreamState | undefined): OutgoingMessage[] {
  const entries = useMutationState({
    filters: {
      mutationKey: chatKeys.sends(),
      predicate: (mutation) => mutation.state.status !== 'idle' && streams.includes((mutation.state.variables as SendVariables | undefined)?.stream ?? ''),
    },
    select: outgoingOf,
  });
  const signedIn = useSignedIn();
  return useMemo(() => (signedIn ? entries.filter((entry) => !holdsSend(held, entry.clientId)) : NO_OUTBOX), [signedIn, entries, held]);
}

/** This client's edits, hides and deletes on their way in a stream, or failed, by message id. */
export function usePendingWrites(stream: string | null, held: StreamState | undefined): Record<string, PendingWrite> {
  const entries = useMutationState({
    filters: {
      mutationKey: chatKeys.writes(),
      predicate: (mutation) => mutation.state.status !== 'idle' && (mutation.state.variables as WriteVariables | undefined)?.stream === stream,
    },
    select: pendingWriteOf,
  });
  const signedIn = useSignedIn();
  return useMemo(() => {
    if (!signedIn) return NO_WRITES;
    const shown = entries.filter(([messageId, write]) => !writeDone(write, held?.messages[messageId]));
    return shown.length === 0 ? NO_WRITES : Object.fromEntries(shown);
  }, [signedIn, entries, held]);
}
