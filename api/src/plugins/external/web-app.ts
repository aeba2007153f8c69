import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/** Where the build's hashed files live: a name there never changes content. */
export const ASSETS_PREFIX = '/assets/';

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
    app.get('/', (_request, reply) => reply.sendFile('index.html'));
  },
  { name: 'web-app' },
);
