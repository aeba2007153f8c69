import { serviceWorkerReady } from '@/lib/service-worker';
import { deleteSubscription, getPublicKey, saveSubscription } from '@/features/notifications/api/push';

/** What this browser can do about notifications. */
export type PushSupport =
  /** Service worker, Push API and notifications: it can be turned on here. */
  | 'supported'
  /** iOS or iPadOS in a tab: only the app added to the Home Screen gets notifications. */
  | 'needs-home-screen'
  | 'unsupported';

const isAppleMobile = (): boolean =>
  /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);

const isStandalone = (): boolean =>
  (navigator as Navigator & { standalone?: boolean }).standalone === true || window.matchMedia?.('(display-mode: standalone)').matches === true;

export const pushSupport = (): PushSupport => {
  if (typeof window === 'undefined') return 'unsupported';
  const capable = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (isAppleMobile() && !isStandalone()) return 'needs-home-screen';
  return capable ? 'supported' : 'unsupported';
};

/** 'default' (never asked), 'granted' or 'denied'; 'denied' where there are no notifications at all. */
export const notificationPermission = (): NotificationPermission => (typeof Notification === 'undefined' ? 'denied' : Notification.permission);

export class PushSetupError extends Error {}

const sameKey = (subscription: PushSubscription, publicKey: string): boolean => {
  const key = subscription.options.applicationServerKey;
  if (!key) return false;
  return btoa(String.fromCharCode(...new Uint8Array(key))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') === publicKey;
};

const toBytes = (base64url: string): Uint8Array<ArrayBuffer> => {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
};

/**
 * Turns notifications on for this device: the browser's permission prompt (call from a click),
 * the service worker, the Push API subscription with the server's key (a subscription made with
 * an older key is replaced), then the server keeps it for this session.
 */
export const turnOnPush = async (): Promise<void> => {
  if (pushSupport() !== 'supported') throw new PushSetupError('This browser cannot show notifications from a web app.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushSetupError('Notifications are blocked for this site. Allow them in the browser\'s site settings, then try again.');
  const registration = await serviceWorkerReady();
  if (!registration) throw new PushSetupError('The app could not install its service worker. Reload the page and try again.');
  const { publicKey } = await getPublicKey();
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription, publicKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  try {
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: toBytes(publicKey) });
  } catch {
    // The browser's push service refused or could not be reached (a private window has none).
    throw new PushSetupError('This browser could not subscribe to notifications. A private window cannot; otherwise try again in a moment.');
  }
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) throw new PushSetupError('The browser gave an incomplete subscription.');
  await saveSubscription({ endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } });
};

/** Turns them off for this device: the server forgets the endpoint and the browser drops it. */
export const turnOffPush = async (): Promise<void> => {
  const registration = await serviceWorkerReady(3_000);
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await deleteSubscription(subscription.endpoint);
  await subscription.unsubscribe();
};

/** A short name for a device from its user agent: "Chrome on Android", "Safari on iPhone". */
export const deviceName = (userAgent: string): string => {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser';
  const system = /iPhone/.test(userAgent)
    ? 'iPhone'
    : /iPad/.test(userAgent)
      ? 'iPad'
      : /Android/.test(userAgent)
        ? 'Android'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(userAgent)
            ? 'Mac'
            : /Linux/.test(userAgent)
              ? 'Linux'
              : null;
  return system ? `${browser} on ${system}` : browser;
};
