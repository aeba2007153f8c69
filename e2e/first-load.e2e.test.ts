import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { e2eServer } from './support/server';
import { launchBrowser, openPage, withoutApp } from './support/browser';
import { appErrors, makeJpegInBrowser, signInByApi, useSessionInBrowser, type ApiSession } from './support/members';

/**
 * The built app as a first visit gets it (React Router's framework mode, web/src/app): every public
 * page arrives drawn by the server with what it shows, reads without scripts, and is hydrated at once,
 * keeping the server's elements; a reader who never touches it gets what is live on it; times are
 * written in the reader's zone (the server's drawing in WIB until the browser has said its zone).
 */
const chromiumPath = inject('chromium');
const baseURL = e2eServer().baseURL;
const admin = inject('admin');

/** Chakra's globals as the page has them: its tokens' variables in how many style sheets, and the page's background. */
const globalStyles = (page: Page) =>
  page.evaluate(() => ({
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

/** A context whose pages do nothing but wait (no pointer, no key): the reader who only reads. */
const readerContext = async (browser: Browser, timezoneId: string, width = 375): Promise<BrowserContext> => {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 800 }, timezoneId });
  withoutApp.add(context);
  return context;
};

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'), undefined, { timeout: 30_000 });

/** The text of the page's `<time>` elements and chat/feed times, as drawn by the server (before any script) and now. */
const rememberServerTimes = (page: Page) =>
  page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      const seen = window as unknown as { serverTimes: string[]; serverNodes: Element[] };
      seen.serverTimes = Array.from(document.querySelectorAll('main time, [data-testid="feed-row"]'), (element) => element.textContent ?? '');
      seen.serverNodes = Array.from(document.querySelectorAll('main h1, main h2, main img, main time'));
    }),
  );
const serverTimes = (page: Page) => page.evaluate(() => (window as unknown as { serverTimes: string[] }).serverTimes);
const timesNow = (page: Page) => page.evaluate(() => Array.from(document.querySelectorAll('main time, [data-testid="feed-row"]'), (element) => element.textContent ?? ''));

