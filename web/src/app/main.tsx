import { SESSION_ATTRIBUTE, readPreloads } from './first-paint';

// The page first, then the app (app/boot.tsx: the shell, Chakra's theme, the router). A public page
// arrives drawn by the server (api web-app plugin): for a guest, the app's scripts are fetched and run
// once it has painted, so that reading starts before they load. A signed-in reader's page (hidden by
// the head's probe until the app draws it) and every other page start the app at once, their scripts
// named in the HTML (route-preloads.json) and fetched beside this one.
const start = () =>
  void import('./boot').catch((error: unknown) => {
    // The app did not load (a chunk of an earlier build, say): at least the server's page shows.
    document.documentElement.removeAttribute(SESSION_ATTRIBUTE);
    throw error;
  });

/**
 * Links per task when a drawn page asks for its scripts. Each `<link rel="modulepreload">` costs the
 * main thread 3–12 ms on a laptop, four times that on a phone; the app's ~50 at once (as the import
 * of the start would add them, Vite's preload helper) held it for 0.3–0.4 s. One per task keeps each
 * task short; the helper then finds them there and adds none.
 */
const LINKS_PER_TASK = 1;

/** Runs `run` in a task of its own, without the 4 ms floor of nested timers (MessageChannel). */
const nextTask = (run: () => void): void => {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => run();
  channel.port2.postMessage(null);
};

const preloadThenStart = (urls: readonly string[], index = 0): void => {
  // A tab in the background has nobody waiting on its main thread: all at once, and start.
  const count = document.visibilityState === 'hidden' ? urls.length : LINKS_PER_TASK;
  for (const url of urls.slice(index, index + count)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = url;
    document.head.appendChild(link);
  }
  if (index + count < urls.length) nextTask(() => preloadThenStart(urls, index + count));
  else start();
};

const drawnForGuest = document.getElementById('root')?.firstElementChild != null && !document.documentElement.hasAttribute(SESSION_ATTRIBUTE);
if (!drawnForGuest || typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes.includes('paint')) {
  start();
} else {
  let started = false;
  const afterPaint = () => {
    if (started) return;
    started = true;
    observer.disconnect();
    setTimeout(() => preloadThenStart(readPreloads(document)), 0);
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) afterPaint();
  });
  observer.observe({ type: 'paint', buffered: true });
  // A tab opened in the background paints nothing until it is shown: start all the same.
  setTimeout(afterPaint, 1000);
}
