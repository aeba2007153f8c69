import { SESSION_ATTRIBUTE } from './first-paint';

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

const drawnForGuest = document.getElementById('root')?.firstElementChild != null && !document.documentElement.hasAttribute(SESSION_ATTRIBUTE);
if (!drawnForGuest || typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes.includes('paint')) {
  start();
} else {
  let started = false;
  const afterPaint = () => {
    if (started) return;
    started = true;
    observer.disconnect();
    setTimeout(start, 0);
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) afterPaint();
  });
  observer.observe({ type: 'paint', buffered: true });
  // A tab opened in the background paints nothing until it is shown: start all the same.
  setTimeout(afterPaint, 1000);
}
