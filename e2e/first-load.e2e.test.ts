import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, withoutApp } from './support/browser';
import { appErrors, makeJpegInBrowser, signInByApi, useSessionInBrowser } from './support/members';

/**
 * The built app as a first visit gets it. A public page arrives drawn by the server (the web build's
 * server bundle, run by the API): it reads without the app's scripts, which load when the reader first
 * acts on it (a whole page: all it shows read by the server) or once it has painted (any other), and
 * take the page over without drawing it again. Every other address names its own chunks in the
 * HTML (web/build/route-preloads.ts → api web-app plugin), and those are the chunks the page runs.
 */
const chromiumPath = inject('chromium');
const baseURL = inject('baseURL');
const admin = inject('admin');

const preloadsOf = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]!);
/** The scripts a drawn page names for later (app/first-paint.ts PRELOADS_ID). */
const namedIn = (html: string): string[] => JSON.parse(/<script type="application\/json" id="le-preloads">([^<]*)<\/script>/.exec(html)![1]!);

/** Chakra's globals as the page has them: its tokens' variables in how many `<style>`s, and the page's background. */
const globalStyles = (page: Page) =>
  page.evaluate(() => ({
    // emotion writes by insertRule in a production build: counted in the CSS object model, not the text
    tokenSheets: Array.from(document.styleSheets).filter((sheet) => {
      const declares = (rules: CSSRuleList): boolean =>
        Array.from(rules).some((rule) => ('cssRules' in rule && declares((rule as CSSGroupingRule).cssRules)) || (rule instanceof CSSStyleRule && rule.style.getPropertyValue('--chakra-colors-gold-500') !== ''));
      return declares(sheet.cssRules);
    }).length,
    gold: getComputedStyle(document.documentElement).getPropertyValue('--chakra-colors-gold-500').trim(),
    background: getComputedStyle(document.body).backgroundColor,
  }));
/** The theme's dark bg token (web/src/components/ui/system.ts). */
const PAGE_BACKGROUND = 'rgb(11, 13, 18)';

