import type { LoginResponse, PublicUser, Role } from '@le/contracts';
import { create } from 'zustand';

import { SESSION_STORAGE_KEYS, STORAGE_KEYS } from '@/config/brand';
import { readStoredRole, readStoredUser, storage, toStoredUser } from '@/lib/storage';
import type { StoredUser } from '@/lib/storage';

/** The stored fields, plus the rest of the profile once /auth/me or login has answered (memory only). */
export type SessionUser = StoredUser & Partial<PublicUser>;

interface SessionState {
  token: string | null;
  role: Role | null;
  username: string | null;
  sessionId: string | null;
  user: SessionUser | null;
  /** Save a fresh login (spec §4: token and user saved). */
  signIn: (login: LoginResponse) => void;
  /** Replace the user after /auth/me or a profile update; ignored when signed out. */
  setUser: (user: PublicUser) => void;
  /** Change some fields of the user held (a `membership:changed` push); ignored when signed out or without a user. */
  patchUser: (patch: Partial<PublicUser>) => void;
  /** Forget the session everywhere (sign-out, 401). */
  clear: () => void;
  /** Re-read localStorage, e.g. after another tab changed it. */
  reload: () => void;
}

const readSession = () => ({
  token: storage.get(STORAGE_KEYS.token),
  role: readStoredRole(),
  username: storage.get(STORAGE_KEYS.username),
  sessionId: storage.get(STORAGE_KEYS.sessionId),
  user: readStoredUser() as SessionUser | null,
});

const persistUser = (user: StoredUser) => {
  storage.set(STORAGE_KEYS.user, JSON.stringify(toStoredUser(user)));
  storage.set(STORAGE_KEYS.role, user.role);
  storage.set(STORAGE_KEYS.username, user.username);
};

const signedOut = { token: null, role: null, username: null, sessionId: null, user: null };

export const useSessionStore = create<SessionState>()((set, get) => ({
  ...signedOut,
  signIn: ({ token, sessionId, user }) => {
    // Another user on this browser: the previous one's unsent chat messages are theirs alone.
    if (get().username !== user.username) storage.remove(STORAGE_KEYS.chatOutbox);
    storage.set(STORAGE_KEYS.token, token);
    storage.set(STORAGE_KEYS.sessionId, sessionId);
    persistUser(user);
    set({ token, sessionId, user, role: user.role, username: user.username });
  },
  setUser: (user) => {
    // A late /auth/me reply after sign-out must not write the user back.
    if (!get().token) return;
    persistUser(user);
    set({ user, role: user.role, username: user.username });
  },
  patchUser: (patch) => {
    const { token, user } = get();
    if (!token || !user) return;
    const next: SessionUser = { ...user, ...patch };
    persistUser(next);
    set({ user: next, role: next.role, username: next.username });
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
