import type { MembershipChangedPayload, PublicUser, Role } from '@le/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';

import { getMe } from '@/lib/auth';
import { useSessionStore } from '@/stores/session-store';
import type { SessionUser } from '@/stores/session-store';

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

/** The fields `membership:changed` tells (contract §9): role, tier, end and grace. */
export const membershipFields = (change: MembershipChangedPayload): Pick<PublicUser, 'role' | 'membershipTier' | 'membershipEnd' | 'graceEndsAt'> => ({
  role: change.role as Role,
  membershipTier: change.membershipTier,
  membershipEnd: change.membershipEnd,
  graceEndsAt: change.graceEndsAt,
});

/**
 * `membership:changed` arrived: the cached /auth/me answer and the session store take the new rights at
 * once (every screen reading either follows: the composer, the /live gate, the top bar), then /auth/me
 * is read again for the rest (a new duration). Returns the user as it was before, when known.
 */
export const applyMembershipChange = (client: QueryClient, change: MembershipChangedPayload): SessionUser | null => {
  const session = useSessionStore.getState();
  if (!session.token) return null;
  const before: SessionUser | null = client.getQueryData<PublicUser>(meKeys.me) ?? session.user;
  const fields = membershipFields(change);
  client.setQueryData<PublicUser>(meKeys.me, (user) => (user ? { ...user, ...fields } : user));
  session.patchUser(fields);
  void client.invalidateQueries({ queryKey: meKeys.me });
  return before;
};
