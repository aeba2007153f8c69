import type { PublicUser } from '@le/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';

import { getMe } from '@/lib/auth';
import { useSessionStore } from '@/stores/session-store';

export const meKeys = {
  me: ['auth', 'me'] as const,
};

/**
 * GET /auth/me as a query. Every answer also refreshes the stored user (top bar, guards, rights), and
 * it is stale at once: rights follow membership dates, so each screen that asks gets today's answer
 * (shown from the cache meanwhile).
 */
export const meQuery = () =>
  queryOptions({
    queryKey: meKeys.me,
    queryFn: async ({ signal }) => {
      const { user } = await getMe(signal);
      useSessionStore.getState().setUser(user);
      return user;
    },
    staleTime: 0,
  });

/** The signed-in user as the server has it now; idle without a session. */
export function useMe() {
  const token = useSessionStore((state) => state.token);
  return useQuery({ ...meQuery(), enabled: Boolean(token) });
}

/** A write answered with the user (profile, photo): cache and session store follow at once. */
export const setMe = (client: QueryClient, user: PublicUser): void => {
  client.setQueryData(meKeys.me, user);
  useSessionStore.getState().setUser(user);
};
