import { Suspense, lazy, useEffect, useLayoutEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';

import { RouteProgress } from '@/components/layouts/route-progress';
import { AfterLoad } from '@/components/ui/after-load';
import { usePageVisitLogger } from '@/features/activity-log/hooks/use-page-visit-logger';
import { useSessionLifecycle } from '@/hooks/use-session-lifecycle';
import { useTakingOver } from '@/hooks/use-taking-over';
import { APP_READY_ATTRIBUTE } from './first-paint';

// The live signals (the socket with socket.io-client, the notices) load once the page has loaded
// and the browser is idle (AfterLoad), in their own chunk.
const SignalLiveLayer = lazy(() => import('@/features/signals/components/signal-live-layer'));
// The membership pushes (contract §9) ride the same socket, so they load with it.
const MembershipLiveLayer = lazy(() => import('./membership-live-layer'));
// The unread count of the avatar and its Message item (the chat list's query, kept live by the same socket).
const UnreadLiveLayer = lazy(() => import('./unread-live-layer'));

/** Where the reader of a drawn page was when the app took it over (RememberScroll → RestoreScroll). */
let scrollAtTakeOver: number | null = null;

/**
 * A drawn page is taken over where its reader has scrolled it to (scrolling may be what started the
 * app, app/main.tsx): ScrollRestoration, on a page it did not draw, would take them to the top. Its
 * siblings' layout effects run in order, in the take-over's commit: this one before it, RestoreScroll
 * after it, before the page is painted again.
 */
function RememberScroll() {
  const takingOver = useTakingOver();
  useLayoutEffect(() => {
    scrollAtTakeOver = takingOver ? window.scrollY : null;
  }, [takingOver]);
  return null;
}

function RestoreScroll() {
  useLayoutEffect(() => {
    if (scrollAtTakeOver !== null && window.scrollY !== scrollAtTakeOver) window.scrollTo(0, scrollAtTakeOver);
    scrollAtTakeOver = null;
  }, []);
  return null;
}

/**
 * Above every page: session upkeep, page-visit logging, scroll restoration, the loading bar, the live
 * signals (notices, the open count in the title), the membership's live changes (rights, a toast).
 */
export function AppRoot() {
  useSessionLifecycle();
  usePageVisitLogger();
  // Until the app has drawn or taken over the page, a page the server drew shows buttons that do
  // nothing yet: `<html data-app-ready>` says they work (the browser tests wait for it).
  useEffect(() => document.documentElement.setAttribute(APP_READY_ATTRIBUTE, ''), []);
  return (
    <>
      <RouteProgress />
      <RememberScroll />
      <ScrollRestoration />
      <RestoreScroll />
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
