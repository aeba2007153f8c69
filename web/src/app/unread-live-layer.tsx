import { useEffect } from 'react';

import { useSessionStore } from '@/stores/session-store';
import { setUnreadCount } from '@/stores/unread-store';
import { useUnreadTotal } from '@/features/chat/hooks/use-unread-total';

/**
 * Mounted once by the app shell (its own lazy chunk, after the first paint, on the tab's one socket):
 * the signed-in user's unread private messages, kept live for the top bar's avatar and its Message item.
 */
export function UnreadLiveLayer() {
  const signedIn = useSessionStore((state) => state.token !== null);
  const role = useSessionStore((state) => state.user?.role ?? state.role);
  const kind = !signedIn || !role || role === 'guest' ? null : role === 'admin' ? 'admin' : 'user';
  const count = useUnreadTotal(kind);
  useEffect(() => setUnreadCount(count), [count]);
  useEffect(() => () => setUnreadCount(0), []);
  return null;
}

export default UnreadLiveLayer;
