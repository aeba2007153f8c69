import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';

import { paths } from '@/config/paths';
import { createQueryClient } from '@/lib/query-client';
import { AppProvider } from './provider';
import { routes } from './router';
import { seedQueries } from './server-data';

export { PRELOADS_ID, SESSION_PROBE, SESSION_STYLE, WHOLE_ATTRIBUTE } from './first-paint';
export { SERVER_DATA_ID, SERVER_READS, WHOLE_WHEN_READ } from './server-data';

/**
 * The pages a guest may open, drawn on the server for their first paint (the API's web-app plugin):
 * each shows every visitor the same thing until the browser knows who is reading (a signed-in
 * reader's browser draws the page itself, app/boot.tsx).
 */
export const GUEST_PAGES: readonly string[] = [
  paths.home.href,
  paths.history.href,
  paths.live.href,
  paths.signals.href,
  paths.faqChat.href,
  paths.homeDashboard.href,
  paths.historyDashboard.href,
  paths.faqChatDashboard.href,
  paths.liveDashboard.href,
];

export interface RenderedPage {
  /** The markup of `#root`. */
  html: string;
  /**
   * The page's styles, for the head: Chakra's globals (its layers' order first, then its reset and
   * tokens), one `<style>` each as emotion's `Global` takes them over, then every class the page uses
   * in one `<style data-emotion="css …">` whose names the browser's emotion cache counts as inserted.
   */
  styles: string;
  /** What React hoists to the document's head (the page's `<title>`, an image's preload), for the head. */
  head: string;
}

/** The route table as the server matches it: made on the first drawing, kept for the next ones. */
let handler: ReturnType<typeof createStaticHandler> | null = null;

/** A hoisted tag at the start of React's markup: a `<title>`, a `<link>` or a `<meta>`. */
const HOISTED = /^(?:<title>[\s\S]*?<\/title>|<(?:link|meta)\b[^>]*\/>)/;

/**
 * A guest's view of `url` (an absolute URL): what the browser's first render of it gives with no
 * session and `reads` (the answers of the page's SERVER_READS, by API path) in its query cache, so
 * that the app takes it over (`hydrateRoot`) without redrawing. Null when the address is a redirect.
 */
export async function render(url: string, reads: Record<string, unknown> = {}): Promise<RenderedPage | null> {
  handler ??= createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  // emotion's compatibility mode collects the styles in the cache instead of writing a <style> before
  // each element (a hundred of them, each one more style recalculation while the page is parsed).
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const client = createQueryClient();
  seedQueries(client, reads);
  const markup = renderToString(
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProvider client={client}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </CacheProvider>
    </StrictMode>,
  );
  let globals = '';
  const classNames: string[] = [];
  let classRules = '';
  for (const [name, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    if (cache.registered[`${cache.key}-${name}`] === undefined) {
      globals += `<style data-emotion="${cache.key}-global ${name}">${rules}</style>`;
    } else {
      classNames.push(name);
      classRules += rules;
    }
  }
  const styles = `${globals}<style data-emotion="${cache.key} ${classNames.join(' ')}">${classRules}</style>`;
  // Rendered without the document, React writes what belongs in the head (a page's <title>, the
  // preload of its hero image) first; the head is where it goes, and where the browser looks for it.
  let html = markup;
  let head = '';
  for (let tag = HOISTED.exec(html); tag; tag = HOISTED.exec(html)) {
    head += tag[0];
    html = html.slice(tag[0].length);
  }
  return { html, head, styles };
}

