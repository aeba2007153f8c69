import { useMe } from '@/hooks/use-me';
import { useSessionStore } from '@/stores/session-store';
import { useSessionUser } from '@/lib/session-user';

/**
 * The signed-in user with membership dates as the server has them now: asks /auth/me on mount, as
 * rights follow dates and the stored copy may be days old. `ready` is false until it answered (or
 * failed, in which case the stored user stands).
 */
export function useFreshUser() {
  const token = useSessionStore((state) => state.token);
  const user = useSessionUser();
  // The answer is the session's user (lib/session-user.ts); a cached answer from before this screen does not count.
  const me = useMe();
  return { token, user, ready: !token || me.isFetchedAfterMount };
}
