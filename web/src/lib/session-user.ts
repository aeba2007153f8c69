import type { LoginResponse, PublicUser, Role } from '@le/contracts';
import { hashKey, type QueryClient } from '@tanstack/react-query';

import { queryClient, useQueryData } from './query-client';
import type { StoredUser } from './storage';
import { saveUser, useSessionStore } from '@/stores/session-store';

/** GET /auth/me's key: the one place the signed-in user is kept in memory. */
export const ME_KEY = ['auth', 'me'] as const;

/** The user as the server answered them (/auth/me, a login, a write), or as saved until its first answer. */
export type SessionUser = StoredUser & Partial<PublicUser>;

/**
 * The signed-in user: the server's latest answer in the query cache, else the user this browser
 * saved (spec §4) until that answer comes after a load; null when signed out.
 */
export const sessionUserIn = (client: QueryClient): SessionUser | null => {
  const { token, savedUser } = useSessionStore.getState();
  if (!token) return null;
  return client.getQueryData<PublicUser>(ME_KEY) ?? savedUser;
};

/** The signed-in user's role: the user's, else the role saved beside them; null when signed out. */
export const sessionRoleIn = (client: QueryClient): Role | null => sessionUserIn(client)?.role ?? (useSessionStore.getState().token ? useSessionStore.getState().savedRole : null);

/** The signed-in user (see sessionUserIn), for a screen. The first render of a drawn page is the guest's, as the server drew it. */
export function useSessionUser(): SessionUser | null {
  const token = useSessionStore((state) => state.token);
  const savedUser = useSessionStore((state) => state.savedUser);
  const answered = useQueryData<PublicUser>(ME_KEY);
  return token ? (answered ?? savedUser) : null;
}

/** The signed-in user's role: the user's, else the role saved beside them; null when signed out. */
export function useSessionRole(): Role | null {
  const user = useSessionUser();
  const savedRole = useSessionStore((state) => state.savedRole);
  const token = useSessionStore((state) => state.token);
  return token ? (user?.role ?? savedRole) : null;
}

/** A login answered (sign-in, a verified address): the session is saved and its user is the cache's at once. */
export const signInWith = (client: QueryClient, login: LoginResponse): void => {
  useSessionStore.getState().signIn(login);
  client.setQueryData(ME_KEY, login.user);
};

/**
 * The cache's user is the one that lasts: kept while the session is (never collected), and each
 * new value of it (an answer, a write, a pushed membership change) saved in localStorage, so the
 * next load starts from it. Returns the unsubscribe.
 */
export const keepSessionUserSaved = (client: QueryClient): (() => void) => {
  // Each value is a new object, equal or not: a pushed change that repeats what the cache holds (a
  // membership ended at the end it already had) still makes the screens look at the clock again.
  client.setQueryDefaults(ME_KEY, { gcTime: Infinity, structuralSharing: false });
  const hash = hashKey(ME_KEY);
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryHash !== hash || event.action.type !== 'success') return;
    const user = event.query.state.data as PublicUser | undefined;
    // A late answer after sign-out writes nothing back.
    if (user && useSessionStore.getState().token) saveUser(user);
  });
};

keepSessionUserSaved(queryClient);
