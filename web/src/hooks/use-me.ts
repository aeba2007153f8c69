import type { MembershipChangedPayload, PublicUser, Role } from '@le/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';

import { getMe } from '@/lib/auth';
import { ME_KEY, sessionUserIn, type SessionUser } from '@/lib/session-user';
import { useSessionStore } from '@/stores/session-store';

export const meKeys = {
  me: ME_KEY,
};

/**
 * GET /auth/me as a query: the signed-in user for every screen (top bar, guards, rights; see
 * lib/session-user.ts). Stale at once: rights follow membership dates, so each screen that asks gets
 * today's answer (shown from the cache meanwhile).
 */
export const meQuery = () =>
  queryOptions({
    queryKey: meKeys.me,
    queryFn: async ({ signal }) => (await getMe(signal)).user,
    // Kept while the session is, a new value at every change: lib/session-user.ts sets both for this key.
    staleTime: 0,
  });

/** The signed-in user as the server has it now; idle without a session. */
export function useMe() {
  const token = useSessionStore((state) => state.token);
  return useQuery({ ...meQuery(), enabled: Boolean(token) });
}

/** A write answered with the user (profile, photo): every screen follows at once. */
export const setMe = (client: QueryClient, user: PublicUser): void => {
  client.setQueryData(meKeys.me, user);
};

/** The fields `membership:changed` tells (contract §9): role, tier, end and grace. */
export const membershipFields = (change: MembershipChangedPayload): Pick<PublicUser, 'role' | 'membershipTier' | 'membershipEnd' | 'graceEndsAt'> => ({
  role: change.role as Role,
  membershipTier: change.membershipTier,
  membershipEnd: change.membershipEnd,
  graceEndsAt: change.graceEndsAt,
});

/**
 * `membership:changed` arrived: the cached /auth/me answer takes the new rights at once (every screen
 * follows: the composer, the /live gate, the top bar), then /auth/me is read again for the rest (a new
 * duration). Returns the user as it was before, when known.
 */
export const applyMembershipChange = (client: QueryClient, change: MembershipChangedPayload): SessionUser | null => {
  if (!useSessionStore.getState().token) return null;
  const before = sessionUserIn(client);
  const fields = membershipFields(change);
  client.setQueryData<PublicUser>(meKeys.me, (user) => (user ? { ...user, ...fields } : user));
  void client.invalidateQueries({ queryKey: meKeys.me });
  return before;
};
