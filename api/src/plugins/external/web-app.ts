import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Where the build's hashed files live: a name there never changes content. */
export const ASSETS_PREFIX = '/assets/';

/** Written by the web build beside index.html (web/build/route-preloads.ts): address → the page's scripts. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** Written by the web build inside the build (web/build/server-render.ts): draws the public pages. */
export const SERVER_RENDER_ENTRY = path.join('ssr', 'entry-server.js');

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Sends the app's index.html for the address asked, naming that page's own scripts, and for a
     * public page the guest's view of it drawn in `#root` (the build's server bundle).
     */
    sendAppPage(request: FastifyRequest): Promise<FastifyReply>;
  }
}

/** What the web build's server bundle offers (web/src/app/entry-server.tsx). */
interface ServerRender {
  GUEST_PAGES: readonly string[];
  /** Per address, the API paths whose answers the page shows (read here, as a guest). */
  SERVER_READS: Readonly<Record<string, readonly string[]>>;
  SERVER_DATA_ID: string;
  /** The addresses whose drawing is the whole page once their reads came (absent in an older build: none). */
  WHOLE_WHEN_READ?: readonly string[];
  /** The attribute on `#root` that says so. */
  WHOLE_ATTRIBUTE?: string;
  /** Where a drawn page names its scripts (JSON in the head), for the probe and the app's entry. */
  PRELOADS_ID: string;
  /** The inline probe of a drawn page, which asks for those scripts when a session is stored. */
  SESSION_PROBE: string;
  SESSION_STYLE: string;
  render(url: string, reads: Record<string, unknown>): Promise<{ html: string; head: string; styles: string } | null>;
}

const isServerRender = (module: Record<string, unknown>): module is Record<string, unknown> & ServerRender =>
  Array.isArray(module.GUEST_PAGES) &&
  typeof module.SERVER_READS === 'object' &&
  module.SERVER_READS !== null &&
  typeof module.SERVER_DATA_ID === 'string' &&
  typeof module.PRELOADS_ID === 'string' &&
  typeof module.SESSION_PROBE === 'string' &&
  typeof module.SESSION_STYLE === 'string' &&
  typeof module.render === 'function';

/** The CSP source that allows one inline script, by its hash. */
const scriptHash = (script: string): string => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/** `policy` with `source` added to its script-src (the header helmet set for the reply). */
export const allowScript = (policy: string, source: string): string =>
  policy
    .split(';')
    .map((directive) => (directive.trim().split(/\s+/)[0] === 'script-src' ? `${directive.trimEnd()} ${source}` : directive))
    .join(';');

/**
 * index.html (as built, no preloads) drawn by the server for a guest: the page's markup in `#root`,
 * its styles and what React hoists (the title in place of index.html's, an image's preload) in the
 * head, the page's scripts named, and the probe that hides it from a signed-in reader until their own
 * view is drawn.
 */
export const withServerRender = (
  index: string,
  preloads: readonly string[],
  rendered: { html: string; head: string; styles: string },
  bundle: Pick<ServerRender, 'PRELOADS_ID' | 'SESSION_PROBE' | 'SESSION_STYLE' | 'SERVER_DATA_ID' | 'WHOLE_ATTRIBUTE'>,
  data: string | null = null,
  whole = false,
): string => {
  const title = /<title>[\s\S]*?<\/title>/.exec(rendered.head)?.[0];
  const hoisted = title ? rendered.head.replace(title, '') : rendered.head;
  // The page's preloads are named, not linked: a guest's first paint fetches no script (the app's
  // entry asks for them once it has painted), a signed-in reader's page (hidden, drawn by the app)
  // asks for them at once, by the probe that follows.
  const head = `    <style>${bundle.SESSION_STYLE}</style>${jsonScript(bundle.PRELOADS_ID, JSON.stringify(preloads))}\n    <script>${bundle.SESSION_PROBE}</script>\n    ${hoisted}${rendered.styles}\n  `;
  return index
    .replace(/<title>[\s\S]*?<\/title>/, (original) => title ?? original)
    .replace('</head>', () => `${head}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root"${whole && bundle.WHOLE_ATTRIBUTE ? ` ${bundle.WHOLE_ATTRIBUTE}` : ''}>${rendered.html}</div>${data === null ? '' : jsonScript(bundle.SERVER_DATA_ID, data)}`);
};

