import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

import { STORAGE_KEYS } from '@/config/brand';
import { queryClient } from '@/lib/query-client';
import { storage } from '@/lib/storage';
import { SESSION_ATTRIBUTE } from './first-paint';
import { AppProvider } from './provider';
import { AppRouter, getRouter } from './router';
import { readServerData, seedQueries } from './server-data';

/** The app's start: at once, once a drawn page has painted, or when a guest first acts on a whole one (app/main.tsx). */
const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

/** Where react-router's ScrollRestoration keeps the places it saved, by history entry (its default storage key). */
const SAVED_SCROLL_KEY = 'react-router-scroll-positions';

/**
 * The reader's place on a drawn page is where they are (the app keeps it, root.tsx): a place the
 * router saved for this entry (before a reload) or for a first entry of the tab ('default', another
 * page's) would move them once the page is taken over.
 */
const forgetSavedScroll = (): void => {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(SAVED_SCROLL_KEY) ?? 'null');
    const key = (window.history.state as { key?: unknown } | null)?.key;
    const entry = typeof key === 'string' ? key : 'default';
    if (saved === null || typeof saved !== 'object' || !(entry in saved)) return;
    delete (saved as Record<string, unknown>)[entry];
    sessionStorage.setItem(SAVED_SCROLL_KEY, JSON.stringify(saved));
  } catch {
    // storage refused or unreadable: nothing saved to move the reader either
  }
};

const app = (
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>
);

// In a transition: React renders (or takes over) the first page in slices of a few milliseconds,
// yielding between them, instead of one long task that would hold the main thread.
const draw = () => startTransition(() => void createRoot(container).render(app));

if (container.firstElementChild === null) {
  draw();
} else if (document.documentElement.hasAttribute(SESSION_ATTRIBUTE) || storage.get(STORAGE_KEYS.token)) {
  // The server drew a guest's view (the public pages, api web-app plugin); a signed-in reader gets
  // their own, drawn here. Until then the head's probe keeps the guest's hidden (first-paint.ts).
  container.replaceChildren();
  document.documentElement.removeAttribute(SESSION_ATTRIBUTE);
  draw();
} else {
  // A guest's view drawn by the server: the app takes it over once the router has loaded the page's
  // module, so that its first render is the same markup (a lazy route would render the fallback),
  // from what the server read for it (the history's first page, say), read again once it is stale.
  // A signed-in reader's page above reads for itself, as every page the app draws.
  seedQueries(queryClient, readServerData(document), performance.timeOrigin);
  forgetSavedScroll();
  const router = getRouter();
  const hydrate = () => startTransition(() => void hydrateRoot(container, app));
  if (router.state.initialized) hydrate();
  else {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      hydrate();
    });
  }
}
