import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompress, shouldCompress } from './precompress';

/** The build's .br and .gz copies (web/vite.config.ts), which the API sends with Content-Encoding. */
let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompress', () => {
  it('compresses text files from 1 KiB on, never images or fonts', () => {
    expect(shouldCompress('assets/index-abc.js', MIN_BYTES)).toBe(true);
    expect(shouldCompress('assets/index-abc.js', MIN_BYTES - 1)).toBe(false);
    for (const name of ['index.html', 'a.css', 'logo.svg', 'robots.txt', 'm.json', 'x.js.map', 'site.webmanifest']) {
      expect(shouldCompress(name, 10_000), name).toBe(true);
    }
    for (const name of ['photo.jpg', 'a.png', 'a.webp', 'font.woff2', 'index-abc.js.br', 'index-abc.js.gz', 'Makefile']) {
      expect(shouldCompress(name, 10_000), name).toBe(false);
    }
  });

  it('writes a .br and a .gz that decode to the file, in subfolders too; skips small, binary and incompressible files', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'le-precompress-'));
    mkdirSync(path.join(dir, 'assets'));
    const script = `export const gold = ${JSON.stringify('XAU/USD '.repeat(500))};`;
    writeFileSync(path.join(dir, 'assets/index-abc.js'), script);
    writeFileSync(path.join(dir, 'index.html'), `<!doctype html>${'<p>Lukis Emas</p>'.repeat(100)}`);
    writeFileSync(path.join(dir, 'small.css'), 'a{color:red}');
    writeFileSync(path.join(dir, 'photo.jpg'), Buffer.alloc(5_000, 7));
    // random bytes do not compress: no copy larger than the file is kept
    writeFileSync(path.join(dir, 'noise.txt'), randomBytes(4_000));

    const written = precompress(dir).map((file) => path.relative(dir, file)).sort();
    expect(written).toEqual(['assets/index-abc.js.br', 'assets/index-abc.js.gz', 'index.html.br', 'index.html.gz']);
    expect(brotliDecompressSync(readFileSync(path.join(dir, 'assets/index-abc.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(path.join(dir, 'assets/index-abc.js.gz'))).toString()).toBe(script);
    expect(readFileSync(path.join(dir, 'assets/index-abc.js.br')).length).toBeLessThan(readFileSync(path.join(dir, 'assets/index-abc.js.gz')).length);
  });
});
