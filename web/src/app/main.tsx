import { APP_READY_ATTRIBUTE, SESSION_ATTRIBUTE, STARTING_ATTRIBUTE, WHOLE_ATTRIBUTE, readPreloads } from './first-paint';

// The page first, then the app (app/boot.tsx: the shell, Chakra's theme, the router). A public page
// arrives drawn by the server (api web-app plugin). For a guest, a whole drawing (WHOLE_ATTRIBUTE:
// the home page, the history, /faq-chat) starts the app when the reader first acts on the page; any
// other drawing once it has painted, so that reading starts before the scripts load. A signed-in
// reader's page (hidden by the head's probe until the app draws it) and every other page start the
// app at once, their scripts named in the HTML (route-preloads.json) and fetched beside this one.
const html = document.documentElement;
const root = document.getElementById('root');

/** What to undo when the app could not load (the clicks held for it). */
let onStartFailed = (): void => {};

const start = () =>
  void import('./boot').catch((error: unknown) => {
    // The app did not load (a chunk of an earlier build, say): at least the server's page shows.
    html.removeAttribute(SESSION_ATTRIBUTE);
    onStartFailed();
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

/** Runs `run` once the page has painted (at once where the browser cannot say; after 1 s in a tab not shown). */
const afterFirstPaint = (run: () => void): void => {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes.includes('paint')) {
    run();
    return;
  }
  let painted = false;
  const once = () => {
    if (painted) return;
    painted = true;
    observer.disconnect();
    setTimeout(run, 0);
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) once();
  });
  observer.observe({ type: 'paint', buffered: true });
  // A tab opened in the background paints nothing until it is shown: run all the same.
  setTimeout(once, 1000);
};

/**
 * What says the reader is here and about to act: a touch, a key, the wheel, a scroll, the pointer
 * moving, the focus moving, a click (one with nothing before it: assistive technology, a script). On
 * a whole drawing the app starts at the first of them (it takes the main thread for a moment, four
 * times longer on a phone): a reader who only reads never waits for it.
 */
const ENGAGEMENT = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'wheel', 'scroll', 'focusin', 'click'] as const;

/** The chat logs this page scrolled itself (showNewestMessages), with where: their scroll is not the reader's. */
const scrolledHere = new Map<Element, number>();

const onEngagement = (begin: () => void): void => {
  const options = { capture: true, passive: true };
  const engaged = (event: Event) => {
    if (event.type === 'scroll' && event.target instanceof Element && scrolledHere.get(event.target) === event.target.scrollTop) return;
    for (const type of ENGAGEMENT) window.removeEventListener(type, engaged, options);
    begin();
  };
  for (const type of ENGAGEMENT) window.addEventListener(type, engaged, options);
};

/** Set in sessionStorage when a page reloads itself because the app it waited for could not load (cleared once one has). */
const RELOADED_KEY = 'le.reloadedForApp';

/** Loads the page again for an app that could not load, once (not when offline, nor a second time in a row). */
const reloadForApp = (): void => {
  if (!navigator.onLine) return;
  try {
    if (sessionStorage.getItem(RELOADED_KEY) !== null) return;
    sessionStorage.setItem(RELOADED_KEY, '');
  } catch {
    return;
  }
  window.location.reload();
};

/** The button a click is on (not one inside a link), or null. */
const controlOf = (event: Event): HTMLElement | null => {
  const control = event.target instanceof Element ? event.target.closest<HTMLElement>('button, [role="button"]') : null;
  return control && !control.closest('a[href]') ? control : null;
};

/**
 * Until the app has taken the page over, its buttons (the menu, an accordion, "Load older messages")
 * do nothing: a click on one is held, a bar at the top (STARTING_ATTRIBUTE) shows that something is
 * on its way, and the click is given again once the app is there (`<html data-app-ready>`,
 * app/root.tsx). Links go where they point meanwhile. Should the app not load (an earlier build's
 * page after a release, its scripts gone), the page loads itself again, once: at once if a click was
 * held, else at the next click on a button.
 */
const holdClicksUntilReady = (): void => {
  let held: HTMLElement | null = null;
  const hold = (event: MouseEvent) => {
    const control = controlOf(event);
    if (!control) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held = control;
    html.setAttribute(STARTING_ATTRIBUTE, '');
  };
  const release = () => {
    ready.disconnect();
    document.removeEventListener('click', hold, true);
    html.removeAttribute(STARTING_ATTRIBUTE);
  };
  document.addEventListener('click', hold, true);
  const ready = new MutationObserver(() => {
    if (!html.hasAttribute(APP_READY_ATTRIBUTE)) return;
    release();
    try {
      sessionStorage.removeItem(RELOADED_KEY);
    } catch {
      // storage refused: nothing was kept either
    }
    // What took the focus before the app was there (the tap itself, a Tab) did so unseen by it: given
    // again, so that its components know (Chakra's accordion acts on a click only on a trigger it saw
    // take the focus); the held click then comes as a pointer's would, after the focus.
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && focused !== document.body && root?.contains(focused)) {
      focused.blur();
      focused.focus({ preventScroll: true });
    }
    if (!held?.isConnected) return;
    if (document.activeElement !== held) held.focus({ preventScroll: true });
    held.click();
  });
  ready.observe(html, { attributes: true, attributeFilter: [APP_READY_ATTRIBUTE] });
  onStartFailed = () => {
    release();
    if (held) {
      reloadForApp();
      return;
    }
    document.addEventListener(
      'click',
      (event) => {
        if (!controlOf(event)) return;
        event.preventDefault();
        reloadForApp();
      },
      true,
    );
  };
};

/**
 * A chat log the server drew opens at its newest message, as the app's does (which would otherwise
 * take the reader from its oldest to its newest when it takes the page over).
 */
const showNewestMessages = (): void => {
  for (const log of document.querySelectorAll<HTMLElement>('#root [role="log"]')) {
    // (one the reader has scrolled already, on a slow connection, is theirs)
    if (log.scrollTop !== 0) continue;
    log.scrollTop = log.scrollHeight;
    scrolledHere.set(log, log.scrollTop);
  }
};

const drawnForGuest = root?.firstElementChild != null && !html.hasAttribute(SESSION_ATTRIBUTE);
if (drawnForGuest) {
  holdClicksUntilReady();
  showNewestMessages();
}
if (drawnForGuest && root.hasAttribute(WHOLE_ATTRIBUTE)) {
  onEngagement(() => preloadThenStart(readPreloads(document)));
  // A visitor who only reads has visited all the same (spec §7): reported once the page has painted
  // (a visit still waiting for its IP is sent when the page goes away, utils/report-visit.ts).
  afterFirstPaint(
    () =>
      void import('@/features/activity-log/utils/report-visit')
        .then(({ reportFirstVisit }) => reportFirstVisit(window.location.pathname))
        .catch((error: unknown) => console.warn('Could not log the page visit', error)),
  );
} else if (drawnForGuest) {
  afterFirstPaint(() => preloadThenStart(readPreloads(document)));
} else {
  start();
}
