import type { ReactNode } from 'react';
import { useEffect, useMemo } from 'react';
import { Navigate, useLocation } from 'react-router';

import type { AuthNavigationState } from '@/config/paths';
import { paths, signInTarget } from '@/config/paths';
import { useSessionStore } from '@/stores/session-store';
import { useSessionRole } from '@/lib/session-user';

/**
 * To the login screen, replacing history. `returnHere` lets a signed-out visitor come back after signing in.
 * The state is one object for as long as the address is the same: `<Navigate>` navigates again whenever
 * its `state` changes, and each new navigation cancels the one still loading the login screen's code,
 * whose progress re-renders this guard: a loop that left a blank page on a slow connection.
 */
function ToLogin({ returnHere }: { returnHere: boolean }) {
  const location = useLocation();
  const from = location.pathname + location.search;
  const state = useMemo<AuthNavigationState | undefined>(() => (returnHere ? { from } : undefined), [returnHere, from]);
  return <Navigate to={paths.auth.login.href} replace state={state} />;
}

/** Logged-in guard (spec §2): no stored token → /auth/login, replacing history. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useSessionStore((state) => state.token);
  return token ? children : <ToLogin returnHere />;
}

export const ADMIN_ONLY_NOTICE = 'That page is for admins.';

/**
 * A signed-in non-admin who opened an admin page: told why (a toast) and taken to their own
 * dashboard, replacing history, instead of a login screen they have no use for.
 */
function ToOwnDashboard() {
  useEffect(() => {
    // The toaster loads after the first paint (AppProvider); a toast made before it mounts waits for it.
    void import('@/components/ui/toaster').then(({ toaster }) =>
      toaster.create({ id: 'admin-only', type: 'info', title: ADMIN_ONLY_NOTICE, description: 'You were taken to your membership dashboard.', closable: true }),
    );
  }, []);
  return <Navigate to={paths.dashboardMember.href} replace />;
}

/**
 * Admin guard (spec §2): no token → /auth/login, back here after signing in. A signed-in user of
 * another role goes to their own dashboard with a word of why (not the login screen).
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const token = useSessionStore((state) => state.token);
  const role = useSessionRole();
  if (!token) return <ToLogin returnHere />;
  return role === 'admin' ? children : <ToOwnDashboard />;
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
