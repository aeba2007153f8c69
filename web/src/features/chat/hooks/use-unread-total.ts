import type { ChatSummary } from '@le/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

import { acquireRealtime, onChatEvent, useRealtimeStore } from '@/lib/realtime-client';
import { getChats } from '@/features/chat/api/get-chats';
import type { ChatListKind } from '@/features/chat/api/get-chats';
import { chatKeys } from '@/features/chat/api/keys';

/** The global room's stream (contract §6); every other stream is a private chat. */
const GLOBAL = 'global';
/** A burst of events (a message and its read mark) is read once… */
export const UNREAD_SETTLE_MS = 150;
/** …but steady traffic is read at least this often (the settling wait is not pushed on forever). */
export const UNREAD_MAX_WAIT_MS = 1000;

/** The viewer's unread private messages: the sum of `unreadCount` over their chats (spec §3). */
export const unreadTotal = (chats: readonly Pick<ChatSummary, 'unreadCount'>[] | undefined): number =>
  (chats ?? []).reduce((sum, chat) => sum + (Number.isFinite(chat.unreadCount) && chat.unreadCount > 0 ? chat.unreadCount : 0), 0);

/**
 * The signed-in viewer's unread total, live, on any page (`kind`: 'admin' for an admin, 'user' for
 * everyone else; null for a guest, who has none). It reads the same query as the chat list
 * (`chatKeys.list(kind)`), so the open conversation's mark-read (`clearUnread`) lowers it at once,
 * and reads it again shortly after any private chat's event (a new message, a read mark from any of
 * the viewer's tabs) and on every (re)connection of the tab's one socket, which it holds meanwhile.
 */
export function useUnreadTotal(kind: ChatListKind | null): number {
  const queryClient = useQueryClient();
  const syncs = useRealtimeStore((state) => state.syncs);
  const { data } = useQuery({
    queryKey: chatKeys.list(kind ?? 'user'),
    queryFn: async ({ signal }) => (await getChats(kind ?? 'user', signal)).chats,
    enabled: kind !== null,
    // As the chat list's own observer of this query (useChats): a failed read is not tried again at
    // once; the next event or reconnection reads again.
    retry: false,
  });

  useEffect(() => (kind === null ? undefined : acquireRealtime()), [kind]);

  // Each (re)connection after the first read: what the socket missed meanwhile.
  const seenSyncs = useRef(syncs);
  useEffect(() => {
    if (seenSyncs.current === syncs) return;
    seenSyncs.current = syncs;
    if (kind !== null) void queryClient.invalidateQueries({ queryKey: chatKeys.list(kind) });
  }, [queryClient, kind, syncs]);

  useEffect(() => {
    if (kind === null) return;
    let timer: number | undefined;
    let firstAt = 0;
    const read = () => {
      timer = undefined;
      void queryClient.invalidateQueries({ queryKey: chatKeys.list(kind) });
    };
    const stop = onChatEvent((event) => {
      if (event.stream === GLOBAL) return;
      const now = Date.now();
      if (timer === undefined) firstAt = now;
      else if (now - firstAt + UNREAD_SETTLE_MS > UNREAD_MAX_WAIT_MS) return; // the pending read comes soon enough
      window.clearTimeout(timer);
      timer = window.setTimeout(read, UNREAD_SETTLE_MS);
    });
    return () => {
      stop();
      window.clearTimeout(timer);
    };
  }, [queryClient, kind]);

  return kind === null ? 0 : unreadTotal(data);
}
