/* global window -- the functions given to page.evaluate and addInitScript run in the page */
// The reader's measure beside Lighthouse's (`pnpm lighthouse`): on a phone profile (375 px, touch,
// the CPU slowed 4× and the network to 1.6 Mbps down / 750 kbps up with 150 ms of latency, through
// CDP), the time from a tap made 300 ms after the page first paints to the tapped control's effect.
import { chromium } from 'playwright-core';

/** What a reader taps on each page, and how the page shows it worked. */
export const FIRST_TAPS = {
  '/': {
    control: (page) => page.getByRole('button', { name: 'Open navigation menu' }),
    done: (page) => page.locator('#mobile-nav').isVisible(),
  },
  '/faq-chat': {
    control: (page) => page.locator('summary', { hasText: 'How do I get started?' }),
    done: (page) => page.locator('details', { has: page.locator('summary', { hasText: 'How do I get started?' }) }).evaluate((details) => details.open),
  },
};

export const FIRST_TAP_TARGET_MS = 1500;
/** A tap that has done nothing by then counts as this long (a tap the page lost). */
const GIVE_UP_MS = 15_000;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/** Debian's Chromium, headless, with the flags a closed network needs. */
const launch = (chromePath) =>
  chromium.launch({
    executablePath: chromePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });

/** A page of a new context on the phone profile: 375 px, touch, CPU 4× slower, 1.6 Mbps / 750 kbps, 150 ms. */
const slowedPhone = async (browser) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
  return { context, page };
};

/** One reader: opens `url`, taps 300 ms after the first paint, and returns the milliseconds to the effect. */
const firstTap = async (browser, url, tap) => {
  const { context, page } = await slowedPhone(browser);
  try {
    await page.addInitScript(() => {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') window.__firstPaintAt = performance.now();
      }).observe({ type: 'paint', buffered: true });
    });
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__firstPaintAt !== undefined, undefined, { timeout: 60_000, polling: 20 });
    const waited = await page.evaluate(() => 300 - (performance.now() - window.__firstPaintAt));
    if (waited > 0) await page.waitForTimeout(waited);
    const control = tap.control(page);
    const tappedAt = Date.now();
    await control.tap({ timeout: GIVE_UP_MS });
    for (;;) {
      if (await tap.done(page).catch(() => false)) return Date.now() - tappedAt;
      if (Date.now() - tappedAt > GIVE_UP_MS) return GIVE_UP_MS;
      await page.waitForTimeout(20);
    }
  } finally {
    await context.close();
  }
};

/** Per page of FIRST_TAPS, the median of `runs` readers' first taps, in milliseconds. */
export const measureFirstTaps = async (baseURL, chromePath, runs) => {
  const browser = await launch(chromePath);
  try {
    const results = [];
    for (const [path, tap] of Object.entries(FIRST_TAPS)) {
      const times = [];
      for (let run = 0; run < runs; run += 1) times.push(await firstTap(browser, `${baseURL}${path}`, tap));
      results.push({ path, times, median: median(times) });
    }
    return results;
  } finally {
    await browser.close();
  }
};

/**
 * The reader who only waits: on the same phone profile, the time from the navigation until the page
 * is live (hydrated, the reader's own view drawn: `data-app-ready`), and to its first paint, per page,
 * median of `runs`, in milliseconds.
 */
export const measureTimeToLive = async (baseURL, chromePath, paths, runs) => {
  const browser = await launch(chromePath);
  try {
    const results = [];
    for (const path of paths) {
      const times = [];
      for (let run = 0; run < runs; run += 1) {
        const { context, page } = await slowedPhone(browser);
        try {
          await page.goto(`${baseURL}${path}`, { waitUntil: 'commit' });
          await page.waitForFunction(() => window.document.documentElement.hasAttribute('data-app-ready'), undefined, { timeout: 60_000, polling: 20 });
          times.push(
            await page.evaluate(() => ({ live: window.performance.now(), paint: window.performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN })),
          );
        } finally {
          await context.close();
        }
      }
      results.push({ path, live: median(times.map((time) => time.live)), paint: median(times.map((time) => time.paint)), runs: times.map((time) => time.live) });
    }
    return results;
  } finally {
    await browser.close();
  }
};
