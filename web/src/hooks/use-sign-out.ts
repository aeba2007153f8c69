import { UI_TEXT } from '@le/contracts';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { USER_LOGGED_OUT_EVENT, logout } from '@/lib/auth';
import { useSessionStore } from '@/stores/session-store';

/**
 * Sign-out of spec §4/§8: on success clear the stored session, raise `user-logged-out` and go to the
 * login screen; on failure the user stays signed in and sees "Logout gagal. Silakan coba lagi."
 */
export function useSignOut() {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const signOut = useCallback(async () => {
    setPending(true);
    try {
      await logout();
    } catch (error) {
      console.warn(error instanceof Error ? error.message : UI_TEXT.logoutFailedFallback);
      window.alert(UI_TEXT.logoutFailedAlert);
      setPending(false);
      return;
    }
    useSessionStore.getState().clear();
    window.dispatchEvent(new Event(USER_LOGGED_OUT_EVENT));
    setPending(false);
    navigate(paths.auth.login.href);
  }, [navigate]);

  return { signOut, pending };
}
