import type { RoomView } from '@le/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { onChatEvent, useRealtimeStore } from '@/lib/realtime-client';
import { useSessionUser } from '@/lib/session-user';
import { useSessionStore } from '@/stores/session-store';
import { getRoom } from '@/features/chat/api/moderate';
import { chatKeys } from '@/features/chat/api/keys';

const roomKey = chatKeys.room;

/**
 * The live room's settings (contract §13): slow mode and the pinned message as this viewer may see
 * them. Read with the room, kept by `room.updated` (each carries the whole room), read again after
 * every (re)connection, where a missed event is caught up.
 */
export function useRoom(enabled: boolean): RoomView | null {
  const client = useQueryClient();
  const token = useSessionStore((state) => state.token);
  const user = useSessionUser();
  const viewer = token ? (user?._id ?? 'signed-in') : 'guest';
  const syncs = useRealtimeStore((state) => (state.status === 'connected' ? state.syncs + 1 : 0));
  const query = useQuery({ queryKey: roomKey(viewer), queryFn: ({ signal }) => getRoom(Boolean(token), signal), enabled });
  useEffect(() => {
    if (!enabled) return undefined;
    return onChatEvent((event) => {
      if (event.type === 'room.updated' && event.room) client.setQueryData(roomKey(viewer), event.room);
      // The pinned message changed (hidden, edited, deleted): read the room again.
      else if (event.message && event.message._id === client.getQueryData<RoomView>(roomKey(viewer))?.pinnedMessage?._id) {
        void client.invalidateQueries({ queryKey: roomKey(viewer) });
      }
    });
  }, [client, enabled, viewer]);
  useEffect(() => {
    if (enabled && syncs > 0) void client.invalidateQueries({ queryKey: roomKey(viewer) });
  }, [client, enabled, syncs, viewer]);
  return query.data ?? null;
}
