import { chatListKindOf } from '@/lib/unread';
import { useSessionStore } from '@/stores/session-store';
import { useUnreadTotal } from '@/features/chat/hooks/use-unread-total';
import { useSessionRole } from '@/lib/session-user';

/**
 * Mounted once by the app shell (its own lazy chunk, after the first paint, on the tab's one socket):
 * the signed-in user's chat list, read and kept live, from which the top bar's avatar and its Message
 * item derive the unread private messages (lib/unread.ts).
 */
export function UnreadLiveLayer() {
  const signedIn = useSessionStore((state) => state.token !== null);
  const role = useSessionRole();
  const kind = signedIn ? chatListKindOf(role) : null;
  useUnreadTotal(kind);
  return null;
}

export default UnreadLiveLayer;
