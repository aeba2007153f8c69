import type { MessageResponse, PublicUser } from '@le/contracts';
import { UI_TEXT } from '@le/contracts';

import { ApiError, api, apiUrl } from './api-client';

/** Session calls the whole shell needs (the sign-in screens live in features/auth). */

export const USER_LOGGED_OUT_EVENT = 'user-logged-out';

export const getMe = (signal?: AbortSignal) =>
  // At start-up a stale token only clears the session; the guards decide whether to leave the page.
  api.get<{ user: PublicUser }>('/auth/me', { signal, redirectOnUnauthorized: false });

/** POST /auth/logout. Resolves on success; rejects with the server's message or "Logout failed" (spec §8). */
export const logout = async (): Promise<void> => {
  try {
    await api.post<MessageResponse>('/auth/logout', undefined, { redirectOnUnauthorized: false });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return; // the token is already gone: nothing left to end
    const message = error instanceof ApiError && error.serverMessage ? error.serverMessage : UI_TEXT.logoutFailedFallback;
    throw new Error(message, { cause: error });
  }
};

// A stale token on a public page only clears the session (like getMe); the guards decide whether to leave.
export const sendHeartbeat = (sessionId: string) => api.post<void>('/auth/heartbeat', { sessionId }, { redirectOnUnauthorized: false });

/** Ends the presence of this browser session while the page goes away; survives the unload. */
export const endSessionBeacon = (sessionId: string): void => {
  if (typeof navigator.sendBeacon !== 'function') return;
  const payload = new Blob([JSON.stringify({ sessionId })], { type: 'application/json' });
  navigator.sendBeacon(apiUrl('/auth/session/end'), payload);
};
