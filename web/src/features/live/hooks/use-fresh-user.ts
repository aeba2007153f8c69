import { useEffect, useState } from 'react';

import { getMe } from '@/lib/auth';
import { useSessionStore } from '@/stores/session-store';

/**
 * The signed-in user with membership dates as the server has them now: asks /auth/me on mount, as
 * rights follow dates and the stored copy may be days old. `ready` is false until it answered (or
 * failed, in which case the stored user stands).
 */
export function useFreshUser() {
  const token = useSessionStore((state) => state.token);
  const user = useSessionStore((state) => state.user);
  const [checkedToken, setCheckedToken] = useState<string | null>(null);

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    getMe(controller.signal)
      .then(({ user: fresh }) => useSessionStore.getState().setUser(fresh))
      .catch(() => {
        // a 401 already ended the session in the API client; other failures keep the stored user
      })
      .finally(() => {
        if (!controller.signal.aborted) setCheckedToken(token);
      });
    return () => controller.abort();
  }, [token]);

  return { token, user, ready: !token || checkedToken === token };
}
