import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { GLOBAL_STREAM } from '@le/chat-core';
import { LIMITS, SIGNAL_RULES, type PublicReads } from '@le/contracts';
import { ChatMessageList, HistoryListResponse, SignalList, SignalStats } from '@le/contracts/schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { readHistoryPage } from '../../routes/history';
import { viewerOf } from '../../services/chat';

/** Where the build's hashed files live: a name there never changes content. */
export const ASSETS_PREFIX = '/assets/';

/** The web build's parts (React Router's framework mode): the browser's files and the server's module. */
export const CLIENT_DIR = 'client';
export const SERVER_ENTRY = path.join('server', 'index.js');

declare module 'fastify' {
  interface FastifyReply {
    /** Draws the page at the request's address (the web build's server module) and sends it. */
    sendAppPage(request: FastifyRequest): Promise<FastifyReply>;
  }
}

/** A request handler of React Router, as the build's entry module offers it (web/src/app/entry.server.tsx). */
type RequestHandler = (request: Request, context: Record<string, unknown>) => Promise<Response>;

interface ServerBuild {
  entry: { module: { createRequestHandler?: (build: ServerBuild, mode: string) => RequestHandler } };
}

/** `policy` with `source` added to its script-src (the header helmet set for the reply). */
export const allowScript = (policy: string, source: string): string =>
  policy
    .split(';')
    .map((directive) => (directive.trim().split(/\s+/)[0] === 'script-src' ? `${directive.trimEnd()} ${source}` : directive))
    .join(';');

type Encoding = 'br' | 'gzip' | 'identity';

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

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this, compressing a page saves less than its headers cost. */
const MIN_COMPRESS_BYTES = 1024;

/** A drawn page compressed off the event loop (zlib's thread pool) at a middle level: it is made per request. */
const compress = (body: Buffer, encoding: Exclude<Encoding, 'identity'>): Promise<Buffer> =>
  encoding === 'br'
    ? brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipAsync(body, { level: 6 });

/** The room's newest messages a drawn /faq-chat shows (GET /api/chat/public's default page). */
const PUBLIC_CHAT_PAGE = 50;

/** The reads as the REST call's response schema sends them: nothing the schema does not name reaches a page. */
const asSent = <T>(schema: TSchema, value: T): T => Value.Clean(schema, structuredClone(value)) as T;

/** The public pages' reads, made by the services as a guest sees them (the REST calls' answers). */
const publicReadsOf = (app: FastifyInstance): PublicReads => ({
  signals: async ({ status, limit }) =>
    asSent(SignalList, await app.signals.list(null, { status, side: null, before: null, limit: limit ?? SIGNAL_RULES.pageSize })),
  signalStats: async () => asSent(SignalStats, await app.signals.stats()),
  history: async () => asSent(HistoryListResponse, await readHistoryPage(app.store, { before: null, limit: LIMITS.historyPageSize })),
  publicChat: async () => {
    const [found, room] = await Promise.all([
      app.chatQueries.messages(null, GLOBAL_STREAM, { before: null, limit: PUBLIC_CHAT_PAGE }),
      app.chatCommands.roomFor(viewerOf(null)),
    ]);
    return asSent(ChatMessageList, { messages: found.items, nextCursor: found.nextCursor, room });
  },
});

/** The Fetch request React Router reads, from Fastify's (pages are only read: GET and HEAD, no body). */
const toFetchRequest = (request: FastifyRequest, reply: FastifyReply): Request => {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, String(value));
  }
  const controller = new AbortController();
  reply.raw.once('close', () => controller.abort());
  return new Request(new URL(request.url, `${request.protocol}://${request.host}`), { method: request.method, headers, signal: controller.signal });
};

/**
 * Serves the web app built in React Router's framework mode: the browser's files (hashed assets cached
 * for a year, the rest revalidated; a `.br`/`.gz` copy sent to a client that accepts it, never a route
 * of its own), and every page drawn on the server by the build's request handler, which the public
 * pages' loaders give the services' reads (as a guest) through its load context. Paths that are not
 * files go to the pages (app.ts), except under /assets/: a missing hashed file (an old build's chunk)
 * is a 404, never a page served as a script.
 */
export default fp<{ root: string }>(
  async (app, { root }) => {
    const serverEntry = path.join(root, SERVER_ENTRY);
    const clientRoot = path.join(root, CLIENT_DIR);
    if (!existsSync(serverEntry) || !existsSync(clientRoot)) {
      throw new Error(`the web app is not built: ${serverEntry} is missing`);
    }
    await app.register(fastifyStatic, {
      root: clientRoot,
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

    // Loaded beside the start, not before it (a large module): the API answers meanwhile, and the
    // first pages wait for it.
    const handler: Promise<RequestHandler> = import(pathToFileURL(serverEntry).href).then((build: ServerBuild) => {
      const createHandler = build.entry.module.createRequestHandler;
      if (typeof createHandler !== 'function') throw new Error(`the web build's server module lacks its request handler: ${serverEntry}`);
      return createHandler(build, 'production');
    });
    handler.catch((error: unknown) => app.log.error({ err: error, file: serverEntry }, 'the web build could not be loaded: pages answer 500'));
    const reads = publicReadsOf(app);

    app.decorateReply('sendAppPage', async function sendAppPage(this: FastifyReply, request: FastifyRequest) {
      // The page's inline scripts (React Router's hydration data, the session probe) run by this nonce alone.
      const nonce = randomBytes(16).toString('base64');
      const handle = await handler;
      const response = await handle(toFetchRequest(request, this), {
        reads,
        nonce,
        onRenderError: (error: unknown) => request.log.error({ err: error }, 'a page could not be drawn whole'),
      });
      const policy = this.getHeader('content-security-policy');
      if (typeof policy === 'string') this.header('content-security-policy', allowScript(policy, `'nonce-${nonce}'`));
      for (const [name, value] of response.headers) if (name !== 'set-cookie') this.header(name, value);
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) this.header('set-cookie', cookies);
      if (!response.headers.has('cache-control')) this.header('cache-control', 'no-cache');
      this.code(response.status);
      // Each drawing carries its own nonce: no two are the same bytes, so none is tagged for a 304.
      const body = Buffer.from(await response.arrayBuffer());
      const encoding = body.length >= MIN_COMPRESS_BYTES ? preferredEncoding(request.headers['accept-encoding']) : 'identity';
      this.header('vary', 'accept-encoding');
      if (encoding === 'identity') return this.send(body);
      return this.header('content-encoding', encoding).send(await compress(body, encoding));
    });
    app.get('/', (request, reply) => reply.sendAppPage(request));
  },
  { name: 'web-app' },
);
