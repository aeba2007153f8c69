import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';

import { NonceContext } from './nonce';
import { serverCache, stylesOf } from './page-styles';

/** How long the server waits for a page's streamed data before it gives up on it. */
export const streamTimeout = 5_000;

/**
 * Draws a page: the whole document, once every part of it is ready, with the styles emotion collected
 * put in its head (page-styles.ts). The API sends it (plugins/external/web-app.ts) with this request's CSP nonce.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> {
  const nonce = loadContext.nonce;
  const cache = serverCache();
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
        // Every part in place in the document as sent: React would otherwise send a large Suspense
        // boundary (a page's part, components/ui/hydration-part.tsx) hidden at the end, for an inline
        // script to move in a frame later, and a reader without scripts would never see it.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
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