/**
 * JSON for the app (the reads a page was drawn with, app/server-data.ts; the page's scripts,
 * app/first-paint.ts) in a script that never runs, every `<` escaped so that no text in it can close
 * the element.
 */
const jsonScript = (id: string, json: string): string =>
  `\n    <script type="application/json" id="${id}">${json.replaceAll('<', '\\u003c')}</script>`;

type Encoding = 'br' | 'gzip' | 'identity';

/** One page's bytes in each encoding, each with its own strong ETag (a shared cache keeps them apart). */
type PageVariant = Record<Encoding, { body: Buffer; etag: string }>;

/** A script URL the build wrote: under /assets/, no quote or angle bracket to break out of the attribute. */
const SAFE_SCRIPT = /^\/assets\/[\w.-]+\.js$/;

/** A page's bytes in each encoding, each tagged by the page's hash and its encoding. */
const variantFrom = (identity: Buffer, br: Buffer, gzipped: Buffer): PageVariant => {
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  return { identity: { body: identity, etag: `"${hash}"` }, br: { body: br, etag: `"${hash}-br"` }, gzip: { body: gzipped, etag: `"${hash}-gz"` } };
};

/** A page of the build, compressed once at start at the highest levels. */
const variantOf = (html: string): PageVariant => {
  const identity = Buffer.from(html);
  return variantFrom(identity, brotliCompressSync(identity), gzipSync(identity, { level: 9 }));
};

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A drawn page's variants, compressed off the event loop (zlib's thread pool) at a middle level: a
 * drawing is made while the server answers, and again whenever what it shows changes.
 */
const variantOfDrawn = async (html: string): Promise<PageVariant> => {
  const identity = Buffer.from(html);
  const [br, gzipped] = await Promise.all([
    brotliAsync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzipAsync(identity, { level: 6 }),
  ]);
  return variantFrom(identity, br, gzipped);
};

/** How long a request waits for its page's drawing (a slow read, say) before it is sent plain. */
const DRAWING_WAIT_MS = 3000;

/** What `promise` gives within `ms`, else null (it goes on, for the requests after). */
const withinTime = <T>(promise: Promise<T>, ms: number): Promise<T | null> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    const settle = (value: T | null) => {
      clearTimeout(timer);
      resolve(value);
    };
    promise.then(settle, () => settle(null));
  });

