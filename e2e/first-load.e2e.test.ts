import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, withoutApp } from './support/browser';
import { appErrors, signInByApi, useSessionInBrowser } from './support/members';

/**
 * The built app as a first visit gets it. A public page arrives drawn by the server (the web build's
 * server bundle, run by the API): it reads without the app's scripts, which load once it has painted
 * and take the page over without drawing it again. Every other address names its own chunks in the
 * HTML (web/build/route-preloads.ts → api web-app plugin), and those are the chunks the page runs.
 */
const chromiumPath = inject('chromium');
const baseURL = inject('baseURL');
const admin = inject('admin');

const preloadsOf = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]!);

describe('a page’s first load', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser(chromiumPath!);
  });
  afterAll(() => browser.close());

  it.each([
    ['/', /Watch the gold/],
    ['/faq-chat', /FAQ & Live Chat/],
    ['/history', /^History$/],
  ])('%s: drawn by the server, it reads without scripts; the app takes that page over, not a new one', async (address, heading) => {
    const html = await (await fetch(new URL(address, baseURL))).text();
    expect(html).toMatch(/<div id="root"><div/);
    // the app's scripts wait for the first paint: nothing but the entry is named in the HTML
    expect(preloadsOf(html)).toEqual([]);

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
      // the server's heading, remembered before the app starts
      await page.addInitScript(() =>
        document.addEventListener('DOMContentLoaded', () => {
          (window as unknown as { serverHeading: Element | null }).serverHeading = document.querySelector('#root h1');
        }),
      );
      await page.goto(address);
      // a mismatch between the server's page and the app's first render would redraw the page (a new
      // element) and log it as a console error
      expect(await page.evaluate(() => document.querySelector('#root h1') === (window as unknown as { serverHeading: Element | null }).serverHeading)).toBe(true);
      expect(await page.locator('h1').first().innerText()).toMatch(heading);
      expect(appErrors(errors)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a signed-in reader never sees the guest’s page: it stays hidden until the app draws theirs', async () => {
    const session = await signInByApi(baseURL, admin.email, admin.password);
    const { page, context, errors } = await openPage(browser, baseURL, 1280, 800);
    try {
      await useSessionInBrowser(page, session);
      await page.addInitScript(() =>
        document.addEventListener('DOMContentLoaded', () => {
          (window as unknown as { rootVisibility: string }).rootVisibility = getComputedStyle(document.getElementById('root')!).visibility;
        }),
      );
      await page.goto('/faq-chat');
      expect(await page.evaluate(() => (window as unknown as { rootVisibility: string }).rootVisibility)).toBe('hidden');
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
      // Once each: the preload's fetch is the one the page's import uses (a credentials mismatch
      // between the link and the module's import would fetch it a second time).
      for (const url of own) expect(requested.filter((path) => path === url).length, url).toBe(1);
      expect(appErrors(errors)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
