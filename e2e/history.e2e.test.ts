import { unlink } from 'node:fs/promises';
import path from 'node:path';
import { latestCode } from '@le/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { e2eServer } from './support/server';
import { launchBrowser, screenshot } from './support/browser';
import { makeJpegInBrowser } from './support/members';
import { uniqueTag } from '../api/test/support/unique';

const chromiumPath = inject('chromium');
const baseURL = e2eServer().baseURL;
const dataDir = () => e2eServer().dataDir;

const LIVE_GATE = 'You need to become a member first to access the Live Chart.';
const CHART_FALLBACK = 'The live chart could not load. Check your connection and try again.';

/** A 1×1 PNG: the smallest real image. */
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
);

interface Login {
  token: string;
  sessionId: string;
  user: { username: string; email: string; role: string; membershipTier: string; photo_profile: string };
}

const api = async <T>(pathname: string, init: RequestInit & { token?: string } = {}): Promise<T> => {
  const { token, ...rest } = init;
  const response = await fetch(`${baseURL}/api${pathname}`, {
    ...rest,
    headers: { ...(rest.body && !(rest.body instanceof FormData) ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
};

const login = (email: string, password: string) => api<Login>('/auth/login', { method: 'POST', body: JSON.stringify({ email, password }) });

/** A fresh browser context that is signed in as `session` (what the login screen would store). */
const contextFor = async (browser: Browser, session: Login | null, width: number): Promise<{ context: BrowserContext; page: Page; errors: string[] }> => {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 }, timezoneId: 'Asia/Jakarta' });
  if (session) {
    await context.addInitScript((stored: Login) => {
      if (localStorage.getItem('token')) return;
      localStorage.setItem('token', stored.token);
      localStorage.setItem('sessionId', stored.sessionId);
      localStorage.setItem('role', stored.user.role);
      localStorage.setItem('username', stored.user.username);
      const { username, email, role, membershipTier, photo_profile } = stored.user;
      localStorage.setItem('user', JSON.stringify({ username, email, role, membershipTier, photo_profile }));
    }, session);
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
};

/**
 * This machine has no internet: the public IP lookup of the page-visit log (and the TradingView
 * script on /live) cannot resolve. Chromium reports that as a console error of its own; anything
 * else is the app's.
 */
const appErrors = (errors: string[]) => errors.filter((text) => !/^Failed to load resource: net::ERR_(NAME_NOT_RESOLVED|INTERNET_DISCONNECTED)/.test(text));

/** DD/MM/YYYY HH:mm in Jakarta (UTC+7, no daylight saving), as the page shows it there. */
const jakartaTime = (iso: string): string => {
  const local = new Date(Date.parse(iso) + 7 * 3_600_000);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(local.getUTCDate())}/${two(local.getUTCMonth() + 1)}/${local.getUTCFullYear()} ${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`;
};

describe.runIf(chromiumPath)('history, live chart and FAQ in the browser', () => {
  let browser: Browser;
  let admin: Login;
  let trial: Login;

  beforeAll(async () => {
    browser = await launchBrowser(chromiumPath!);
    const credentials = inject('admin');
    admin = await login(credentials.email, credentials.password);

    const id = `hist${uniqueTag()}`;
    const email = `${id}@example.com`;
    const password = 'history password 1';
    await api('/auth/register', { method: 'POST', body: JSON.stringify({ name: 'Trial Tari', username: id, email, password }) });
    const code = await latestCode(path.join(dataDir(), 'outbox.jsonl'), email);
    await api('/auth/verify-email', { method: 'POST', body: JSON.stringify({ email, code }) });
    trial = await login(email, password);
  });
  afterAll(() => browser?.close());

  it('an admin publishes an entry with an image; a guest sees it on /history with its time; delete asks first', async () => {
    const title = `Gold at the London open ${Date.now().toString(36)}`;
    const { context, page, errors } = await contextFor(browser, admin, 1280);

    await page.goto('/manage-history/create');
    await page.getByRole('heading', { name: 'New History Entry' }).waitFor();
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Choose an image.').waitFor();
    await page.getByText('Title is required.').waitFor();

    await page.getByTestId('image-input').setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: tinyPng });
    await page.getByTestId('image-preview').waitFor();
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('A clean buy signal as London opened.\nTarget reached by noon.');
    await screenshot(page, 'manage-history-create-1280');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.waitForURL((url) => url.pathname === '/manage-history');
    const row = page.getByTestId('manage-history-row').filter({ hasText: title });
    await row.waitFor();

    const { history } = await api<{ history: { _id: string; title: string; createdAt: string; image: string }[] }>('/history');
    const created = history.find((entry) => entry.title === title)!;
    expect(created).toBeTruthy();

    // as a guest, in another context
    const guest = await contextFor(browser, null, 1280);
    await guest.page.goto('/history');
    const card = guest.page.getByTestId('history-card').filter({ hasText: title });
    await card.waitFor();
    await card.getByText('Target reached by noon.').waitFor();
    // The server wrote it in UTC (it knows no reader's zone); the app, in the reader's.
    await expect.poll(() => card.getByTestId('history-time').innerText()).toBe(jakartaTime(created.createdAt));
    const image = card.locator('img');
    await image.waitFor();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(1);

    // delete: the dialog asks; Cancel keeps it; Delete removes it
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Delete this history entry?').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await row.count()).toBe(1);
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await row.waitFor({ state: 'detached' });
    expect((await api<{ history: { _id: string }[] }>('/history?limit=50')).history.some((entry) => entry._id === created._id)).toBe(false);

    await guest.page.reload();
    await guest.page.getByRole('heading', { name: 'History', exact: true }).waitFor();
    await guest.page.waitForLoadState('networkidle');
    expect(await guest.page.getByTestId('history-card').filter({ hasText: title }).count()).toBe(0);

    expect(appErrors(errors)).toEqual([]);
    expect(appErrors(guest.errors)).toEqual([]);
    await guest.context.close();
    await context.close();
  });

  it('history: a broken image shows the placeholder; the pages look right at 375 and 1280', async () => {
    const form = new FormData();
    form.append('title', 'Broken image entry');
    form.append('description', 'Its image file went missing on the server.');
    form.append('image', new Blob([tinyPng], { type: 'image/png' }), 'x.png');
    const { entry } = await api<{ entry: { _id: string; image: string } }>('/history', { method: 'POST', body: form, token: admin.token });
    const fileId = entry.image.split('/').pop()!;
    await unlink(path.join(dataDir(), 'uploads', `${fileId}.png`));
    const form2 = new FormData();
    form2.append('title', 'Asian session recap');
    form2.append('description', 'Range-bound until the US open, then a sell signal.');
    form2.append('image', new Blob([tinyPng], { type: 'image/png' }), 'y.png');
    await api('/history', { method: 'POST', body: form2, token: admin.token });

    for (const width of [375, 1280]) {
      const guest = await contextFor(browser, null, width);
      await guest.page.goto('/history');
      const broken = guest.page.getByTestId('history-card').filter({ hasText: 'Broken image entry' });
      await broken.getByTestId('history-image-placeholder').waitFor();
      await screenshot(guest.page, `history-${width}`);
      await guest.context.close();

      const signedIn = await contextFor(browser, admin, width);
      await signedIn.page.goto('/manage-history');
      await signedIn.page.getByTestId('manage-history-row').first().waitFor();
      await screenshot(signedIn.page, `manage-history-${width}`);
      if (width === 375) {
        await signedIn.page.goto('/manage-history/create');
        await signedIn.page.getByRole('heading', { name: 'New History Entry' }).waitFor();
        await screenshot(signedIn.page, 'manage-history-create-375');
      }
      await signedIn.context.close();
    }
    // The broken entry would make every later page that lists it log a 404.
    await api(`/history/${entry._id}`, { method: 'DELETE', token: admin.token });
  });

  it("a 2560 px chart: a phone loads its 800 px copy (2 device pixels a CSS pixel), a desktop's third its 400 px one, as WebP", async () => {
    const maker = await contextFor(browser, null, 400);
    const chart = await makeJpegInBrowser(maker.page, 2560, 1440);
    await maker.context.close();
    const form = new FormData();
    form.append('title', 'Wide chart entry');
    form.append('description', 'Drawn at 2560 px.');
    form.append('image', new Blob([new Uint8Array(chart)], { type: 'image/jpeg' }), 'wide.jpg');
    const { entry } = await api<{ entry: { _id: string; image: string; images: { url: string; width: number }[] } }>('/history', { method: 'POST', body: form, token: admin.token });
    expect(entry.images.map((image) => image.width)).toEqual([400, 800, 1280, 2560]);

    for (const [width, scale, loaded] of [
      [375, 2, 800],
      [1280, 1, 400],
    ] as const) {
      const context = await browser.newContext({ baseURL, viewport: { width, height: 900 }, deviceScaleFactor: scale });
      const page = await context.newPage();
      const types = new Map<string, string>();
      page.on('response', (response) => {
        if (response.url().includes(entry.image)) types.set(new URL(response.url()).pathname + new URL(response.url()).search, response.headers()['content-type'] ?? '');
      });
      await page.goto('/history');
      const image = page.getByTestId('history-card').filter({ hasText: 'Wide chart entry' }).locator('img');
      await image.scrollIntoViewIfNeeded();
      // (naturalWidth would be the slot's width: a srcset candidate's density scales it)
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0 && new URL(element.currentSrc).search)).toBe(`?w=${loaded}`);
      expect(types.get(`${entry.image}?w=${loaded}`), `${width} px`).toBe('image/webp');
      // the 2560 px original is never fetched by the page
      expect(types.has(entry.image), `${width} px`).toBe(false);
      await context.close();
    }
    await api(`/history/${entry._id}`, { method: 'DELETE', token: admin.token });
  });

  it('an admin edits an entry in the dialog: new text, then a new image', async () => {
    const form = new FormData();
    form.append('title', 'Entry to edit');
    form.append('description', 'First words.');
    form.append('image', new Blob([tinyPng], { type: 'image/png' }), 'e.png');
    const { entry } = await api<{ entry: { _id: string; image: string } }>('/history', { method: 'POST', body: form, token: admin.token });

    const { context, page, errors } = await contextFor(browser, admin, 1280);
    await page.goto('/manage-history');
    await page.getByRole('button', { name: 'Edit Entry to edit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Edit history entry').waitFor();
    await dialog.getByLabel('Title').fill('');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByText('Title is required.').waitFor();
    await dialog.getByLabel('Title').fill('Entry edited');
    await dialog.getByLabel('Description').fill('Second words.');
    await screenshot(page, 'manage-history-edit-1280');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByTestId('manage-history-row').filter({ hasText: 'Entry edited' });
    await row.getByText('Second words.').waitFor();

    await page.getByRole('button', { name: 'Edit Entry edited' }).click();
    await page.getByRole('dialog').getByTestId('image-input').setInputFiles({ name: 'new.png', mimeType: 'image/png', buffer: tinyPng });
    await page.getByRole('dialog').getByTestId('image-preview').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    const { history } = await api<{ history: { _id: string; title: string; image: string }[] }>('/history?limit=50');
    const saved = history.find((item) => item._id === entry._id)!;
    expect(saved.title).toBe('Entry edited');
    expect(saved.image).not.toBe(entry.image);
    expect((await fetch(`${baseURL}${entry.image}`)).status).toBe(404);
    await expect.poll(() => row.locator('img').getAttribute('src')).toBe(saved.image);
    expect(appErrors(errors)).toEqual([]);
    await context.close();
  });

  it('history: "Load more" brings the older entries after the first 12', async () => {
    const existing = (await api<{ history: unknown[] }>('/history?limit=50')).history.length;
    for (let i = existing; i < 14; i += 1) {
      const form = new FormData();
      form.append('title', `Load more ${i}`);
      form.append('description', 'Filler for paging.');
      form.append('image', new Blob([tinyPng], { type: 'image/png' }), 'p.png');
      await api('/history', { method: 'POST', body: form, token: admin.token });
    }
    const total = (await api<{ history: unknown[] }>('/history?limit=50')).history.length;
    expect(total).toBeGreaterThan(12);

    const guest = await contextFor(browser, null, 1280);
    await guest.page.goto('/history');
    const cards = guest.page.getByTestId('history-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(12);
    await guest.page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => cards.count()).toBe(total);
    expect(await guest.page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    expect(appErrors(guest.errors)).toEqual([]);
    await guest.context.close();
  });

  it('history: the empty text and the failure alert', async () => {
    // /history arrives drawn with the history the server read; the browser reads it itself when it
    // comes to the page from another (the navigation bar), and that read is the one answered here.
    const fromLive = async (answer: { status: number; body: string }) => {
      const guest = await contextFor(browser, null, 1280);
      await guest.page.route('**/api/history**', (route) => route.fulfill({ ...answer, contentType: 'application/json' }));
      await guest.page.goto('/live');
      await guest.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' }).click();
      await guest.page.waitForURL((url) => url.pathname === '/history');
      return guest;
    };
    const empty = await fromLive({ status: 200, body: '{"history":[],"nextCursor":null}' });
    await empty.page.getByText('There is no history data yet.').waitFor();
    await empty.context.close();
    const failed = await fromLive({ status: 500, body: '{"message":"down"}' });
    await failed.page.getByRole('alert').getByText('Gagal memuat data').waitFor();
    // The way out says it in the alert's language; once the server answers, the list is read again.
    await failed.page.unroute('**/api/history**');
    await failed.page.getByRole('button', { name: 'Coba lagi' }).click();
    await failed.page.getByRole('alert').waitFor({ state: 'detached' });
    await failed.context.close();
  });

  it('/live: guests meet the gate with Sign In and Sign Up; a trial with its next step instead', async () => {
    for (const [who, session] of [
      ['guest', null],
      ['trial', trial],
    ] as const) {
      for (const width of [375, 1280]) {
        const { context, page, errors } = await contextFor(browser, session, width);
        await page.goto('/live');
        const gate = page.getByTestId('live-gate');
        await gate.getByText(LIVE_GATE, { exact: true }).waitFor();
        if (who === 'guest') {
          expect(await gate.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth/login');
          expect(await gate.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/auth/register');
        } else {
          // never sign-in or sign-up to the signed in: the way to a membership (or the payment that waits)
          expect(await gate.getByRole('link', { name: /Sign (In|Up)/ }).count()).toBe(0);
          expect(['/payment-membership', '/dashboard-member']).toContain(await gate.getByTestId('viewer-action').getAttribute('href'));
        }
        expect(await page.getByTestId('live-chart').count()).toBe(0);
        await screenshot(page, `live-gate-${who}-${width}`);
        expect(appErrors(errors)).toEqual([]);
        await context.close();
      }
    }
    const { context, page } = await contextFor(browser, null, 1280);
    await page.goto('/live-dashboard');
    await page.getByText(LIVE_GATE, { exact: true }).waitFor();
    await page.getByTestId('live-gate').getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL('**/auth/login');
    await context.close();
  });

  it('/live: an admin gets the chart area; offline, the fallback says so and offers a retry', async () => {
    for (const width of [375, 1280]) {
      const { context, page, errors } = await contextFor(browser, admin, width);
      await page.goto('/live');
      const chart = page.getByTestId('live-chart');
      await chart.waitFor();
      expect(await page.getByRole('radio', { name: '1 Jam' }).getAttribute('aria-checked')).toBe('true');
      expect(await page.getByRole('radio', { name: '30 Menit' }).getAttribute('aria-checked')).toBe('false');
      expect(await page.getByRole('radio', { name: '4 Jam' }).count()).toBe(1);
      expect(await chart.getAttribute('data-theme')).toBe('light');
      expect((await chart.boundingBox())?.height).toBeCloseTo(500, 0);

      // No network to TradingView here: the script fails (or times out) and the fallback shows.
      await page.getByTestId('live-chart-fallback').getByText(CHART_FALLBACK).waitFor({ timeout: 15_000 });
      await screenshot(page, `live-admin-${width}`);

      await page.getByRole('radio', { name: '4 Jam' }).click();
      expect(await chart.getAttribute('data-interval')).toBe('240');
      await page.getByRole('button', { name: 'Dark theme' }).click();
      expect(await chart.getAttribute('data-theme')).toBe('dark');
      await page.getByTestId('live-chart-fallback').waitFor({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.getByTestId('live-chart-fallback').waitFor({ timeout: 15_000 });

      expect(appErrors(errors)).toEqual([]);
      await context.close();
    }
  });

  it('/live: rights follow the membership dates from /auth/me, whatever the stored role', async () => {
    const me = await api<{ user: Record<string, unknown> }>('/auth/me', { token: trial.token });
    const asMember = (membershipEnd: string) => ({ user: { ...me.user, role: 'member', membershipTier: 'basic', duration: 'monthly', membershipEnd } });
    const ended = '2026-01-15T10:00:00.000Z';

    const { context, page, errors } = await contextFor(browser, trial, 375);
    await page.route('**/api/auth/me', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(asMember(ended)) }));
    await page.goto('/live');
    const gate = page.getByTestId('live-gate');
    await gate.getByText('Your membership ended on 15/01/2026.').waitFor();
    expect(await gate.getByRole('link', { name: 'Renew Membership' }).getAttribute('href')).toBe('/payment-membership');
    expect(await page.getByTestId('live-chart').count()).toBe(0);
    await screenshot(page, 'live-membership-ended-375');

    await page.unroute('**/api/auth/me');
    const future = new Date(Date.now() + 30 * 86_400_000).toISOString();
    await page.route('**/api/auth/me', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(asMember(future)) }));
    await page.goto('/live');
    await page.getByTestId('live-chart').waitFor();
    expect(appErrors(errors)).toEqual([]);
    await context.close();
  });

  it('/live: with the TradingView library reachable, the widget is built for XAU/USD and rebuilt on interval and theme', async () => {
    const { context, page, errors } = await contextFor(browser, admin, 1280);
    // Stands in for tv.js (same URL, so the CSP is exercised too): records each widget it is asked for.
    await page.route('https://s3.tradingview.com/tv.js', (route) =>
      route.fulfill({
        contentType: 'application/javascript',
        body: `window.__widgets = [];
          window.TradingView = { widget: function (options) {
            window.__widgets.push(options);
            var frame = document.createElement('div');
            frame.setAttribute('data-testid', 'tv-widget');
            frame.textContent = options.symbol + ' ' + options.interval + ' ' + options.theme;
            document.getElementById(options.container_id).appendChild(frame);
          } };`,
      }),
    );
    await page.goto('/live');
    const widget = page.getByTestId('tv-widget');
    await widget.waitFor();
    expect(await widget.innerText()).toBe('OANDA:XAUUSD 60 light');
    expect(await page.getByTestId('live-chart').getAttribute('data-status')).toBe('ready');
    const first = await page.evaluate(() => (window as unknown as { __widgets: Record<string, unknown>[] }).__widgets[0]);
    expect(first).toMatchObject({ symbol: 'OANDA:XAUUSD', interval: '60', theme: 'light', height: 500 });

    await page.getByRole('radio', { name: '30 Menit' }).click();
    await expect.poll(() => widget.innerText()).toBe('OANDA:XAUUSD 30 light');
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await expect.poll(() => widget.innerText()).toBe('OANDA:XAUUSD 30 dark');
    expect(await widget.count()).toBe(1);
    expect(await page.getByTestId('live-chart-fallback').count()).toBe(0);
    expect(appErrors(errors)).toEqual([]);
    await context.close();
  });

  it('/faq-chat: a question opens its answer, one at a time; the Live Chat card is 600 px high', async () => {
    for (const width of [375, 1280]) {
      const { context, page, errors } = await contextFor(browser, null, width);
      await page.goto('/faq-chat');
      await page.getByRole('heading', { name: 'Frequently Asked Questions' }).waitFor();
      const answer = page.getByText('Sign up with your name, username and email', { exact: false });
      expect(await answer.isVisible()).toBe(false);
      const first = page.getByText('Lukis Emas ("gold painting") is a members-only community', { exact: false });
      expect(await first.isVisible()).toBe(true);
      await page.locator('summary', { hasText: 'How do I get started?' }).click();
      await answer.waitFor({ state: 'visible' });
      // one answer open at a time
      await first.waitFor({ state: 'hidden' });
      for (const question of ['What is Lukis Emas?', 'Is the data real-time?', 'Are there guides for beginners?', 'What if I have a technical problem?']) {
        expect(await page.locator('summary', { hasText: question }).count()).toBe(1);
      }
      // and by keyboard, as the platform's own control
      await page.locator('summary', { hasText: 'Is the data real-time?' }).focus();
      await page.keyboard.press('Enter');
      await page.getByText('The live chart streams the XAU/USD price', { exact: false }).waitFor({ state: 'visible' });
      const card = page.getByTestId('live-chat-card');
      await card.getByText('Live Chat', { exact: true }).waitFor();
      expect((await card.boundingBox())?.height).toBe(600);
      await screenshot(page, `faq-chat-${width}`);
      expect(appErrors(errors)).toEqual([]);
      await context.close();
    }
  });
});
