import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { useMe } from '@/hooks/use-me';
import { acquireRealtime, onModeration, useRealtimeStore } from '@/lib/realtime-client';
import { setOpenReports, setTimedOutUntil, useModerationStore } from '@/stores/moderation-store';
import { useSessionStore } from '@/stores/session-store';
import { getOpenReportCount, moderationKeys } from '@/features/moderation/api/moderation';

/**
 * Moderation live on every page (contract §13): for admins the open reports' count (read once, and
 * again on every (re)connection, then kept by `moderation:report`/`moderation:count`, whichever
 * realtime process sends them), the queue read again on a new report; for a signed-in user their own
 * timeout (`/auth/me`, then `user:restricted`), ended at `until` by the page's own clock too.
 */
export function useModerationLive(): void {
  const client = useQueryClient();
  const token = useSessionStore((state) => state.token);
  const isAdmin = useSessionStore((state) => (state.user?.role ?? state.role) === 'admin');
  const syncs = useRealtimeStore((state) => (state.status === 'connected' ? state.syncs + 1 : 0));
  const me = useMe();
  const until = useModerationStore((state) => state.timedOutUntil);

  useEffect(() => {
    if (!token) return undefined;
    const release = acquireRealtime();
    const stop = onModeration((signal) => {
      if (signal.kind === 'restricted') {
        setTimedOutUntil(signal.timedOutUntil);
        return;
      }
      setOpenReports(signal.openCount);
      void client.invalidateQueries({ queryKey: moderationKeys.all });
    });
    return () => {
      stop();
      release();
    };
  }, [client, token]);

  // The count as the store has it, on arrival and after every (re)connection (a push may have been missed).
  useEffect(() => {
    if (!token || !isAdmin) {
      setOpenReports(0);
      return undefined;
    }
    const controller = new AbortController();
    getOpenReportCount(controller.signal)
      .then(setOpenReports)
      .catch(() => undefined);
    return () => controller.abort();
  }, [token, isAdmin, syncs]);

  useEffect(() => {
    setTimedOutUntil(token ? (me.data?.timedOutUntil ?? null) : null);
  }, [token, me.data?.timedOutUntil]);

  // A timeout ends by itself: the composer comes back at `until` without a word from the server.
  useEffect(() => {
    if (!until) return undefined;
    const timer = window.setTimeout(() => setTimedOutUntil(null), Math.max(Date.parse(until) - Date.now(), 0) + 250);
    return () => window.clearTimeout(timer);
  }, [until]);
}
