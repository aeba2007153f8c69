/// <reference lib="webworker" />
/**
 * The app's service worker (contract §14), built by vite-plugin-pwa (injectManifest) into /sw.js.
 *
 * - Pages are never cached: every navigation goes to the network, so a release is seen at the next
 *   navigation and no old build's page is ever served. Only when the network fails does it answer
 *   with the offline page, which (with the icons) is all it precaches.
 * - `/api` and `/socket.io` are never handled here: they go to the network as if there were no worker.
 * - A new worker takes over at once (skipWaiting, clientsClaim): it has no pages of its own to keep
 *   consistent, and the previous build's precache is dropped (cleanupOutdatedCaches).
 * - A push shows its notification (`{title, body, url, tag}`: a newer one with the same tag replaces
 *   the older); a click focuses a tab of ours (at the url, or moved there) or opens one.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NOTIFICATION_CLICK_MESSAGE, OFFLINE_PAGE, parsePushPayload, targetUrl } from './notifications';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch {
        return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
      }
    },
    { denylist: [/^\/api(\/|$)/, /^\/socket\.io(\/|$)/] },
  ),
);

self.addEventListener('push', (event) => {
  const payload = parsePushPayload(event.data?.text() ?? null);
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      data: { url: payload.url },
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      // A replaced notification (a moved stop after the opening) alerts again.
      renotify: true,
    } as NotificationOptions),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = targetUrl((event.notification.data as { url?: unknown } | null)?.url, self.location.origin);
  const opening = (async () => {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const exact = windows.find((client) => client.url === url);
    if (exact) {
      await exact.focus();
      return;
    }
    const ours = windows.find((client) => new URL(client.url).origin === self.location.origin);
    if (ours) {
      // The page moves itself (its router, keeping the app loaded); focus first, as the click allows it.
      const focused = await ours.focus().catch(() => ours);
      focused.postMessage({ type: NOTIFICATION_CLICK_MESSAGE, url });
      return;
    }
    await self.clients.openWindow(url);
  })();
  try {
    event.waitUntil(opening);
  } catch {
    // Only a synthetic click (dispatched by script, as the browser suite does) cannot be extended; the work runs anyway.
  }
});
