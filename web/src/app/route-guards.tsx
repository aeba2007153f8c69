import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';

import type { AuthNavigationState } from '@/config/paths';
import { paths, signInTarget } from '@/config/paths';
import { useSessionStore } from '@/stores/session-store';

/** To the login screen, replacing history. `returnHere` lets a signed-out visitor come back after signing in. */
function ToLogin({ returnHere }: { returnHere: boolean }) {
  const location = useLocation();
  const state: AuthNavigationState | undefined = returnHere ? { from: location.pathname + location.search } : undefined;
  return <Navigate to={paths.auth.login.href} replace state={state} />;
}

/** Logged-in guard (spec §2): no stored token → /auth/login, replacing history. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useSessionStore((state) => state.token);
  return token ? children : <ToLogin returnHere />;
}

/**
 * Admin guard (spec §2): no token, or a stored role other than admin → /auth/login.
 * A signed-in non-admin is not offered the way back: the sign-in screens send them on to Home.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const token = useSessionStore((state) => state.token);
  const role = useSessionStore((state) => state.role);
  return token && role === 'admin' ? children : <ToLogin returnHere={!token} />;
}

/**
 * Unauthenticated guard (spec §2) of the sign-in screens: a stored token → Home, replacing history.
 * Right after a sign-in it heads where the login form navigates (the page a guard sent the visitor from).
 */
export function RequireGuest({ children }: { children: ReactNode }) {
  const token = useSessionStore((state) => state.token);
  const location = useLocation();
  return token ? <Navigate to={signInTarget(location.state as AuthNavigationState | null)} replace /> : children;
}
