import type { PublicUser } from '@le/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { meKeys, useMe } from '@/hooks/use-me';
import { openReportsKey } from '@/lib/open-reports';
import { acquireRealtime, onModeration, useRealtimeStore } from '@/lib/realtime-client';
import { useSessionStore } from '@/stores/session-store';
import { getOpenReportCount, moderationKeys } from '@/features/moderation/api/moderation';
import { useSessionRole } from '@/lib/session-user';

/**
 * Moderation live on every page (contract §13): for admins the open reports' count (a query read
 * once, and again on every (re)connection, then set by `moderation:report`/`moderation:count`,
 * whichever realtime process sends them), the queue read again on a new report; for a signed-in user
 * their own timeout (`/auth/me`, patched by `user:restricted`). The screens derive what they show
 * from those queries (lib/open-reports.ts, hooks/use-timed-out-until.ts).
 */
export function useModerationLive(): void {
  const client = useQueryClient();
  const token = useSessionStore((state) => state.token);
  const isAdmin = useSessionRole() === 'admin';
  const syncs = useRealtimeStore((state) => (state.status === 'connected' ? state.syncs + 1 : 0));
  // Keeps /auth/me read (and with it the user's timeout) while signed in.
  useMe();
  const count = useQuery({ queryKey: openReportsKey, queryFn: ({ signal }) => getOpenReportCount(signal), enabled: Boolean(token) && isAdmin, staleTime: Infinity });
  const { refetch } = count;

  useEffect(() => {
    if (!token) return undefined;
    const release = acquireRealtime();
    const stop = onModeration((signal) => {
      if (signal.kind === 'restricted') {
        // Not read yet: a read now has it (one already on its way may have been answered before it).
        if (!client.getQueryData(meKeys.me)) void client.invalidateQueries({ queryKey: meKeys.me });
        client.setQueryData<PublicUser>(meKeys.me, (user) => (user ? { ...user, timedOutUntil: signal.timedOutUntil } : user));
        return;
      }
      client.setQueryData(openReportsKey, signal.openCount);
      void client.invalidateQueries({ queryKey: moderationKeys.all });
    });
    return () => {
      stop();
      release();
    };
  }, [client, token]);

  // Read again on every (re)connection: a push may have been missed.
  useEffect(() => {
    if (token && isAdmin && syncs > 0) void refetch();
  }, [token, isAdmin, syncs, refetch]);
}
