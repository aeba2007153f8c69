import { Outlet, ScrollRestoration } from 'react-router';

import { RouteProgress } from '@/components/layouts/route-progress';
import { usePageVisitLogger } from '@/features/activity-log/hooks/use-page-visit-logger';
import { useSessionLifecycle } from '@/hooks/use-session-lifecycle';

/** Above every page: session upkeep, page-visit logging, scroll restoration, the loading bar. */
export function AppRoot() {
  useSessionLifecycle();
  usePageVisitLogger();
  return (
    <>
      <RouteProgress />
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
