import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/**
 * Serves the built single-page app: hashed assets cached for a year, index.html never cached,
 * and every path that is not the API or the socket falls back to index.html.
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
      // our setHeaders decides caching, not the plugin's default max-age=0
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/', (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html'),
    );
  },
  { name: 'web-app' },
);
