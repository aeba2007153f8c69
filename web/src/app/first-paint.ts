import { STORAGE_KEYS } from '@/config/brand';

/**
 * The attribute a signed-in reader's browser sets on `<html>` before the first paint, and the script
 * that sets it (inline in the head of a server-drawn page; the API allows it by its hash). A guest's
 * view is not theirs: under it, `#root` stays hidden until the app draws their own (app/boot.tsx).
 */
export const SESSION_ATTRIBUTE = 'data-session';
export const SESSION_PROBE = `try{if(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.token)}))document.documentElement.setAttribute(${JSON.stringify(SESSION_ATTRIBUTE)},"")}catch(e){}`;
export const SESSION_STYLE = `html[${SESSION_ATTRIBUTE}] #root{visibility:hidden}`;

/** Set on `<html>` once the app has drawn or taken over the page (app/boot.tsx; e2e/support/browser.ts waits for it). */
export const APP_READY_ATTRIBUTE = 'data-app-ready';
