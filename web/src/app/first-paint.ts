import { STORAGE_KEYS } from '@/config/brand';

/**
 * The attribute a signed-in reader's browser sets on `<html>` before the first paint, and the script
 * that sets it (inline in the head of a server-drawn page; the API allows it by its hash). A guest's
 * view is not theirs: under it, `#root` stays hidden until the app draws their own (app/boot.tsx).
 */
export const SESSION_ATTRIBUTE = 'data-session';

/**
 * The probe of one drawn page: for a stored session, it marks `<html>` and asks for the page's scripts
 * at once (`preloads`, the build's own /assets/ URLs), as a page the app draws names them in its HTML;
 * a guest's first paint fetches none (the app starts after it, app/main.tsx).
 */
export const sessionProbe = (preloads: readonly string[]): string =>
  `try{if(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.token)})){var d=document;d.documentElement.setAttribute(${JSON.stringify(SESSION_ATTRIBUTE)},"");` +
  `${JSON.stringify(preloads)}.forEach(function(u){var l=d.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=u;d.head.appendChild(l)})}}catch(e){}`;
export const SESSION_STYLE = `html[${SESSION_ATTRIBUTE}] #root{visibility:hidden}`;

/** Set on `<html>` once the app has drawn or taken over the page (app/boot.tsx; e2e/support/browser.ts waits for it). */
export const APP_READY_ATTRIBUTE = 'data-app-ready';
