import { Suspense, lazy } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';

import { RouteProgress } from '@/components/layouts/route-progress';
import { AfterLoad } from '@/components/ui/after-load';
import { usePageVisitLogger } from '@/features/activity-log/hooks/use-page-visit-logger';
import { useSessionLifecycle } from '@/hooks/use-session-lifecycle';

// The live signals (the socket with socket.io-client, the notices) load once the page has loaded
// and the browser is idle (AfterLoad), in their own chunk.
const SignalLiveLayer = lazy(() => import('@/features/signals/components/signal-live-layer'));
// The membership pushes (contract §9) ride the same socket, so they load with it.
const MembershipLiveLayer = lazy(() => import('./membership-live-layer'));
// The unread count of the avatar and its Message item (the chat list's query, kept live by the same socket).
const UnreadLiveLayer = lazy(() => import('./unread-live-layer'));

/**
 * Above every page: session upkeep, page-visit logging, scroll restoration, the loading bar, the live
 * signals (notices, the open count in the title), the membership's live changes (rights, a toast).
 */
export function AppRoot() {
  useSessionLifecycle();
  usePageVisitLogger();
  return (
    <>
      <RouteProgress />
      <ScrollRestoration />
      <Outlet />
      <AfterLoad>
        <Suspense fallback={null}>
          <SignalLiveLayer />
          <MembershipLiveLayer />
          <UnreadLiveLayer />
        </Suspense>
      </AfterLoad>
    </>
  );
}
