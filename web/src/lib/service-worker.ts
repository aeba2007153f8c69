/**
 * The app's service worker (`/sw.js`, built from `src/sw.ts`): registered once the page has
 * hydrated, so it never competes with the first paint. It shows Web Push notifications, opens
 * their `url` on a click and serves an offline page when a navigation fails (contract §14).
 */
import { NOTIFICATION_CLICK_MESSAGE } from '@/sw/notifications';

export const SERVICE_WORKER_URL = '/sw.js';

export const serviceWorkerSupported = (): boolean => typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

let registering: Promise<ServiceWorkerRegistration | null> | null = null;
let navigateTo: (url: string) => void = (url) => window.location.assign(url);
let listening = false;

/**
 * Registers the service worker (once per page); null where the browser has none or refuses it.
 * `updateViaCache: 'none'`: the browser always asks the server for sw.js itself, so a release
 * reaches it at the next navigation (docs/decisions/011-web-push-and-service-worker.md).
 * `onNotificationClick`: how this tab moves to a clicked notification's address (the router's
 * navigate, so the app stays loaded); a full load of it without one.
 */
export const registerServiceWorker = (options: { onNotificationClick?: (url: string) => void } = {}): Promise<ServiceWorkerRegistration | null> => {
  if (!serviceWorkerSupported()) return Promise.resolve(null);
  if (options.onNotificationClick) navigateTo = options.onNotificationClick;
  if (!listening) {
    listening = true;
    navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: unknown; url?: unknown }>) => {
      if (event.data?.type !== NOTIFICATION_CLICK_MESSAGE || typeof event.data.url !== 'string') return;
      const url = new URL(event.data.url, window.location.origin);
      if (url.origin === window.location.origin) navigateTo(`${url.pathname}${url.search}${url.hash}`);
    });
  }
  registering ??= navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' }).catch((error: unknown) => {
    console.warn('The service worker could not be registered', error);
    registering = null;
    return null;
  });
  return registering;
};

/** The active registration, registering it first when the app has not yet. */
export const serviceWorkerReady = async (timeoutMs = 10_000): Promise<ServiceWorkerRegistration | null> => {
  if (!serviceWorkerSupported()) return null;
  if (!(await registerServiceWorker())) return null;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
};
