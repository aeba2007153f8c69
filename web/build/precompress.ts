import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats worth compressing (images and fonts are compressed already). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
/** Below this, a compressed copy saves less than its headers cost. */
export const MIN_BYTES = 1024;

/** Whether a built file gets compressed copies, by its name and size. */
export const shouldCompress = (file: string, bytes: number): boolean => bytes >= MIN_BYTES && COMPRESSIBLE.test(file);

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every compressible
 * file of a build, each only when it is smaller than the file itself. The API's static plugin sends
 * them with `Content-Encoding` (api/src/plugins/external/web-app.ts). Returns the files written.
 */
export const precompress = (dir: string): string[] => {
  const written: string[] = [];
  for (const file of filesUnder(dir)) {
    if (!shouldCompress(file, statSync(file).size)) continue;
    const content = readFileSync(file);
    const copies: [string, Buffer][] = [
      [
        '.br',
        brotliCompressSync(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
      ],
      ['.gz', gzipSync(content, { level: 9 })],
    ];
    for (const [extension, compressed] of copies) {
      if (compressed.length >= content.length) continue;
      writeFileSync(file + extension, compressed);
      written.push(file + extension);
    }
  }
  return written;
};

/** The Vite plugin: precompresses the build's output (the public folder's files too) once it is written. */
export const precompressPlugin = (): Plugin => ({
  name: 'le-precompress',
  // the server's build is imported by the API, never sent
  apply: (_config, env) => env.command === 'build' && env.isSsrBuild !== true,
  writeBundle(options) {
    if (options.dir) precompress(options.dir);
  },
});
