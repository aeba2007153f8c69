import { Outlet, ScrollRestoration } from 'react-router';

import { RouteProgress } from '../components/layouts/route-progress';
import { useSessionLifecycle } from '../hooks/use-session-lifecycle';

/** Above every page: session upkeep, scroll restoration, the loading bar. */
export function AppRoot() {
  useSessionLifecycle();
  return (
    <>
      <RouteProgress />
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
