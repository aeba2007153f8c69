import { STORAGE_KEYS } from '@/config/brand';

/**
 * Set on `<html>` before the first paint when a session is stored: the server drew the guest's view,
 * which is not this reader's, so the page stays hidden until the app has drawn theirs (root.tsx).
 * Should the app never come, the page shows after a few seconds all the same.
 */
export const SESSION_ATTRIBUTE = 'data-session';

/** Set on `<html>` once the app has hydrated and drawn the reader's own view (the browser suites wait for it). */
export const APP_READY_ATTRIBUTE = 'data-app-ready';

/** The inline script of the head that sets SESSION_ATTRIBUTE (allowed by the request's CSP nonce). */
export const SESSION_PROBE = `try{if(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.token)}))document.documentElement.setAttribute(${JSON.stringify(SESSION_ATTRIBUTE)},"")}catch(e){}`;

export const SESSION_STYLE = `html[${SESSION_ATTRIBUTE}] body{visibility:hidden;animation:le-reveal 0s 4s forwards}@keyframes le-reveal{to{visibility:visible}}`;

/** The name of the cookie in which the browser tells the server its time zone (lib/dates). */
export const TIME_ZONE_COOKIE = 'le_tz';
