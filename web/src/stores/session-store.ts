import type { LoginResponse, Role } from '@le/contracts';
import { create } from 'zustand';

import { SESSION_STORAGE_KEYS, STORAGE_KEYS } from '@/config/brand';
import { readStoredRole, readStoredUser, storage, toStoredUser } from '@/lib/storage';
import type { StoredUser } from '@/lib/storage';

/**
 * The browser's session (spec §4): the token, the session's id, and the user as this browser saved
 * them. The user as the server has them now is the `/auth/me` query's (lib/session-user.ts), which
 * every screen reads; the saved user stands in for it only until the first answer after a load.
 */
interface SessionState {
  token: string | null;
  sessionId: string | null;
  /** The user saved in localStorage, as read at load, at sign-in or after another tab changed it. */
  savedUser: StoredUser | null;
  /** The role saved beside it (readable even when the saved user is not). */
  savedRole: Role | null;
  /** Save a fresh login (spec §4: token and user saved). Put its user in the query cache too: lib/session-user.ts `signInWith`. */
  signIn: (login: LoginResponse) => void;
  /** Forget the session everywhere (sign-out, 401). */
  clear: () => void;
  /** Re-read localStorage, e.g. after another tab changed it. */
  reload: () => void;
}

const readSession = () => ({
  token: storage.get(STORAGE_KEYS.token),
  sessionId: storage.get(STORAGE_KEYS.sessionId),
  savedUser: readStoredUser(),
  savedRole: readStoredRole(),
});

/** Save the user's stored fields (spec §4: user, role, username), as a login or the server's latest answer has them. */
export const saveUser = (user: StoredUser): void => {
  storage.set(STORAGE_KEYS.user, JSON.stringify(toStoredUser(user)));
  storage.set(STORAGE_KEYS.role, user.role);
  storage.set(STORAGE_KEYS.username, user.username);
};

const signedOut = { token: null, sessionId: null, savedUser: null, savedRole: null };

export const useSessionStore = create<SessionState>()((set) => ({
  ...signedOut,
  signIn: ({ token, sessionId, user }) => {
    // Another user on this browser: the previous one's unsent chat messages are theirs alone.
    if (storage.get(STORAGE_KEYS.username) !== user.username) storage.remove(STORAGE_KEYS.chatOutbox);
    storage.set(STORAGE_KEYS.token, token);
    storage.set(STORAGE_KEYS.sessionId, sessionId);
    saveUser(user);
    set({ token, sessionId, savedUser: toStoredUser(user), savedRole: user.role });
  },
  clear: () => {
    for (const key of SESSION_STORAGE_KEYS) storage.remove(key);
    // Signed out (or the session ended), on whatever page: nobody's unsent words stay behind.
    storage.remove(STORAGE_KEYS.chatOutbox);
    set(signedOut);
  },
  reload: () => set(readSession()),
}));

// The store is made signed out, and the browser's stored session is read into it at once (the API
// client and the guards have it from the start). React's first render of a page the server drew
// reads the store as it was made (zustand's server snapshot), which is the guest's view the server
// drew; the reader's own follows right after hydration (app/root.tsx shows the page then).
if (typeof window !== 'undefined') useSessionStore.getState().reload();

/** Read the token outside React (the API client). */
export const getSessionToken = (): string | null => useSessionStore.getState().token;
