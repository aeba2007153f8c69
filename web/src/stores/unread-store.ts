import { create } from 'zustand';

/**
 * The signed-in user's unread private messages: the sum of `unreadCount` over their chats (spec §3).
 * The top bar reads it; the app's unread live layer (`app/unread-live-layer.tsx`, loaded after the
 * first paint with the socket) writes it. Zero for a guest, and until that layer has read the chats.
 */
export const useUnreadStore = create<{ count: number }>()(() => ({ count: 0 }));

export const setUnreadCount = (count: number): void => {
  const next = Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
  if (useUnreadStore.getState().count !== next) useUnreadStore.setState({ count: next });
};
