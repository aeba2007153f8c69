import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';

/**
 * The built app as a first visit gets it: the HTML of an address names that page's own chunks
 * (web/build/route-preloads.ts → api web-app plugin), and they are the chunks the page then runs.
 */
const chromiumPath = inject('chromium');
const baseURL = inject('baseURL');

const preloadsOf = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]!);

describe('a page’s first load', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser(chromiumPath!);
  });
  afterAll(() => browser.close());

  it.each([
    ['/faq-chat', /\/assets\/faq-chat-[\w-]+\.js$/],
    ['/history', /\/assets\/history-[\w-]+\.js$/],
    ['/', /\/assets\/home-[\w-]+\.js$/],
  ])('%s: the HTML names the page’s chunk, and the page fetches each chunk it names once', async (address, pageChunk) => {
    const index = await (await fetch(new URL('/no-such-page', baseURL))).text();
    const html = await (await fetch(new URL(address, baseURL))).text();
    const own = preloadsOf(html).filter((url) => !preloadsOf(index).includes(url));
    expect(own.some((url) => pageChunk.test(url)), own.join(', ')).toBe(true);

    const { page, context, errors } = await openPage(browser, baseURL, 375, 800);
    try {
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      await page.goto(address);
      await expect.poll(() => page.locator('h1').first().isVisible(), { timeout: 20_000 }).toBe(true);
      // Once each: the preload's fetch is the one the page's import uses (a credentials mismatch
      // between the link and the module's import would fetch it a second time).
      for (const url of own) expect(requested.filter((path) => path === url).length, url).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
