import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Where the build's hashed files live: a name there never changes content. */
export const ASSETS_PREFIX = '/assets/';

/** Written by the web build beside index.html (web/build/route-preloads.ts): address → the page's scripts. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

declare module 'fastify' {
  interface FastifyReply {
    /** Sends the app's index.html for the address asked, naming that page's own scripts. */
    sendAppPage(request: FastifyRequest): FastifyReply;
  }
}

type Encoding = 'br' | 'gzip' | 'identity';

/** One page's bytes in each encoding, each with its own strong ETag (a shared cache keeps them apart). */
type PageVariant = Record<Encoding, { body: Buffer; etag: string }>;

/** A script URL the build wrote: under /assets/, no quote or angle bracket to break out of the attribute. */
const SAFE_SCRIPT = /^\/assets\/[\w.-]+\.js$/;

const variantOf = (html: string): PageVariant => {
  const identity = Buffer.from(html);
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  return {
    identity: { body: identity, etag: `"${hash}"` },
    br: { body: brotliCompressSync(identity), etag: `"${hash}-br"` },
    gzip: { body: gzipSync(identity, { level: 9 }), etag: `"${hash}-gz"` },
  };
};

/** Whether If-None-Match names this ETag (a list, `*`, weak forms compared weakly as RFC 9110 says). */
const matchesEtag = (ifNoneMatch: string | undefined, etag: string): boolean =>
  ifNoneMatch !== undefined && ifNoneMatch.split(',').some((tag) => ['*', etag].includes(tag.trim().replace(/^W\//, '')));

/**
 * index.html once per address the build listed, with `<link rel="modulepreload">` for the page's own
 * chunks before `</head>`: the browser fetches them beside the entry instead of after it has run.
 * Without the build's list (an older build), every address gets index.html as it is.
 */
const pageVariants = (root: string): Map<string, PageVariant> => {
  const variants = new Map<string, PageVariant>();
  // Addresses drawn by one page (`/` and `/home-dashboard`, say) share one HTML: compressed once.
  const byHtml = new Map<string, PageVariant>();
  const listFile = path.join(root, ROUTE_PRELOADS_FILE);
  if (!existsSync(listFile)) return variants;
  const index = readFileSync(path.join(root, 'index.html'), 'utf8');
  const list = JSON.parse(readFileSync(listFile, 'utf8')) as Record<string, unknown>;
  for (const [address, scripts] of Object.entries(list)) {
    if (!Array.isArray(scripts) || !index.includes('</head>')) continue;
    const links = scripts
      .filter((script): script is string => typeof script === 'string' && SAFE_SCRIPT.test(script))
      .map((script) => `    <link rel="modulepreload" crossorigin href="${script}">\n`)
      .join('');
    const html = index.replace('</head>', `${links}  </head>`);
    const variant = byHtml.get(html) ?? variantOf(html);
    byHtml.set(html, variant);
    variants.set(address, variant);
  }
  return variants;
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
      globIgnore: ['**/*.br', '**/*.gz'],
      // our setHeaders decides caching, not the plugin's default max-age=0
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        res.setHeader('vary', 'accept-encoding');
      },
    });
    const variants = pageVariants(root);
    app.decorateReply('sendAppPage', function sendAppPage(this: FastifyReply, request: FastifyRequest) {
      const variant = variants.get(addressOf(request.url));
      if (!variant) return this.type('text/html; charset=utf-8').sendFile('index.html');
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