describe('a page’s first load', () => {
  let browser: Browser;
  let adminToken = '';
  beforeAll(async () => {
    browser = await launchBrowser(chromiumPath!);
    // /history with an entry: its card is drawn by the server and taken over
    const session = await signInByApi(baseURL, admin.email, admin.password);
    const maker = await openPage(browser, baseURL, 400, 400);
    const chart = await makeJpegInBrowser(maker.page, 640, 360);
    await maker.context.close();
    const form = new FormData();
    form.append('title', 'First load entry');
    form.append('description', 'Drawn by the server, then taken over.');
    form.append('image', new Blob([new Uint8Array(chart)], { type: 'image/jpeg' }), 'chart.jpg');
    const posted = await fetch(new URL('/api/history', baseURL), { method: 'POST', headers: { authorization: `Bearer ${session.token}` }, body: form });
    expect(posted.status).toBe(201);
    // /faq-chat with a message in the room: drawn by the server too
    const said = await fetch(new URL('/api/chat', baseURL), {
      method: 'POST',
      headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Drawn room message' }),
    });
    expect(said.status).toBe(201);
    // enough more for the card's log to scroll
    for (let index = 1; index <= 14; index += 1) {
      const more = await fetch(new URL('/api/chat', baseURL), {
        method: 'POST',
        headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ content: `Earlier talk ${index}` }),
      });
      expect(more.status).toBe(201);
    }
    adminToken = session.token;
  });
  afterAll(() => browser.close());

  it.each([
    ['/', /Watch the gold/],
    ['/faq-chat', /FAQ & Live Chat/],
    ['/history', /^History$/],
  ])('%s: drawn by the server, it reads without scripts; the app takes that page over, not a new one', async (address, heading) => {
    const html = await (await fetch(new URL(address, baseURL))).text();
    // whole: the server read all it shows (the home page's feed, the history, the room; app/server-data.ts)
    expect(html).toMatch(/<div id="root" data-whole><div/);
    // the app's scripts wait for the reader: none but the entry is linked in the HTML, the app's
    // start and the page's module are named for later
    expect(preloadsOf(html)).toEqual([]);
    const named = namedIn(html);
    expect(named.some((url) => /\/assets\/boot-[\w-]+\.js$/.test(url)), named.join(', ')).toBe(true);

    const still = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    withoutApp.add(still);
    try {
      const page = await still.newPage();
      await page.goto(address);
      await expect.poll(() => page.locator('h1').first().innerText()).toMatch(heading);
      // the styles came with the page: the heading is laid out as the app lays it out, not as plain HTML
      expect(await page.locator('h1').first().evaluate((element) => getComputedStyle(element).fontFamily)).not.toMatch(/^"?Times/);
    } finally {
      await still.close();
    }

    const { page, context, errors } = await openPage(browser, baseURL, 375, 800);
    try {
      // the server's headings, pictures and history times, remembered before the app starts
      await page.addInitScript(() =>
        document.addEventListener('DOMContentLoaded', () => {
          const seen = window as unknown as { serverNodes: Element[]; serverTimes: string[] };
          seen.serverNodes = Array.from(document.querySelectorAll('#root h1, #root h2, #root img, #root time'));
          seen.serverTimes = Array.from(document.querySelectorAll('#root time')).map((time) => time.textContent ?? '');
        }),
      );
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      await page.goto(address);
      // the named scripts were asked for once the page had painted, each fetched once
      for (const url of named) expect(requested.filter((path) => path === url).length, url).toBe(1);
      // Chakra's globals (reset, tokens): the server's, once (the app leaves them, provider.tsx)
      expect(await globalStyles(page)).toEqual({ tokenSheets: 1, gold: '#d4a017', background: PAGE_BACKGROUND });
      // Taken over, the server's elements are the page's: a mismatch between the server's page and
      // the app's first render would draw the page anew (new elements) and log a console error.
      const kept = await page.evaluate(() => {
        const seen = window as unknown as { serverNodes: Element[] };
        return { count: seen.serverNodes.length, connected: seen.serverNodes.filter((node) => node.isConnected).length };
      });
      expect(kept.count).toBeGreaterThan(0);
      expect(kept.connected).toBe(kept.count);
      if (address === '/faq-chat') {
        // the room as the server drew it (UTC), then in the reader's time, and live
        const times = await page.evaluate(() => (window as unknown as { serverTimes: string[] }).serverTimes);
        expect(times.some((time) => /^\d{2}:\d{2} UTC$/.test(time)), times.join(', ')).toBe(true);
        await expect.poll(() => page.getByTestId('live-indicator').innerText(), { timeout: 15_000 }).toBe('Live');
        expect(await page.getByText('Drawn room message').count()).toBe(1);
      }
      if (address === '/history') {
        const times = await page.evaluate(() => (window as unknown as { serverTimes: string[] }).serverTimes);
        expect(times.length).toBeGreaterThan(0);
        // the server wrote UTC, saying so; the app, the reader's own time
        for (const time of times) expect(time).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} UTC$/);
        await expect.poll(() => page.locator('#root time').first().innerText()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
        await expect.poll(() => page.getByText('First load entry').count()).toBeGreaterThan(0);
      }
      expect(await page.locator('h1').first().innerText()).toMatch(heading);
      expect(appErrors(errors)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each(['/', '/history', '/faq-chat'])('%s, whole: the app starts when the reader acts, the visit is logged before, a tap meanwhile is given to the app', async (address) => {
    // a context whose pages do not move the pointer for the test: the page waits for a reader
    const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 800 }, hasTouch: true });
    withoutApp.add(context);
    try {
      const page = await context.newPage();
      // every attribute <html> is given, in order
      await page.addInitScript(() => {
        const seen = window as unknown as { htmlAttributes: string[] };
        seen.htmlAttributes = [];
        // from the document: <html> is not there yet when this runs
        new MutationObserver((records) => {
          for (const record of records) {
            if (record.target === document.documentElement && record.attributeName && document.documentElement.hasAttribute(record.attributeName)) seen.htmlAttributes.push(record.attributeName);
          }
        }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-app-starting', 'data-app-ready'] });
      });
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      const visits = () => requested.filter((path) => path === '/api/auth/log-activity').length;
      await page.goto(address);
      // the reader only reads: their visit is logged (spec §7), the app's scripts stay where they are
      await expect.poll(visits, { timeout: 15_000 }).toBe(1);
      await page.waitForTimeout(1_000);
      expect(requested.filter((path) => /\/assets\/boot-[\w-]+\.js$/.test(path))).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-app-ready'))).toBe(false);
      // a tap before the app is there (on the menu; on /faq-chat, a question of the accordion, which acts
      // only on a trigger it saw take the focus): held, then given to the app
      if (address === '/faq-chat') {
        const question = page.getByRole('button', { name: 'How do I get started?' });
        await question.tap();
        await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'));
        await page.getByText('Sign up with your name, username and email', { exact: false }).waitFor({ state: 'visible' });
        expect(await question.getAttribute('aria-expanded')).toBe('true');
        // and the accordion answers the next tap as well (it knows where the focus is)
        const next = page.getByRole('button', { name: 'Is the data real-time?' });
        await next.tap();
        await expect.poll(() => next.getAttribute('aria-expanded'), { timeout: 10_000 }).toBe('true');
      } else {
        const menu = page.getByRole('button', { name: 'Open navigation menu' });
        await menu.tap();
        await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'));
        await expect.poll(() => page.getByRole('button', { name: 'Close navigation menu' }).getAttribute('aria-expanded'), { timeout: 10_000 }).toBe('true');
        await page.locator('#mobile-nav').getByRole('link', { name: 'FAQ Chat' }).waitFor();
      }
      // the bar at the top said so while the app was on its way, and went with it
      const attributes = await page.evaluate(() => (window as unknown as { htmlAttributes: string[] }).htmlAttributes);
      expect(attributes.indexOf('data-app-starting')).toBeGreaterThanOrEqual(0);
      expect(attributes.indexOf('data-app-starting')).toBeLessThan(attributes.indexOf('data-app-ready'));
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-app-starting'))).toBe(false);
      // the app's own logger does not count the same visit twice
      await page.waitForTimeout(1_000);
      expect(visits()).toBe(1);
      if (address === '/faq-chat') {
        // the room the server drew goes live once the app is there: a message said now arrives
        await expect.poll(() => page.getByTestId('live-indicator').innerText(), { timeout: 15_000 }).toBe('Live');
        const said = await fetch(new URL('/api/chat', baseURL), {
          method: 'POST',
          headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ content: 'Said after the reader came' }),
        });
        expect(said.status).toBe(201);
        await page.getByText('Said after the reader came').waitFor();
      }
      expect(appErrors(errors)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a whole page is taken over where its reader scrolled it: the page, and the room’s log (drawn at its newest)', async () => {
    const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 800 } });
    withoutApp.add(context);
    try {
      const page = await context.newPage();
      const ready = () => page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'));
      const scrollY = () => page.evaluate(() => window.scrollY);
      // the wheel is the reader's first act (the pointer has not moved): it starts the app, which
      // leaves the page where it is
      await page.goto('/');
      await page.mouse.wheel(0, 1200);
      await ready();
      await expect.poll(scrollY, { timeout: 10_000 }).toBeGreaterThan(600);
      await page.waitForTimeout(1_000);
      expect(await scrollY()).toBeGreaterThan(600);

      // reloaded further down (the router saves that place as the page goes), then scrolled: the
      // take-over keeps the reader's place, not the saved one
      await page.evaluate(() => window.scrollTo(0, 2000));
      await expect.poll(scrollY).toBe(2000);
      await page.reload();
      await page.waitForTimeout(300);
      const before = await scrollY();
      await page.mouse.wheel(0, 500);
      await ready();
      await page.waitForTimeout(1_000);
      expect(Math.abs((await scrollY()) - (before + 500)), `from ${before}`).toBeLessThan(150);

      // the room's log, as the server drew it, shows its newest message
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('/faq-chat');
      const log = page.getByRole('log', { name: 'Messages' });
      const fromBottom = () => log.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight);
      expect(await log.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
      expect(await fromBottom()).toBeLessThan(2);
      // the reader scrolls it up to older messages (their first act): that starts the app, which leaves them there
      await log.evaluate((element) => {
        element.scrollTop -= 400;
      });
      await ready();
      await page.waitForTimeout(1_000);
      expect(await fromBottom()).toBeGreaterThan(100);
    } finally {
      await context.close();
    }
  });

  it('a signed-in reader never sees the guest’s page: it stays hidden until the app draws theirs', async () => {
    const session = await signInByApi(baseURL, admin.email, admin.password);
    const { page, context, errors } = await openPage(browser, baseURL, 1280, 800);
    try {
      await useSessionInBrowser(page, session);
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          (window as unknown as { rootVisibility: string }).rootVisibility = getComputedStyle(document.getElementById('root')!).visibility;
        });
        // The document parsed, no module run yet: the preloads there are the head's probe's.
        document.addEventListener('readystatechange', () => {
          if (document.readyState !== 'interactive') return;
          (window as unknown as { probed: string[] }).probed = Array.from(document.querySelectorAll('link[rel="modulepreload"]'), (link) => new URL((link as HTMLLinkElement).href).pathname);
        });
      });
      // this page's own: the home page left behind (useSessionInBrowser) may still load what its app
      // loads once idle
      const requested: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.frame().url()).pathname === '/faq-chat') requested.push(new URL(request.url()).pathname);
      });
      await page.goto('/faq-chat');
      expect(await page.evaluate(() => (window as unknown as { rootVisibility: string }).rootVisibility)).toBe('hidden');
      // the probe asked for the page's own scripts before any module ran, as a page the app draws
      // names them in its HTML; each is fetched once
      const preloaded = await page.evaluate(() => (window as unknown as { probed: string[] }).probed);
      expect(preloaded.some((url) => /\/assets\/faq-chat-[\w-]+\.js$/.test(url)), preloaded.join(', ')).toBe(true);
      expect(preloaded.some((url) => /\/assets\/boot-[\w-]+\.js$/.test(url)), preloaded.join(', ')).toBe(true);
      for (const url of preloaded) expect(requested.filter((path) => path === url).length, url).toBe(1);
      // the app drew the admin's own page: their menu, no way to sign in
      await page.getByRole('button', { name: /account menu/i }).first().waitFor();
      expect(await page.getByRole('link', { name: 'SIGN IN' }).count()).toBe(0);
      expect(await page.evaluate(() => getComputedStyle(document.getElementById('root')!).visibility)).toBe('visible');
      expect(appErrors(errors)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('/auth/login: the HTML names the app’s and the page’s chunks, and the page fetches each once', async () => {
    const index = await (await fetch(new URL('/no-such-page', baseURL))).text();
    const html = await (await fetch(new URL('/auth/login', baseURL))).text();
    expect(html).toContain('<div id="root"></div>');
    const own = preloadsOf(html).filter((url) => !preloadsOf(index).includes(url));
    expect(own.some((url) => /\/assets\/boot-[\w-]+\.js$/.test(url)), own.join(', ')).toBe(true);
    expect(own.some((url) => /\/assets\/login-[\w-]+\.js$/.test(url)), own.join(', ')).toBe(true);

    const { page, context, errors } = await openPage(browser, baseURL, 375, 800);
    try {
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      await page.goto('/auth/login');
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      // a page the app draws gets Chakra's globals from the app, once
      expect(await globalStyles(page)).toEqual({ tokenSheets: 1, gold: '#d4a017', background: PAGE_BACKGROUND });
      // Once each: the preload's fetch is the one the page's import uses (a credentials mismatch
      // between the link and the module's import would fetch it a second time).
      for (const url of own) expect(requested.filter((path) => path === url).length, url).toBe(1);
      expect(appErrors(errors)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
