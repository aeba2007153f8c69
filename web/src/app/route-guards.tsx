import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';

import type { AuthNavigationState } from '../config/paths';
import { paths } from '../config/paths';
import { useSessionStore } from '../stores/session-store';

function ToLogin() {
  const location = useLocation();
  return <Navigate to={paths.auth.login.href} replace state={{ from: location.pathname + location.search } satisfies AuthNavigationState} />;
}

/** Logged-in guard (spec §2): no stored token → /auth/login, replacing history. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useSessionStore((state) => state.token);
  return token ? children : <ToLogin />;
}

/** Admin guard (spec §2): no token, or a stored role other than admin → /auth/login. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const token = useSessionStore((state) => state.token);
  const role = useSessionStore((state) => state.role);
  return token && role === 'admin' ? children : <ToLogin />;
}
