import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ARTIFACTS = path.join(root, '.e2e-artifacts');
/** The page-visit logger's public IP lookup (spec §7). */
export const IP_LOOKUP_ORIGIN = 'https://api.ipify.org';

/**
 * The attribute the app sets on `<html>` once it has started (app/boot.tsx). A public page arrives
 * drawn by the server and its buttons do nothing until then; a person waits that second, a test must
 * say so: every page of the browsers below waits for it after `goto` and `reload` (a URL that is not
 * the app, an API answer or a file, is not waited on), moving the pointer first where the page waits
 * for its reader.
 */
export const APP_READY_ATTRIBUTE = 'data-app-ready';

/**
 * A guest's whole drawn page (the home page, the history, /faq-chat: `#root[data-whole]`) starts the
 * app when the reader first acts on it (app/main.tsx); a person moves the pointer, a test does the
 * same (e2e/first-load covers the other first acts: a tap, the wheel, a scroll of the chat's log).
 */
const engage = async (page: Page): Promise<void> => {
  const waiting = await page.evaluate(() => document.querySelector('#root[data-whole]') !== null).catch(() => false);
  if (!waiting) return;
  await page.mouse.move(1, 1);
  await page.mouse.move(0, 0);
};

const waitForApp = async (page: Page): Promise<void> => {
  await engage(page);
  await page.waitForFunction((attribute) => !document.getElementById('root') || document.documentElement.hasAttribute(attribute), APP_READY_ATTRIBUTE);
};

/** Contexts whose pages do not wait for the app: one with JavaScript off, say, where it never starts. */
export const withoutApp = new WeakSet<BrowserContext>();

const waitingForApp = (page: Page): void => {
  if (withoutApp.has(page.context())) return;
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await waitForApp(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await waitForApp(page);
    return response;
  };
};

/** Debian's Chromium, headless, with the flags this closed network needs; its pages wait for the app (APP_READY_ATTRIBUTE). */
export const launchBrowser = async (executablePath: string): Promise<Browser> => {
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    context.on('page', waitingForApp);
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...args) => {
    const page = await newPage(...args);
    waitingForApp(page);
    return page;
  };
  return browser;
};

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
}

/** A fresh context (own storage) and page that records console errors. */
export const openPage = async (browser: Browser, baseURL: string, width = 1280, height = 800): Promise<WatchedPage> => {
  const context = await browser.newContext({ baseURL, viewport: { width, height } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    // The public IP lookup cannot answer on this closed network; the app then records "Unknown"
    // (spec §8), so its failed request is expected, not an error of ours.
    if (message.type() === 'error' && !message.location().url.startsWith(IP_LOOKUP_ORIGIN)) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, context, errors };
};

export const screenshot = async (page: Page, name: string): Promise<string> => {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
};

/**
 * Waits until the page stands still: fonts loaded and no finite animation or transition running
 * (a dialog's entrance, a toast sliding in; a spinner's endless one is not waited for), then two
 * frames so the last one is painted. A screenshot or a focus check after it sees the end state,
 * however slow the machine, where a fixed pause either waits too long or not long enough.
 */
export const settled = async (page: Page): Promise<void> => {
  await page.waitForFunction(
    () =>
      document.fonts.status === 'loaded' &&
      document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
    undefined,
    { timeout: 10_000, polling: 'raf' },
  );
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
};