/** Whether If-None-Match names this ETag (a list, `*`, weak forms compared weakly as RFC 9110 says). */
const matchesEtag = (ifNoneMatch: string | undefined, etag: string): boolean =>
  ifNoneMatch !== undefined && ifNoneMatch.split(',').some((tag) => ['*', etag].includes(tag.trim().replace(/^W\//, '')));

/** One address of the build: index.html naming its scripts, and those scripts. */
interface Page {
  html: string;
  preloads: string[];
}

/**
 * index.html once per address the build listed, with `<link rel="modulepreload">` for the page's own
 * chunks before `</head>`: the browser fetches them beside the entry instead of after it has run.
 * Without the build's list (an older build), every address gets index.html as it is.
 */
const pageHtml = (root: string): { index: string; pages: Map<string, Page> } => {
  const pages = new Map<string, Page>();
  const index = readFileSync(path.join(root, 'index.html'), 'utf8');
  const listFile = path.join(root, ROUTE_PRELOADS_FILE);
  if (!existsSync(listFile) || !index.includes('</head>')) return { index, pages };
  const list = JSON.parse(readFileSync(listFile, 'utf8')) as Record<string, unknown>;
  for (const [address, scripts] of Object.entries(list)) {
    if (!Array.isArray(scripts)) continue;
    const preloads = scripts.filter((script): script is string => typeof script === 'string' && SAFE_SCRIPT.test(script));
    const links = preloads.map((script) => `    <link rel="modulepreload" crossorigin href="${script}">\n`).join('');
    pages.set(address, { html: index.replace('</head>', () => `${links}  </head>`), preloads });
  }
  return { index, pages };
};

/** The address of a page request: no query, no trailing slash (but `/`). */
const addressOf = (url: string): string => {
  const pathname = url.split(/[?#]/, 1)[0] ?? '/';
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
};

const preferredEncoding = (accept: string | undefined): Encoding => {
  const offered = (accept ?? '')
    .toLowerCase()
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(q))
    .map(([name]) => name?.trim());
  if (offered.includes('br')) return 'br';
  if (offered.includes('gzip')) return 'gzip';
  return 'identity';
};

/**
 * Serves the built single-page app: hashed assets cached for a year, every other file (index.html,
 * robots.txt, the icons) revalidated each time. The build writes a brotli (`.br`) and a gzip (`.gz`)
 * copy next to each compressible file (web/build/precompress.ts): a client that accepts one gets it
 * with `Content-Encoding` (br first), the others the file itself; every answer says
 * `Vary: Accept-Encoding` so that a shared cache keeps them apart. The copies are never routes of
 * their own. Paths that are not files fall back to index.html (app.ts), except under /assets/: a
 * missing hashed file (an old build's chunk) is a 404, never the app's HTML served as a script.
 */
export default fp<{ root: string }>(
  async (app, { root }) => {
    if (!existsSync(path.join(root, 'index.html'))) {
      throw new Error(`the web app is not built: ${path.join(root, 'index.html')} is missing`);
    }
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      // the compressed copies are no routes of their own; the server bundle is the API's, not the web's
      globIgnore: ['**/*.br', '**/*.gz', 'ssr/**'],
      // our setHeaders decides caching, not the plugin's default max-age=0
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('vary', 'accept-encoding');
      },
    });
    const { index, pages } = pageHtml(root);
    // Compressed once, at start; addresses drawn by one page (`/` and `/home-dashboard`, say) share one.
    const variants = new Map<string, PageVariant>();
    for (const { html } of pages.values()) if (!variants.has(html)) variants.set(html, variantOf(html));

    // The guest's view of each public page (the build's server bundle), drawn in the background from
    // start-up and again when what it shows changes; a request waits for its page's drawing. Without
    // the bundle (an older build), or when it fails, the page is index.html and the browser draws it.
    const bundleFile = path.join(root, SERVER_RENDER_ENTRY);
    let bundle: Promise<ServerRender | null> | null = null;
    const loadBundle = () =>
      (bundle ??= existsSync(bundleFile)
        ? import(pathToFileURL(bundleFile).href).then(
            (module: Record<string, unknown>) => {
              if (isServerRender(module)) return module;
              app.log.warn({ file: bundleFile }, 'the web build\'s server bundle lacks what the API reads: pages are drawn by the browser');
              return null;
            },
            (error: unknown) => {
              app.log.warn({ err: error, file: bundleFile }, 'the web build\'s server bundle did not load: pages are drawn by the browser');
              return null;
            },
          )
        : Promise.resolve(null));
    interface Drawn {
      variant: PageVariant;
      /** The CSP source of the page's inline probe. */
      probe: string;
    }
    interface Drawing {
      key: string;
      /** Which read this drawing was made from: a later one is never replaced by an earlier one. */
      turn: number;
      drawing: Promise<Drawn | null>;
      /** When a failed drawing may be tried again. */
      retryAt: number;
    }
    // One drawing per address, the latest, kept while the year (the footer's) and what the page read
    // (the history's first page, say) stay the same. A failed one is tried again a minute later.
    const drawn = new Map<string, Drawing>();
    // The reads of an address in flight, shared by the requests that come while they run (one read
    // for a burst of requests; none kept once answered).
    const reading = new Map<string, Promise<Record<string, unknown>>>();
    let turns = 0;
    let closing = false;
    app.addHook('onClose', async () => {
      closing = true;
    });

    const readsOf = (server: ServerRender, address: string): Promise<Record<string, unknown>> => {
      const inFlight = reading.get(address);
      if (inFlight) return inFlight;
      const reads = (async () => {
        const answers: Record<string, unknown> = {};
        for (const url of server.SERVER_READS[address] ?? []) {
          // As a guest's browser reads it; a read that fails is left to the browser.
          const answer = await app.inject({ method: 'GET', url }).catch(() => null);
          if (answer?.statusCode === 200) answers[url] = answer.json();
        }
        return answers;
      })().finally(() => reading.delete(address));
      reading.set(address, reads);
      return reads;
    };

    const drawnPage = async (address: string): Promise<Drawn | null> => {
      const page = pages.get(address);
      const server = await loadBundle();
      if (closing || page === undefined || !server?.GUEST_PAGES.includes(address)) return null;
      const turn = ++turns;
      const reads = await readsOf(server, address);
      const data = Object.keys(reads).length === 0 ? null : JSON.stringify(reads);
      // Whole: nothing on it waits for the app's reads (a failed read is left to the app).
      const whole = (server.WHOLE_WHEN_READ ?? []).includes(address) && (server.SERVER_READS[address] ?? []).every((url) => url in reads);
      const key = `${new Date().getFullYear()} ${data === null ? '' : createHash('sha256').update(data).digest('base64url')}`;
      const current = drawn.get(address);
      if (current && (current.key === key || current.turn > turn) && Date.now() < current.retryAt) return current.drawing;
      const entry: Drawing = { key, turn, retryAt: Number.POSITIVE_INFINITY, drawing: Promise.resolve(null) };
      entry.drawing = server.render(`http://localhost${address}`, reads).then(
        async (rendered) => {
          if (!rendered) return null;
          return { variant: await variantOfDrawn(withServerRender(index, page.preloads, rendered, server, data, whole)), probe: scriptHash(server.SESSION_PROBE) };
        },
        (error: unknown) => {
          app.log.warn({ err: error, address }, 'a public page could not be drawn on the server: the browser draws it');
          entry.retryAt = Date.now() + 60_000;
          return null;
        },
      );
      drawn.set(address, entry);
      return entry.drawing;
    };
    app.addHook('onReady', async () => {
      // Not awaited: the server answers meanwhile (renders are short; compression is off the loop).
      void loadBundle()
        .then(async (server) => {
          for (const address of server?.GUEST_PAGES ?? []) {
            if (closing) return;
            await drawnPage(address);
          }
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'the public pages could not be drawn at start-up'));
    });

    app.decorateReply('sendAppPage', async function sendAppPage(this: FastifyReply, request: FastifyRequest) {
      const address = addressOf(request.url);
      const page = pages.get(address);
      if (page === undefined) return this.type('text/html; charset=utf-8').sendFile('index.html');
      // Drawn only at the address itself: at `/history/` the app's links would mark another page current.
      const canonical = request.url.split(/[?#]/, 1)[0] === address;
      const server = canonical ? await withinTime(drawnPage(address), DRAWING_WAIT_MS) : null;
      const variant = server?.variant ?? variants.get(page.html)!;
      const policy = this.getHeader('content-security-policy');
      if (server && typeof policy === 'string') this.header('content-security-policy', allowScript(policy, server.probe));
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      const { body, etag } = variant[encoding];
      this.header('cache-control', 'no-cache').header('vary', 'accept-encoding').header('etag', etag).type('text/html; charset=utf-8');
      if (matchesEtag(request.headers['if-none-match'], etag)) return this.code(304).send();
      if (encoding !== 'identity') this.header('content-encoding', encoding);
      return this.send(body);
    });
    app.get('/', (request, reply) => reply.sendAppPage(request));
  },
  { name: 'web-app' },
);
