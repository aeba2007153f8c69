import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tempDir, type TempDir } from '@le/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from './helpers';

/**
 * The built web app as the API serves it (plugins/external/web-app.ts): the browser's files with the
 * precompressed copies the build writes (web/build/precompress.ts), their headers and caching, and
 * every page through the build's request handler, with the public reads and a CSP nonce in its load
 * context. The server module here stands in for React Router's: it draws what it was given.
 */
const SERVER_MODULE = `
export const entry = { module: { createRequestHandler: (build, mode) => async (request, context) => {
  const url = new URL(request.url);
  if (url.pathname === '/broken') throw new Error('not drawn');
  if (url.pathname === '/gone') return new Response(null, { status: 302, headers: { location: '/auth/404' } });
  const history = await context.reads.history();
  const signals = await context.reads.signals({ status: 'all', limit: 4 });
  const chat = await context.reads.publicChat();
  const body = '<!DOCTYPE html><html><head><script nonce="' + context.nonce + '">1</script></head><body>'
    + JSON.stringify({ path: url.pathname + url.search, mode, cookie: request.headers.get('cookie'), history: history.history.length, signals: signals.signals.length, chat: chat.messages.length })
    + '${'<!-- padding -->'.repeat(100)}</body></html>';
  return new Response(body, { status: url.pathname === '/nope' ? 404 : 200, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Set-Cookie': 'a=1' } });
} } };
`;
const SCRIPT = `console.log(${JSON.stringify('gold '.repeat(2000))});`;
const ROBOTS = 'User-agent: *\nAllow: /\n';

let dist: TempDir;
let t: TestApp;
beforeAll(async () => {
  dist = await tempDir('le-web-dist-');
  mkdirSync(path.join(dist.path, 'client', 'assets'), { recursive: true });
  mkdirSync(path.join(dist.path, 'server'));
  writeFileSync(path.join(dist.path, 'server', 'index.js'), SERVER_MODULE);
  const write = (name: string, text: string, compressed: boolean) => {
    const file = path.join(dist.path, 'client', name);
    writeFileSync(file, text);
    if (!compressed) return;
    writeFileSync(`${file}.br`, brotliCompressSync(Buffer.from(text)));
    writeFileSync(`${file}.gz`, gzipSync(Buffer.from(text)));
  };
  write('assets/index-abc123.js', SCRIPT, true);
  write('assets/tiny-abc123.css', 'a{}', false);
  write('robots.txt', ROBOTS, false);
  t = await createTestApp({ WEB_DIST: dist.path });
});
afterAll(async () => {
  await t.close();
  await dist.remove();
});

const get = (url: string, acceptEncoding?: string) =>
  call(t.app, { method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('the web app', () => {
  it('sends a hashed script as brotli, else gzip, else as it is, each with Vary and a year of caching', async () => {
    const br = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    expect(gz.headers.vary).toMatch(/accept-encoding/i);

    for (const plain of [await get('/assets/index-abc123.js'), await get('/assets/index-abc123.js', 'identity')]) {
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(SCRIPT);
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('a file without copies (too small to gain) is sent as it is to a client that accepts brotli', async () => {
    const css = await get('/assets/tiny-abc123.css', 'br, gzip');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.body).toBe('a{}');
  });

  it('the copies are no routes of their own, and a missing hashed asset is a 404, not the app', async () => {
    for (const url of ['/assets/index-abc123.js.br', '/assets/index-abc123.js.gz', '/assets/index-old999.js']) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });

  it('draws every page through the build’s handler, with the public reads and a nonce its CSP allows, compressed, never cached', async () => {
    for (const url of ['/', '/history', '/chat-admin?chat=1', '/auth/login']) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers.vary, url).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['set-cookie'], url).toEqual(['a=1']);
      const html = brotliDecompressSync(response.rawPayload).toString();
      expect(html, url).toContain(JSON.stringify({ path: url, mode: 'production', cookie: null, history: 0, signals: 0, chat: 0 }));
      const nonce = /nonce="([^"]+)"/.exec(html)?.[1];
      expect(nonce, url).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const scriptSrc = String(response.headers['content-security-policy']).split(';').find((directive) => directive.trim().startsWith('script-src'));
      expect(scriptSrc, url).toContain(`'nonce-${nonce}'`);
    }
    const first = await get('/history');
    const second = await get('/history');
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(/nonce="([^"]+)"/.exec(first.body)?.[1]).not.toBe(/nonce="([^"]+)"/.exec(second.body)?.[1]);
  });

  it('passes the reader’s cookies to the drawing and keeps the status and redirects it answers', async () => {
    const withZone = await call(t.app, { method: 'GET', url: '/signals', headers: { cookie: 'le_tz=Asia%2FMakassar' } });
    expect(withZone.body).toContain('"cookie":"le_tz=Asia%2FMakassar"');
    expect((await get('/nope')).statusCode).toBe(404);
    const moved = await get('/gone');
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toBe('/auth/404');
  });

  it('a page that cannot be drawn is a 500 with no stack or text of ours', async () => {
    const response = await get('/broken');
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('not drawn');
  });

  it('robots.txt is the file, as text, not the app', async () => {
    const response = await get('/robots.txt', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(ROBOTS);
  });

  it('an unknown API path stays a JSON 404', async () => {
    const response = await get('/api/nothing-here', 'br');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

