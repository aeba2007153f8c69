import { startLocalPushService, type LocalPushService } from '@le/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { e2eServer } from './support/server';
import { launchBrowser, openPage } from './support/browser';
import { signInByApi, useSessionInBrowser } from './support/members';

const chromiumPath = inject('chromium');
const baseURL = e2eServer().baseURL;

interface Shown {
  title: string;
  body: string;
  tag: string;
  data: { url: string };
}

/**
 * Contract §14 in Chromium: the service worker registers, the page subscribes through the Push API,
 * the server's push (sent to the local push service, which checks its VAPID signature and decrypts
 * it) is handed to the worker through CDP's `ServiceWorker.deliverPushMessage` (Chromium's own push
 * service is Google's, out of reach here), the worker shows it, and its click opens the signal.
 */
describe.runIf(chromiumPath)('web push in the browser', { timeout: 60_000 }, () => {
  let browser: Browser;
  let service: LocalPushService;
  beforeAll(async () => {
    browser = await launchBrowser(chromiumPath!);
    const { publicKey } = (await (await fetch(`${baseURL}/api/push/public-key`)).json()) as { publicKey: string };
    service = await startLocalPushService({ vapidPublicKey: publicKey });
  });
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  it('registers the worker, subscribes, shows a new signal pushed by the server and opens it on a click', async () => {
    const accounts = e2eServer().accounts!;
    const member = await signInByApi(baseURL, accounts.member.email, accounts.member.password);
    const admin = inject('admin');
    const adminSession = await signInByApi(baseURL, admin.email, admin.password);
    const { page, context, errors } = await openPage(browser, baseURL, 1280);
    await context.grantPermissions(['notifications'], { origin: baseURL });
    await useSessionInBrowser(page, member);
    await page.goto('/signals');

    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
      registrations.push(...event.registrations.filter((registration) => !registration.isDeleted));
    });
    await cdp.send('ServiceWorker.enable');

    // What the app's registration does (lib/service-worker.ts), and the browser's own Push API.
    const subscribed = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' });
      await navigator.serviceWorker.ready;
      const key = (await (await fetch('/api/push/public-key')).json()) as { publicKey: string };
      const raw = atob(key.publicKey.replace(/-/g, '+').replace(/_/g, '/').padEnd(88, '='));
      const applicationServerKey = Uint8Array.from(raw, (char) => char.charCodeAt(0));
      try {
        const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
        return { endpoint: subscription.endpoint, controller: navigator.serviceWorker.controller !== null };
      } catch (error) {
        return { error: String(error), controller: navigator.serviceWorker.controller !== null };
      }
    });
    // Chromium either subscribes at its push service or says why it cannot (a test's context is
    // incognito, where Chromium has no Push API; Google's service is out of reach anyway).
    if ('error' in subscribed) expect(subscribed.error).toMatch(/push service|Registration failed|AbortError|NotAllowedError/);
    else expect(subscribed.endpoint).toMatch(/^https:\/\//);
    expect(registrations.some((registration) => registration.scopeURL === `${baseURL}/`)).toBe(true);

    // The device the server pushes to: the local push service's endpoint, saved for this session as the app saves one.
    const device = service.subscriber();
    const saved = await page.evaluate(async (subscription) => {
      const response = await fetch('/api/push/subscriptions', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('token')}` },
        body: JSON.stringify(subscription),
      });
      return response.status;
    }, device.subscription);
    expect(saved).toBe(201);

    const opened = await fetch(`${baseURL}/api/signals`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminSession.token}` },
      body: JSON.stringify({ side: 'sell', entry: 2410.5, stopLoss: 2418, takeProfits: [2400, 2390] }),
    });
    expect(opened.status).toBe(201);
    const { signal } = (await opened.json()) as { signal: { _id: string } };
    // this device's push (a retried test's service holds the pushes of the try before)
    await expect.poll(() => service.to(device.id).length, { timeout: 10_000 }).toBeGreaterThan(0);
    const [push] = service.to(device.id);
    expect(push!.payload).toMatchObject({ title: 'New SELL signal on XAU/USD at 2,410.50', url: `/signals?signal=${signal._id}` });
    expect(service.failures).toEqual([]);

    // The push, as the server encrypted it and the push service decrypted it, delivered to our worker
    // once it is active with none other installing or waiting (the app registers it too as it starts).
    await page.waitForFunction(async () => {
      const ready = await navigator.serviceWorker.ready;
      return ready.active?.state === 'activated' && !ready.installing && !ready.waiting;
    });
    const registration = registrations.find((candidate) => candidate.scopeURL === `${baseURL}/`)!;
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL, registrationId: registration.registrationId, data: JSON.stringify(push!.payload) });
    // (polled from the test: a predicate that returns a promise would count as shown at once)
    const shownNow = () =>
      page.evaluate(async () => {
        const notifications = await (await navigator.serviceWorker.ready).getNotifications();
        return notifications.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown }));
      });
    await expect.poll(async () => (await shownNow()).length, { timeout: 10_000 }).toBeGreaterThan(0);
    const notifications = (await shownNow()) as Shown[];
    expect(notifications).toEqual([
      { title: 'New SELL signal on XAU/USD at 2,410.50', body: 'SL 2,418.00 · TP 2,400.00 / 2,390.00', tag: `signal-${signal._id}`, data: { url: `/signals?signal=${signal._id}` } },
    ]);

    // A click on it: this tab (at /signals without the signal) is focused and told to move; the
    // page does what the app's registration does with that message (lib/service-worker.ts).
    await page.evaluate(() => {
      navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string; url?: string }>) => {
        if (event.data?.type === 'le:notification-click' && event.data.url) window.location.assign(event.data.url);
      });
    });
    const worker = context.serviceWorkers().find((candidate) => candidate.url() === `${baseURL}/sw.js`) ?? (await context.waitForEvent('serviceworker'));
    const navigated = page.waitForURL(`**/signals?signal=${signal._id}`);
    // Runs inside the worker, whose globals the page's types do not name.
    await worker.evaluate(async () => {
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent(event: Event): boolean;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      };
      const [notification] = await scope.registration.getNotifications();
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: notification! }));
    });
    await navigated;
    const dialog = page.getByTestId('signal-timeline-dialog');
    await dialog.waitFor();
    await expect(dialog.innerText()).resolves.toContain('2,410.50');
    // the clicked notification is gone
    await page.waitForFunction(async () => (await (await navigator.serviceWorker.ready).getNotifications()).length === 0);
    // Chromium's word on the Push API in a fresh (incognito) context is its own, not the app's.
    expect(errors.filter((error) => !error.includes('does not support the Push API in incognito mode'))).toEqual([]);
  });

  it('serves the manifest and the worker fresh; a failed navigation gets the offline page, /api is never cached', async () => {
    const manifest = await fetch(`${baseURL}/manifest.webmanifest`);
    const body = (await manifest.json()) as { start_url: string; display: string; icons: { sizes: string; purpose: string }[] };
    expect(body).toMatchObject({ start_url: '/', display: 'standalone' });
    expect(body.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    const sw = await fetch(`${baseURL}/sw.js`);
    expect(sw.headers.get('cache-control')).toMatch(/no-cache/);

    const { page, context } = await openPage(browser, baseURL, 375);
    await page.goto('/signals');
    await page.evaluate(async () => {
      await navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' });
      await navigator.serviceWorker.ready;
    });
    // a reload puts the page under the worker's control
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await context.setOffline(true);
    await page.goto('/history').catch(() => undefined);
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    const cached = await page.evaluate(async () => {
      const keys = await caches.keys();
      const urls = (await Promise.all(keys.map(async (key) => (await (await caches.open(key)).keys()).map((request) => request.url)))).flat();
      return urls;
    });
    expect(cached.some((url) => url.includes('/offline.html'))).toBe(true);
    expect(cached.filter((url) => url.includes('/api/') || /\/(signals|history|live)(\?|$)/.test(url))).toEqual([]);
    await context.setOffline(false);
  });
});
