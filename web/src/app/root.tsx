import type { ReactNode } from 'react';
import { Suspense, lazy, useEffect } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useLocation, useNavigate, useRouteError, useRouteLoaderData } from 'react-router';

import { RouteProgress } from '@/components/layouts/route-progress';
import { AfterHydration } from '@/components/ui/after-hydration';
import { whenPartsHydrated } from '@/components/ui/hydration-part';
import { usePageVisitLogger } from '@/features/activity-log/hooks/use-page-visit-logger';
import { useSessionLifecycle } from '@/hooks/use-session-lifecycle';
import { paths } from '@/config/paths';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { SERVICE_TIME_ZONE, TimeZoneProvider, isTimeZone, localTimeZone, sameClock } from '@/lib/dates';
import { registerServiceWorker } from '@/lib/service-worker';
import { getSessionToken, useSessionStore } from '@/stores/session-store';
import { APP_READY_ATTRIBUTE, SESSION_ATTRIBUTE, SESSION_PROBE, SESSION_STYLE, TIME_ZONE_COOKIE } from './document';
import { useNonce } from './nonce';
import { AppProvider } from './provider';

// The live signals (the socket with socket.io-client, the notices), the membership pushes (contract
// §9) and the unread count ride one socket: their chunks load right after hydration, so that every
// page is live for a reader who never touches it.
const SignalLiveLayer = lazy(() => import('@/features/signals/components/signal-live-layer'));
const MembershipLiveLayer = lazy(() => import('./membership-live-layer'));
const UnreadLiveLayer = lazy(() => import('./unread-live-layer'));
const ModerationLiveLayer = lazy(() => import('./moderation-live-layer'));

const cookieValue = (header: string | null, name: string): string | null => {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(value.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
};

/** The zone the server draws this request's times in: the reader's, from the cookie the app set, else WIB. */
export const loader = ({ request }: { request: Request }) => {
  const zone = cookieValue(request.headers.get('cookie'), TIME_ZONE_COOKIE);
  return { timeZone: zone !== null && isTimeZone(zone) ? zone : SERVICE_TIME_ZONE };
};

// Nothing the root reads changes while the app runs.
export const shouldRevalidate = () => false;

/** Tells the server the reader's zone for the next page it draws (lib/dates useTimeZone). */
const rememberTimeZone = (drawn: string): void => {
  const zone = localTimeZone();
  // A reader whose clock is the drawn zone's (WIB for most) needs no cookie: the page was theirs already.
  if (!sameClock(zone, drawn)) {
    document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
  }
};

/** The document every page is drawn in (the server's, hydrated by the browser). */
export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>('root');
  return (
    <html lang="en" className="dark" style={{ colorScheme: 'dark' }} suppressHydrationWarning>
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1.0" />
        <meta name="theme-color" content="#0b0d12" />
        <meta
          name="description"
          content="Lukis Emas — a live painting of gold prices (XAU/USD) for members: automated, statistics-based, no prediction."
        />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon-180.png" />
        <style>{SESSION_STYLE}</style>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SESSION_PROBE }} suppressHydrationWarning />
        <Meta />
        <Links />
      </head>
      <body style={{ margin: 0, background: '#0b0d12', color: '#f4f4f5' }}>
        <TimeZoneProvider drawn={data?.timeZone ?? SERVICE_TIME_ZONE}>
          <AppProvider>{children}</AppProvider>
        </TimeZoneProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * Once the reader's own view is drawn (hydration draws the server's guest view; a stored session then
 * redraws it) and every part of the page is hydrated, the page is shown (SESSION_ATTRIBUTE) and said to be ready (APP_READY_ATTRIBUTE).
 */
function ReadyWhenOwnView({ timeZone }: { timeZone: string }) {
  const token = useSessionStore((state) => state.token);
  useEffect(() => {
    if (token !== getSessionToken()) return undefined;
    // every part of the page hydrated too (components/ui/hydration-part.tsx), not only the document
    return whenPartsHydrated(() => {
      const html = document.documentElement;
      html.removeAttribute(SESSION_ATTRIBUTE);
      html.setAttribute(APP_READY_ATTRIBUTE, '');
    });
  }, [token]);
  useEffect(() => rememberTimeZone(timeZone), [timeZone]);
  return null;
}

/**
 * Above every page: session upkeep, page-visit logging, scroll restoration, the loading bar, the live
 * signals (notices, the open count in the title), the membership's live changes (rights, a toast).
 */
export default function App() {
  const data = useRouteLoaderData<typeof loader>('root');
  const navigate = useNavigate();
  useSessionLifecycle();
  usePageVisitLogger();
  // A 401 on an authenticated call ends the session (API client); then leave for the login screen.
  const location = useLocation();
  const onAuthScreen = location.pathname.startsWith(paths.auth.root.href);
  useEffect(() => {
    setUnauthorizedHandler(() => {
      if (!onAuthScreen) void navigate(paths.auth.login.href, { replace: true });
    });
  }, [navigate, onAuthScreen]);
  // The service worker (notifications, the offline page) once the page is live; a notification's
  // click in this tab is a navigation of the app.
  useEffect(() => void registerServiceWorker({ onNotificationClick: (url) => void navigate(url) }), [navigate]);
  return (
    <>
      <RouteProgress />
      <ReadyWhenOwnView timeZone={data?.timeZone ?? SERVICE_TIME_ZONE} />
      <Outlet />
      <AfterHydration>
        <Suspense fallback={null}>
          <SignalLiveLayer />
          <MembershipLiveLayer />
          <UnreadLiveLayer />
          <ModerationLiveLayer />
        </Suspense>
      </AfterHydration>
    </>
  );
}

/** What a failure of the app itself shows (a page's own failures have their own states). */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main id="main" style={{ padding: '4rem 1.5rem', maxWidth: '40rem', margin: '0 auto', fontFamily: 'system-ui, sans-serif' }}>
      <title>Something went wrong — Lukis Emas</title>
      <h1 style={{ fontSize: '1.5rem' }}>{status === 404 ? 'Page not found' : 'Something went wrong'}</h1>
      <p>Please reload the page. If it keeps happening, try again in a few minutes.</p>
      <p>
        <a href="/" style={{ color: '#f0c14b' }}>
          Back to Home
        </a>
      </p>
    </main>
  );
}