const post = (path: string, session: ApiSession, body: unknown) =>
  fetch(new URL(path, baseURL), { method: 'POST', headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('a page’s first load', () => {
  let browser: Browser;
  let boss: ApiSession;
  beforeAll(async () => {
    browser = await launchBrowser(chromiumPath!);
    boss = await signInByApi(baseURL, admin.email, admin.password);
    // /history with an entry, /faq-chat with the room talking, / with a signal in its feed
    const maker = await openPage(browser, baseURL, 400, 400);
    const chart = await makeJpegInBrowser(maker.page, 640, 360);
    await maker.context.close();
    const form = new FormData();
    form.append('title', 'First load entry');
    form.append('description', 'Drawn by the server, then hydrated.');
    form.append('image', new Blob([new Uint8Array(chart)], { type: 'image/jpeg' }), 'chart.jpg');
    const posted = await fetch(new URL('/api/history', baseURL), { method: 'POST', headers: { authorization: `Bearer ${boss.token}` }, body: form });
    expect(posted.status).toBe(201);
    expect((await post('/api/chat', boss, { content: 'Drawn room message' })).status).toBe(201);
    expect((await post('/api/signals', boss, { side: 'buy', entry: 2301.5, stopLoss: 2291.5, takeProfits: [2321.5] })).status).toBe(201);
  });
  afterAll(() => browser.close());

  it.each([
    ['/', /Watch the gold/],
    ['/faq-chat', /FAQ & Live Chat/],
    ['/history', /^History$/],
    ['/signals', /Signals/],
  ])('%s: drawn by the server, it reads without scripts; hydration keeps the server’s elements', async (address, heading) => {
    const still = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    withoutApp.add(still);
    try {
      const page = await still.newPage();
      await page.goto(address);
      expect(await page.locator('h1').first().innerText()).toMatch(heading);
      // every part of the page in its place, shown: none sent hidden for a script to move in
      expect(await page.locator('h1').first().isVisible()).toBe(true);
      expect(await page.locator('[hidden][id^="S:"], template[id^="B:"]').count()).toBe(0);
      // the styles came with the page: the heading is laid out as the app lays it out, not as plain HTML
      expect(await page.locator('h1').first().evaluate((element) => getComputedStyle(element).fontFamily)).not.toMatch(/^"?Times/);
    } finally {
      await still.close();
    }

    const context = await readerContext(browser, 'Asia/Jakarta');
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await rememberServerTimes(page);
      await page.goto(address);
      await hydrated(page);
      // A mismatch between the server's page and the app's first render would draw the page anew (new
      // elements) and log an error.
      const kept = await page.evaluate(() => {
        const seen = window as unknown as { serverNodes: Element[] };
        return { count: seen.serverNodes.length, connected: seen.serverNodes.filter((node) => node.isConnected).length };
      });
      expect(kept.count).toBeGreaterThan(0);
      expect(kept.connected).toBe(kept.count);
      // Chakra's globals (reset, tokens): the server's, taken over once
      expect(await globalStyles(page)).toEqual({ tokenSheets: 1, gold: '#d4a017', background: PAGE_BACKGROUND });
      expect(appErrors(errors)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('/faq-chat: a guest who only reads gets a member’s new message within a second, without touching the page', async () => {
    const context = await readerContext(browser, 'Asia/Jakarta', 1280);
    try {
      const page = await context.newPage();
      await page.goto('/faq-chat');
      await hydrated(page);
      await expect.poll(() => page.getByTestId('live-indicator').innerText(), { timeout: 15_000 }).toBe('Live');
      const text = `Said to a quiet reader ${Date.now()}`;
      const sent = Date.now();
      expect((await post('/api/chat', boss, { content: text })).status).toBe(201);
      await page.getByText(text).waitFor({ timeout: 5_000 });
      expect(Date.now() - sent).toBeLessThan(1_000);
    } finally {
      await context.close();
    }
  });

  it('/: a guest who only reads gets a new signal in the feed within a second, without touching the page', async () => {
    const context = await readerContext(browser, 'Asia/Jakarta', 1280);
    try {
      const page = await context.newPage();
      await page.goto('/');
      await hydrated(page);
      const rows = page.getByTestId('feed-row');
      await rows.first().waitFor();
      // the live layer's socket is up once the signals' live state says so (it loads right after hydration)
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'));
      await page.waitForTimeout(1_500);
      const before = await rows.evaluateAll((elements) => elements.map((element) => element.textContent).join('|'));
      const sent = Date.now();
      expect((await post('/api/signals', boss, { side: 'sell', entry: 2345.25, stopLoss: 2355.25, takeProfits: [2325.25] })).status).toBe(201);
      await expect
        .poll(() => rows.evaluateAll((elements) => elements.map((element) => element.textContent).join('|')), { timeout: 5_000, interval: 50 })
        .not.toBe(before);
      expect(Date.now() - sent).toBeLessThan(1_000);
      // a guest's feed row of an open signal hides its levels
      expect(await rows.first().getAttribute('data-status')).toBe('open');
      expect(await rows.first().textContent()).not.toContain('2,345.25');
    } finally {
      await context.close();
    }
  });

  it.each(['Asia/Jakarta', 'UTC'])('a reader in %s: never “UTC” on screen, times as DD/MM/YYYY HH:mm, no jump once the zone is known', async (timezoneId) => {
    const context = await readerContext(browser, timezoneId, 1280);
    try {
      for (const address of ['/', '/history', '/faq-chat']) {
        const page = await context.newPage();
        await rememberServerTimes(page);
        await page.goto(address);
        await hydrated(page);
        await page.waitForTimeout(300);
        const drawn = await serverTimes(page);
        const shown = await timesNow(page);
        expect(drawn.length, address).toBeGreaterThan(0);
        expect(await page.locator('body').innerText(), address).not.toMatch(/\bUTC\b/);
        for (const time of shown) expect(time, address).toMatch(/\d{2}:\d{2}/);
        if (address === '/history') for (const time of shown) expect(time).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
        // WIB is the zone the server draws in until it knows the reader's; the app tells it (a cookie),
        // so from the second page on, any reader's times are drawn as they will stay
        if (timezoneId === 'Asia/Jakarta' || address !== '/') expect(shown, address).toEqual(drawn);
        await page.close();
      }
      // A reader in WIB needs no cookie (the server's zone is theirs); any other is told to the server.
      const cookies = await context.cookies();
      expect(cookies.find((cookie) => cookie.name === 'le_tz')?.value).toBe(timezoneId === 'Asia/Jakarta' ? undefined : encodeURIComponent(timezoneId));
    } finally {
      await context.close();
    }
  });

  it('a signed-in reader never sees the guest’s page: it stays hidden until the app draws theirs', async () => {
    const session = await signInByApi(baseURL, admin.email, admin.password);
    const { page, context, errors } = await openPage(browser, baseURL, 1280, 800);
    try {
      await useSessionInBrowser(page, session);
      // every paint of the top bar's way in, watched from the document's start
      await page.addInitScript(() => {
        const seen = window as unknown as { guestSeen: boolean };
        seen.guestSeen = false;
        const look = () => {
          const visible = getComputedStyle(document.body).visibility === 'visible';
          if (visible && Array.from(document.querySelectorAll('a')).some((link) => /sign in/i.test(link.textContent ?? ''))) seen.guestSeen = true;
          if (!document.documentElement.hasAttribute('data-app-ready')) requestAnimationFrame(look);
        };
        document.addEventListener('DOMContentLoaded', () => {
          (window as unknown as { bodyVisibility: string }).bodyVisibility = getComputedStyle(document.body).visibility;
          look();
        });
      });
      await page.goto('/faq-chat');
      expect(await page.evaluate(() => (window as unknown as { bodyVisibility: string }).bodyVisibility)).toBe('hidden');
      // the app drew the admin's own page: their menu, no way to sign in
      await page.getByRole('button', { name: /account menu/i }).first().waitFor();
      expect(await page.getByRole('link', { name: 'SIGN IN' }).count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { guestSeen: boolean }).guestSeen)).toBe(false);
      expect(await page.evaluate(() => getComputedStyle(document.body).visibility)).toBe('visible');
      expect(appErrors(errors)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a signed-in area is drawn by the browser: the server sends its spinner, the app the page', async () => {
    const html = await (await fetch(new URL('/dashboard-member', baseURL))).text();
    expect(html).toContain('role="status"');
    expect(html).not.toContain('Sign in');
    const { page, context, errors } = await openPage(browser, baseURL, 375, 800);
    try {
      await page.goto('/dashboard-member');
      // a guest is sent to sign in (spec §2), back here afterwards
      await page.waitForURL('**/auth/login');
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
      expect(appErrors(errors)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('an unknown address is the 404 page, with its status', async () => {
    const response = await fetch(new URL('/no-such-page', baseURL));
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('data-testid="not-found"');
  });
});
