import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { onChatEvent, useRealtimeStore } from '@/lib/realtime-client';
import type { ChatListKind } from '@/features/chat/api/get-chats';
import { chatKeys } from '@/features/chat/api/keys';

/** The global room's stream (contract §6); every other stream is a private chat. */
const GLOBAL = 'global';
/** A burst of events (a message and its read mark) is read once… */
export const UNREAD_SETTLE_MS = 150;
/** …but steady traffic is read at least this often (the settling wait is not pushed on forever). */
export const UNREAD_MAX_WAIT_MS = 1000;

interface Refresher {
  holders: number;
  /** Read the list again after the settling wait (or sooner, under steady traffic). */
  schedule: () => void;
  stop: () => void;
}

/** One refresher per query client and list, however many hooks hold it (the badge and the chat screen). */
const refreshers = new WeakMap<QueryClient, Map<ChatListKind, Refresher>>();

const startRefresher = (client: QueryClient, kind: ChatListKind): Refresher => {
  let timer: number | undefined;
  let firstAt = 0;
  const read = () => {
    window.clearTimeout(timer);
    timer = undefined;
    void client.invalidateQueries({ queryKey: chatKeys.list(kind) });
  };
  const schedule = () => {
    const now = Date.now();
    if (timer === undefined) firstAt = now;
    else if (now - firstAt + UNREAD_SETTLE_MS > UNREAD_MAX_WAIT_MS) return; // the pending read comes soon enough
    window.clearTimeout(timer);
    timer = window.setTimeout(read, UNREAD_SETTLE_MS);
  };
  const stopEvents = onChatEvent((event) => {
    if (event.stream !== GLOBAL) schedule();
  });
  // Each (re)connection after this: what the socket missed meanwhile.
  let seenSyncs = useRealtimeStore.getState().syncs;
  const stopSyncs = useRealtimeStore.subscribe((state) => {
    if (state.syncs === seenSyncs) return;
    seenSyncs = state.syncs;
    read();
  });
  return {
    holders: 0,
    schedule,
    stop: () => {
      stopEvents();
      stopSyncs();
      window.clearTimeout(timer);
    },
  };
};

/** Asks the held refresher of this list to read it again soon (the admin list's presence, say). */
export const requestChatListRefresh = (client: QueryClient, kind: ChatListKind): void => {
  refreshers.get(client)?.get(kind)?.schedule();
};

/**
 * Keeps the chat list of `kind` (null: none) current while mounted: read again shortly after any
 * private chat's event (a new message, a read mark from any of the viewer's tabs) and on every
 * (re)connection of the socket. Held by the unread badge on every page and by the chat screens,
 * one refresher serves them all, so an event is one read, not one per holder.
 */
export function useChatListRefresh(kind: ChatListKind | null): void {
  const client = useQueryClient();
  useEffect(() => {
    if (kind === null) return;
    const lists = refreshers.get(client) ?? new Map<ChatListKind, Refresher>();
    refreshers.set(client, lists);
    const refresher = lists.get(kind) ?? startRefresher(client, kind);
    lists.set(kind, refresher);
    refresher.holders += 1;
    return () => {
      refresher.holders -= 1;
      if (refresher.holders > 0) return;
      refresher.stop();
      lists.delete(kind);
    };
  }, [client, kind]);
}
