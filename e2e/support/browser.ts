import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ARTIFACTS = path.join(root, '.e2e-artifacts');
/** The page-visit logger's public IP lookup (spec §7). */
export const IP_LOOKUP_ORIGIN = 'https://api.ipify.org';

/**
 * The attribute the app sets on `<html>` once it has hydrated the page the server drew and drawn the
 * reader's own view (app/root.tsx). A person waits that moment, a test must say so: every page of the
 * browsers below waits for it after `goto` and `reload` (a URL that is not the app, an API answer or a
 * file, is not waited on).
 */
export const APP_READY_ATTRIBUTE = 'data-app-ready';

const waitForApp = async (page: Page): Promise<void> => {
  await page.waitForFunction((attribute) => document.contentType !== 'text/html' || !document.querySelector('script[type="module"]') || document.documentElement.hasAttribute(attribute), APP_READY_ATTRIBUTE);
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
    // A failed resource names itself (the console's text does not), so a report says which call failed.
    const { url } = message.location();
    if (message.type() === 'error' && !url.startsWith(IP_LOOKUP_ORIGIN)) errors.push(message.text().startsWith('Failed to load resource') && url ? `${message.text()} ${url}` : message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, context, errors };
};

/**
 * Where screenshots go when someone wants to look at the screens: `E2E_SCREENSHOTS=1` writes them to
 * .e2e-artifacts, `E2E_SCREENSHOTS=<folder>` there. Unset (CI), nothing is written: no test compares
 * them, and a full-page capture of every screen costs the run minutes.
 */
export const SCREENSHOTS: string | null = process.env.E2E_SCREENSHOTS ? (process.env.E2E_SCREENSHOTS === '1' ? ARTIFACTS : path.resolve(process.env.E2E_SCREENSHOTS)) : null;

/** Captures the page (full height unless `fullPage: false`) or one element, to be looked at; see SCREENSHOTS. */
export const screenshot = async (target: Page | Locator, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> => {
  if (!SCREENSHOTS) return;
  const file = path.join(SCREENSHOTS, `${name}.png`);
  mkdirSync(path.dirname(file), { recursive: true });
  await ('goto' in target ? target.screenshot({ path: file, fullPage }) : target.screenshot({ path: file }));
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

/**
 * Resolves once the page's Socket.IO client has the server's CONNECT answer, over polling or the
 * upgraded WebSocket: the server has put the socket in its rooms by then, so what is pushed next
 * reaches it. Call it before the page loads.
 */
export const realtimeConnected = (page: Page, timeout = 15_000): Promise<void> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the socket of ${page.url()} did not connect within ${timeout} ms`)), timeout);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    page.on('response', (response) => {
      if (response.url().includes('/socket.io/')) void response.text().then((text) => text.includes('40{') && done(), () => undefined);
    });
    page.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => String(payload).startsWith('40') && done()));
  });
