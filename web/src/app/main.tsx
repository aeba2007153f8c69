// The page first, then the app (app/boot.tsx: the shell, Chakra's theme, the router). A public page
// arrives drawn by the server (api web-app plugin): the app's scripts are fetched and run once it has
// painted, so that reading starts before they load. Any other page is drawn by the app: it starts at
// once, its scripts named in the HTML (route-preloads.json) and fetched beside this one.
const start = () => void import('./boot');

const drawn = document.getElementById('root')?.firstElementChild != null;
if (!drawn || typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes.includes('paint')) {
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
