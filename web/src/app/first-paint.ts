import { STORAGE_KEYS } from '@/config/brand';

/**
 * The attribute a signed-in reader's browser sets on `<html>` before the first paint, and the script
 * that sets it (inline in the head of a server-drawn page; the API allows it by its hash). A guest's
 * view is not theirs: under it, `#root` stays hidden until the app draws their own (app/boot.tsx).
 */
export const SESSION_ATTRIBUTE = 'data-session';

/**
 * Where a drawn page names its scripts (the app's start and the page's module, the build's own
 * /assets/ URLs): JSON in the head, never run, before the probe that reads it.
 */
export const PRELOADS_ID = 'le-preloads';

/**
 * The probe of a drawn page: for a stored session, it marks `<html>` and asks for the page's scripts
 * at once (PRELOADS_ID), as a page the app draws names them in its HTML. A guest's first paint
 * fetches none: app/main.tsx asks for them when the reader first acts on a whole page, once any other
 * has painted. The same text on every page, so that
 * one hash in the CSP allows it.
 */
export const SESSION_PROBE =
  `try{if(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.token)})){var d=document;d.documentElement.setAttribute(${JSON.stringify(SESSION_ATTRIBUTE)},"");` +
  `JSON.parse(d.getElementById(${JSON.stringify(PRELOADS_ID)}).textContent).forEach(function(u){var l=d.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=u;d.head.appendChild(l)})}}catch(e){}`;

/** The scripts a drawn page names (PRELOADS_ID); none when it names none or the JSON is not a list of URLs. */
export const readPreloads = (doc: Document): string[] => {
  try {
    const value: unknown = JSON.parse(doc.getElementById(PRELOADS_ID)?.textContent ?? '[]');
    return Array.isArray(value) ? value.filter((url): url is string => typeof url === 'string') : [];
  } catch {
    return [];
  }
};

/**
 * Set on `<html>` while a click on a guest's drawn page waits for the app (app/main.tsx): a thin gold
 * bar at the top (seen on a phone too) and the pointer say that it is on its way.
 */
export const STARTING_ATTRIBUTE = 'data-app-starting';

/**
 * A drawn page's own style, in its head: a signed-in reader's `#root` hidden until the app draws their
 * page, and the bar of STARTING_ATTRIBUTE (Chakra's gold, whose variables the page's styles define).
 */
export const SESSION_STYLE =
  `html[${SESSION_ATTRIBUTE}] #root{visibility:hidden}` +
  `html[${STARTING_ATTRIBUTE}]{cursor:progress}` +
  `html[${STARTING_ATTRIBUTE}]::before{content:"";position:fixed;top:0;left:0;right:0;height:3px;z-index:2147483647;pointer-events:none;` +
  `background:linear-gradient(90deg,var(--chakra-colors-gold-700),var(--chakra-colors-gold-300),var(--chakra-colors-gold-700));animation:le-starting 1s ease-in-out infinite}` +
  `@keyframes le-starting{50%{opacity:.4}}`;

/**
 * Set on a drawn page's `#root` by the API when the drawing is the whole page (app/server-data.ts,
 * WHOLE_WHEN_READ, every read answered): for a guest, app/main.tsx starts the app when the reader
 * first acts on it, not before.
 */
export const WHOLE_ATTRIBUTE = 'data-whole';

/** Set on `<html>` once the app has drawn or taken over the page (app/boot.tsx; e2e/support/browser.ts waits for it). */
export const APP_READY_ATTRIBUTE = 'data-app-ready';
