import { LIMITS } from '@le/contracts';
import { useEffect } from 'react';

import { SESSION_STORAGE_KEYS } from '@/config/brand';
import { ApiError } from '@/lib/api-client';
import { endSessionBeacon, sendHeartbeat } from '@/lib/auth';
import { useSessionStore } from '@/stores/session-store';
import { useMe } from './use-me';

/**
 * Keeps the stored session honest for the whole app (spec §3/§4, §7):
 * refresh the user from /auth/me on start (the shared query, see use-me), heartbeat every 30 s while a session id exists,
 * end the session by beacon when the page goes away, and follow sign-in/out in other tabs.
 */
export function useSessionLifecycle() {
  const token = useSessionStore((state) => state.token);
  const sessionId = useSessionStore((state) => state.sessionId);

  // Read the user anew for each token (app start, a new sign-in); lib/session-user.ts saves each answer.
  const me = useMe();
  useEffect(() => {
    // 401 already cleared the session in the API client; other failures keep the stored user.
    if (me.error instanceof ApiError && me.error.status !== 401 && me.error.status !== 0) console.warn('Could not refresh the user', me.error);
  }, [me.error]);

  useEffect(() => {
    if (!sessionId || !token) return;
    const beat = () => {
      sendHeartbeat(sessionId).catch(() => {
        // a missed beat is retried on the next tick; a 401 already cleared the session in the API client
      });
    };
    beat();
    const timer = window.setInterval(beat, LIMITS.heartbeatMs);
    const onPageHide = () => endSessionBeacon(sessionId);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [sessionId, token]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || SESSION_STORAGE_KEYS.includes(event.key)) useSessionStore.getState().reload();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}
