import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';

import { NonceContext } from './nonce';

/** How long the server waits for a page's streamed data before it gives up on it. */
export const streamTimeout = 5_000;

/**
 * The page's styles for its head: Chakra's globals (its layers' order, reset and tokens), one
 * `<style>` each as emotion's `Global` takes them over in the browser, then every class the page uses
 * in one `<style data-emotion="css …">` whose names the browser's emotion cache counts as inserted
 * (so hydration writes none of them again).
 */
const stylesOf = (cache: EmotionCache, nonce: string | undefined): string => {
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : '';
  let globals = '';
  const classNames: string[] = [];
  let classRules = '';
  for (const [name, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    if (cache.registered[`${cache.key}-${name}`] === undefined) {
      globals += `<style data-emotion="${cache.key}-global ${name}"${nonceAttribute}>${rules}</style>`;
    } else {
      classNames.push(name);
      classRules += rules;
    }
  }
  return `${globals}<style data-emotion="${cache.key} ${classNames.join(' ')}"${nonceAttribute}>${classRules}</style>`;
};

/**
 * Draws a page: the whole document, once every part of it is ready, with the styles emotion collected
 * put in its head (emotion's compatibility mode keeps them in the cache instead of a `<style>` before
 * each element). The API sends it (plugins/external/web-app.ts) with this request's CSP nonce.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> {
  const nonce = loadContext.nonce;
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  let status = responseStatusCode;
  const aborter = new AbortController();
  const timer = setTimeout(() => aborter.abort(), streamTimeout + 1_000);
  try {
    const stream = await renderToReadableStream(
      <StrictMode>
        <CacheProvider value={cache}>
          <NonceContext.Provider value={nonce}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </NonceContext.Provider>
        </CacheProvider>
      </StrictMode>,
      {
        nonce,
        signal: aborter.signal,
        onError(error: unknown) {
          status = 500;
          // Logged by the API with the request (a page drawn in part is still sent).
          if (!aborter.signal.aborted) loadContext.onRenderError?.(error);
        },
      },
    );
    await stream.allReady;
    const html = await new Response(stream).text();
    const at = html.indexOf('</head>');
    const page = at === -1 ? html : `${html.slice(0, at)}${stylesOf(cache, nonce)}${html.slice(at)}`;
    responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
    return new Response(page, { status, headers: responseHeaders });
  } finally {
    clearTimeout(timer);
  }
}

/** React Router's request handler, from the same copy of it that draws the pages (the API mounts it in Fastify). */
export { createRequestHandler } from 'react-router';
