import type { PushPayload } from '@le/contracts';

/** What the service worker serves when a navigation finds no network (precached). */
export const OFFLINE_PAGE = '/offline.html';

/** The message a tab of ours gets when a notification's click should move it to `url`. */
export const NOTIFICATION_CLICK_MESSAGE = 'le:notification-click';

const FALLBACK: PushPayload = { title: 'Lukis Emas', body: 'Something new is waiting for you.', url: '/', tag: 'lukis-emas' };

/** The decrypted push as JSON `{title, body, url, tag}`; anything else still shows a notification (a push must). */
export const parsePushPayload = (text: string | null): PushPayload => {
  if (!text) return FALLBACK;
  try {
    const data = JSON.parse(text) as Partial<Record<keyof PushPayload, unknown>>;
    const field = (key: keyof PushPayload) => (typeof data[key] === 'string' && data[key] !== '' ? (data[key] as string) : FALLBACK[key]);
    return { title: field('title'), body: field('body'), url: field('url'), tag: field('tag') };
  } catch {
    return FALLBACK;
  }
};

/** The absolute address a click opens: our own origin only (a foreign or broken url opens the home page). */
export const targetUrl = (url: unknown, origin: string): string => {
  try {
    const target = new URL(typeof url === 'string' ? url : '/', origin);
    return target.origin === origin ? target.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
};
