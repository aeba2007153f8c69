import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tempDir, type TempDir } from '@le/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, call, createTestApp, signIn, type TestApp } from './helpers';
import { imageFile, makeJpeg, multipart } from './multipart';

/**
 * The built web app as the API serves it (plugins/external/web-app.ts): the precompressed copies the
 * build writes (web/build/precompress.ts), their headers, the caching, robots.txt and the fallbacks.
 */
const INDEX = `<!doctype html><html><head><title>Lukis Emas</title><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
const SCRIPT = `console.log(${JSON.stringify('gold '.repeat(2000))});`;
const ROBOTS = 'User-agent: *\nAllow: /\n';

let dist: TempDir;
let t: TestApp;
beforeAll(async () => {
  dist = await tempDir('le-web-dist-');
  mkdirSync(path.join(dist.path, 'assets'));
  const write = (name: string, text: string, compressed: boolean) => {
    writeFileSync(path.join(dist.path, name), text);
    if (!compressed) return;
    // Marked so a test can tell which copy was sent.
    writeFileSync(path.join(dist.path, `${name}.br`), brotliCompressSync(Buffer.from(text)));
    writeFileSync(path.join(dist.path, `${name}.gz`), gzipSync(Buffer.from(text)));
  };
  write('index.html', INDEX, true);
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

  it('index.html, at / and as the fallback of an app path, compressed, never cached', async () => {
    for (const url of ['/', '/history', '/chat-admin?chat=1', '/auth/login']) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers.vary, url).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(INDEX);
    }
    const plain = await get('/history');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(INDEX);
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

/** A build that lists each address's own scripts (web/build/route-preloads.ts). */
describe('the web app with the build’s route preloads', () => {
  const PAGE_INDEX = `<!doctype html><html><head><title>Lukis Emas</title><script type="module" crossorigin src="/assets/index-abc123.js"></script>\n  </head><body><div id="root"></div></body></html>`;
  const PRELOADS = {
    '/faq-chat': ['/assets/faq-chat-aaa111.js', '/assets/card-bbb222.js'],
    '/': ['/assets/home-ccc333.js'],
    // never written into the HTML: not a script under /assets/, or an attribute break-out
    '/history': ['https://elsewhere.example/x.js', '/assets/x.js"><script>alert(1)</script>', '/assets/history-ddd444.js'],
  };
  let pageDist: TempDir;
  let p: TestApp;
  beforeAll(async () => {
    pageDist = await tempDir('le-web-dist-');
    mkdirSync(path.join(pageDist.path, 'assets'));
    writeFileSync(path.join(pageDist.path, 'index.html'), PAGE_INDEX);
    writeFileSync(path.join(pageDist.path, 'route-preloads.json'), JSON.stringify(PRELOADS));
    p = await createTestApp({ WEB_DIST: pageDist.path });
  });
  afterAll(async () => {
    await p.close();
    await pageDist.remove();
  });
  const page = (url: string, headers: Record<string, string> = {}) => call(p.app, { method: 'GET', url, headers });
  const preloadsIn = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]*)">/g)].map((match) => match[1]);

  it('names the page’s own scripts in its HTML, before </head>, whatever the query or a trailing slash', async () => {
    for (const url of ['/faq-chat', '/faq-chat/', '/faq-chat?ref=mail']) {
      const response = await page(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers.vary, url).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      const html = brotliDecompressSync(response.rawPayload).toString();
      expect(preloadsIn(html), url).toEqual(PRELOADS['/faq-chat']);
      expect(html.indexOf('modulepreload'), url).toBeLessThan(html.indexOf('</head>'));
      expect(html.replace(/\s*<link rel="modulepreload"[^>]*>/g, '').replace(/\s+<\/head>/, '</head>')).toBe(PAGE_INDEX.replace(/\s+<\/head>/, '</head>'));
    }
    const home = await page('/', { 'accept-encoding': 'gzip' });
    expect(home.headers['content-encoding']).toBe('gzip');
    expect(preloadsIn(gunzipSync(home.rawPayload).toString())).toEqual(PRELOADS['/']);
    const plain = await page('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(preloadsIn(plain.body)).toEqual(PRELOADS['/']);
    const refused = await page('/', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(preloadsIn(refused.body)).toEqual(PRELOADS['/']);
  });

  it('writes only the build’s own script addresses into the HTML', async () => {
    const response = await page('/history');
    expect(preloadsIn(response.body)).toEqual(['/assets/history-ddd444.js']);
    expect(response.body).not.toContain('alert(1)');
    expect(response.body).not.toContain('elsewhere.example');
  });

  it('answers a repeated request with 304 by the ETag of the encoding it sends, and gives an address it does not list the plain index.html', async () => {
    const br = await page('/faq-chat', { 'accept-encoding': 'br' });
    const gz = await page('/faq-chat', { 'accept-encoding': 'gzip' });
    const plain = await page('/faq-chat');
    const tags = [br, gz, plain].map((response) => String(response.headers.etag));
    for (const tag of tags) expect(tag).toMatch(/^"[\w-]+"$/);
    expect(new Set(tags).size).toBe(3);
    expect((await page('/faq-chat', { 'accept-encoding': 'br', 'if-none-match': tags[0]! })).statusCode).toBe(304);
    expect((await page('/faq-chat', { 'accept-encoding': 'br', 'if-none-match': `"other", W/${tags[0]!}` })).statusCode).toBe(304);
    // a gzip-only client revalidating with the brotli copy's tag gets the gzip bytes, not a 304
    const crossed = await page('/faq-chat', { 'accept-encoding': 'gzip', 'if-none-match': tags[0]! });
    expect(crossed.statusCode).toBe(200);
    expect(crossed.headers['content-encoding']).toBe('gzip');
    expect(preloadsIn(gunzipSync(crossed.rawPayload).toString())).toEqual(PRELOADS['/faq-chat']);
    const again = await page('/faq-chat', { 'if-none-match': tags[2]! });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await page('/')).headers.etag).not.toBe(tags[2]);

    const unlisted = await page('/manage-membership');
    expect(unlisted.statusCode).toBe(200);
    expect(unlisted.body).toBe(PAGE_INDEX);
  });
});

/**
 * A build with its server bundle (web/build/server-render.ts): the public pages' guest view drawn
 * into index.html, with what React hoists, the styles, the session probe allowed by the CSP's hash,
 * and the reads the page was drawn with. The bundle here is a stand-in with the same exports.
 */
describe('the web app with the build’s server bundle', () => {
  const PAGE_INDEX = `<!doctype html><html><head><title>Lukis Emas</title><script type="module" crossorigin src="/assets/index-abc123.js"></script>\n  </head><body><div id="root"></div></body></html>`;
  const PRELOADS = {
    '/': ['/assets/boot-b.js', '/assets/home-h.js'],
    '/history': ['/assets/boot-b.js', '/assets/history-h.js'],
    '/faq-chat': ['/assets/boot-b.js', '/assets/faq-chat-h.js'],
    '/auth/login': ['/assets/boot-b.js', '/assets/login-h.js'],
  };
  const PROBE = 'try{if(localStorage.getItem("token")){document.documentElement.setAttribute("data-session","")}}catch(e){}';
  const preloadsOf = (html: string): unknown => JSON.parse(/<script type="application\/json" id="le-preloads">([^<]*)<\/script>/.exec(html)![1]!);
  // Draws a page from its reads (a count of calls per address in globalThis, for the test to read);
  // '/faq-chat' fails, as a bundle whose page throws would. '/' and '/history' are whole once read;
  // '/' reads what the API does not answer.
  const BUNDLE = `
    globalThis.__drawn = {};
    export const GUEST_PAGES = ['/', '/history', '/faq-chat'];
    export const SERVER_READS = { '/': ['/api/no-such-read'], '/history': ['/api/history'] };
    export const WHOLE_WHEN_READ = ['/', '/history'];
    export const WHOLE_ATTRIBUTE = 'data-whole';
    export const SERVER_DATA_ID = 'le-server-data';
    export const PRELOADS_ID = 'le-preloads';
    export const SESSION_PROBE = ${JSON.stringify(PROBE)};
    export const SESSION_STYLE = 'html[data-session] #root{visibility:hidden}';
    export async function render(url, reads) {
      const address = new URL(url).pathname;
      globalThis.__drawn[address] = (globalThis.__drawn[address] ?? 0) + 1;
      if (address === '/faq-chat') throw new Error('a page that cannot be drawn');
      const titles = (reads['/api/history']?.history ?? []).map((entry) => entry.title.replaceAll('<', '&lt;')).join('|');
      return {
        html: '<main><h1>Drawn ' + address + '</h1><p>' + titles + '</p></main>',
        head: '<link rel="preload" as="image" href="/hero.svg" fetchPriority="high"/><title>Page ' + address + '</title>',
        styles: '<style data-emotion="css-global g1">@layer reset,base;</style><style data-emotion="css a1">.css-a1{color:red}</style>',
      };
    }
  `;
  let dist: TempDir;
  let s: TestApp;
  beforeAll(async () => {
    dist = await tempDir('le-web-dist-');
    mkdirSync(path.join(dist.path, 'assets'));
    mkdirSync(path.join(dist.path, 'ssr'));
    writeFileSync(path.join(dist.path, 'index.html'), PAGE_INDEX);
    writeFileSync(path.join(dist.path, 'route-preloads.json'), JSON.stringify(PRELOADS));
    writeFileSync(path.join(dist.path, 'ssr', 'entry-server.js'), BUNDLE);
    s = await createTestApp({ WEB_DIST: dist.path });
  });
  afterAll(async () => {
    await s.close();
    await dist.remove();
  });
  const page = (url: string) => call(s.app, { method: 'GET', url });
  const drawnCount = (address: string) => (globalThis as unknown as { __drawn: Record<string, number> }).__drawn[address] ?? 0;
  const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

  it('sends a guest page drawn: its markup in #root, its title and hoisted tags and styles in the head, no preloads', async () => {
    const response = await page('/');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<div id="root"><main><h1>Drawn /</h1><p></p></main></div>');
    expect(html).toContain('<title>Page /</title>');
    expect(html).not.toContain('<title>Lukis Emas</title>');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="image" href="/hero.svg" fetchPriority="high"/>');
    expect(head).toContain('<style data-emotion="css-global g1">');
    expect(head).toContain(`<script>${PROBE}</script>`);
    expect(head).toContain('<style>html[data-session] #root{visibility:hidden}</style>');
    // The page paints before the app's scripts are fetched (app/main.tsx): none is preloaded, each is
    // named, before the probe that asks for them when a session is stored.
    expect(html).not.toContain('modulepreload');
    expect(preloadsOf(head)).toEqual(PRELOADS['/']);
    expect(head.indexOf('id="le-preloads"')).toBeLessThan(head.indexOf(`<script>${PROBE}`));
    expect(preloadsOf((await page('/history')).body)).toEqual(PRELOADS['/history']);
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
  });

  it('marks a drawing whole when every read it lists was answered, and only then', async () => {
    // the history's read came: nothing on it waits for the app (app/main.tsx starts it when the reader acts)
    expect((await page('/history')).body).toContain('<div id="root" data-whole><main><h1>Drawn /history</h1>');
    // the home page's read failed: the app reads it, so it starts once the page has painted
    const home = (await page('/')).body;
    expect(home).toContain('<div id="root"><main><h1>Drawn /</h1>');
    expect(home).not.toContain('data-whole');
  });

  it('allows the inline probe by its hash, on a drawn page only', async () => {
    const scriptSrc = (policy: unknown) => String(policy).split(';').find((directive) => directive.trim().startsWith('script-src'));
    for (const address of ['/', '/history']) {
      const drawn = await page(address);
      const inline = /<script>([^<]*)<\/script>/.exec(drawn.body)![1]!;
      expect(inline, address).toBe(PROBE);
      expect(scriptSrc(drawn.headers['content-security-policy']), address).toContain(sha256(inline));
    }
    const other = await page('/auth/login');
    expect(scriptSrc(other.headers['content-security-policy'])).not.toContain('sha256-');
    expect(other.body).toContain('<link rel="modulepreload" crossorigin href="/assets/login-h.js">');
    expect(other.body).toContain('<div id="root"></div>');
  });

  it('draws the history with the first page the API answers, sends those reads escaped, and draws again only when they change', async () => {
    const empty = await page('/history');
    expect(empty.body).toContain('<h1>Drawn /history</h1><p></p>');
    const data = /<script type="application\/json" id="le-server-data">([^<]*)<\/script>/.exec(empty.body);
    expect(JSON.parse(data![1]!)).toEqual({ '/api/history': { history: [], nextCursor: null } });
    const before = drawnCount('/history');
    await page('/history');
    expect(drawnCount('/history')).toBe(before);

    const admin = await signIn(s, ADMIN.email, ADMIN.password);
    const body = multipart([
      { name: 'title', value: 'Close </script><script>alert(1)</script>' },
      { name: 'description', value: 'A clean buy.' },
      imageFile('image', await makeJpeg(80, 60)),
    ]);
    const created = await call(s.app, { method: 'POST', url: '/api/history', token: admin.token, payload: body.payload, headers: body.headers });
    expect(created.statusCode).toBe(201);
    const after = await page('/history');
    expect(drawnCount('/history')).toBe(before + 1);
    expect(after.body).toContain('<p>Close &lt;/script>&lt;script>alert(1)&lt;/script></p>');
    // The title's </script> cannot close the data's script: the raw text appears nowhere in the page.
    expect(after.body).not.toContain('</script><script>alert(1)');
    const json = /<script type="application\/json" id="le-server-data">([\s\S]*?)<\/script>/.exec(after.body)![1]!;
    expect(JSON.parse(json)['/api/history'].history[0].title).toBe('Close </script><script>alert(1)</script>');
  });

  it('answers a repeated request with 304 by the drawn page’s ETag, the probe still allowed', async () => {
    const first = await call(s.app, { method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(first.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(first.rawPayload).toString()).toContain('<h1>Drawn /</h1>');
    const again = await call(s.app, { method: 'GET', url: '/', headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(String(again.headers['content-security-policy'])).toContain(sha256(PROBE));
  });

  it('draws a page only at its own address: with a trailing slash it is the plain page', async () => {
    const slash = await page('/history/');
    expect(slash.statusCode).toBe(200);
    expect(slash.body).toContain('<div id="root"></div>');
    expect(slash.body).toContain('<link rel="modulepreload" crossorigin href="/assets/history-h.js">');
    const query = await page('/history?ref=mail');
    expect(query.body).toContain('<h1>Drawn /history</h1>');
  });

  it('never serves the server bundle', async () => {
    for (const url of ['/ssr/entry-server.js', '/ssr/', '/ssr']) {
      const response = await page(url);
      expect(response.body, url).not.toContain('GUEST_PAGES');
    }
    expect((await page('/ssr/entry-server.js')).headers['content-type']).toMatch(/^text\/html/);
  });

  it('a page the bundle cannot draw is the plain page, never an error', async () => {
    const response = await page('/faq-chat');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).toContain('<link rel="modulepreload" crossorigin href="/assets/faq-chat-h.js">');
    expect(drawnCount('/faq-chat')).toBeGreaterThan(0);
  });
});
