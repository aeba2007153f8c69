import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { e2eServer } from './support/server';
import { launchBrowser, openPage } from './support/browser';
import { signInThroughForm as signIn } from './support/members';

/**
 * Realtime first: while the socket is up the chat screens do not poll; without it they
 * poll the spec's way (lists every 2 s) and stop once the socket is back. And the composer's keys.
 */
const chromiumPath = inject('chromium');
const baseURL = e2eServer().baseURL;
const admin = inject('admin');
const accounts = e2eServer().accounts;

const isListRead = (request: Request) => request.method() === 'GET' && new URL(request.url()).pathname === '/api/chat/admin/chats';

/** Resolves once no request to the API has been open for 300 ms: what a connection started has answered. */
const apiQuiet = async (page: Page): Promise<void> => {
  const open = new Set<Request>();
  let last = Date.now();
  const onStart = (request: Request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) open.add(request);
    last = Date.now();
  };
  const onEnd = (request: Request) => {
    open.delete(request);
    last = Date.now();
  };
  page.on('request', onStart);
  page.on('requestfinished', onEnd);
  page.on('requestfailed', onEnd);
  await expect.poll(() => open.size === 0 && Date.now() - last >= 300, { timeout: 10_000, interval: 50 }).toBe(true);
  page.off('request', onStart);
  page.off('requestfinished', onEnd);
  page.off('requestfailed', onEnd);
};

/**
 * GETs of the admin's chat list while the page's clock (installed and paused) runs `ms` ahead, in
 * 250 ms steps, each step's reads answered before the next: the timers decide, not the machine's
 * speed. A fetch the page makes after the timers ran is the barrier for their requests.
 */
const listPollsDuring = async (page: Page, ms: number): Promise<number> => {
  let count = 0;
  const open = new Set<Request>();
  const onRequest = (request: Request) => {
    if (!isListRead(request)) return;
    count += 1;
    open.add(request);
  };
  const onEnd = (request: Request) => open.delete(request);
  page.on('request', onRequest);
  page.on('requestfinished', onEnd);
  page.on('requestfailed', onEnd);
  for (let ran = 0; ran < ms; ran += 250) {
    await page.clock.runFor(Math.min(250, ms - ran));
    await page.evaluate(() => fetch('/api/health').then((response) => response.text()));
    await expect.poll(() => open.size, { timeout: 5_000, interval: 20 }).toBe(0);
  }
  page.off('request', onRequest);
  page.off('requestfinished', onEnd);
  page.off('requestfailed', onEnd);
  return count;
};

/**
 * Stops the page's clock (installed before the page loaded) a second ahead of where it is, then
 * waits for what was under way (the reads a connection started, a poll due in that second).
 */
const pauseClock = async (page: Page) => {
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
  await apiQuiet(page);
};

describe.runIf(chromiumPath)('realtime first, polling only as a fallback', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser(chromiumPath!);
  });
  afterAll(() => browser?.close());

  it('the admin chat list is not polled while the socket is up', async () => {
    const { page, context } = await openPage(browser, baseURL, 1280);
    await page.clock.install();
    await signIn(page, admin.email, admin.password);
    // the upgrade to a WebSocket follows Socket.IO's connection (made over HTTP first)
    const websocket = page.waitForEvent('websocket', (socket) => socket.url().includes('/socket.io/'));
    await page.goto('/chat-admin');
    await page.getByTestId('chat-list').waitFor();
    await websocket;
    await pauseClock(page);
    expect(await listPollsDuring(page, 6_000)).toBe(0);
    await context.close();
  });

  it('without the socket the list is polled every 2 s; once the socket is back the polling stops', async () => {
    const { page, context } = await openPage(browser, baseURL, 1280);
    await page.clock.install();
    await page.route('**/socket.io/**', (route) => route.abort());
    await signIn(page, admin.email, admin.password);
    await page.goto('/chat-admin');
    await page.getByTestId('chat-list').waitFor();
    await page.getByTestId('connection-banner').and(page.locator('[data-state="lost"]')).waitFor();
    await pauseClock(page);
    // 6 s of the page's time: exactly three polls (LIMITS.chatListPollMs = 2 s)
    expect(await listPollsDuring(page, 6_000)).toBe(3);

    // the clock runs again, so Socket.IO's reconnection timers fire
    await page.clock.resume();
    await page.unroute('**/socket.io/**');
    await page.getByTestId('connection-banner').and(page.locator('[data-state="restored"]')).waitFor({ timeout: 15_000 });
    await pauseClock(page); // and the catch-up after the reconnect
    expect(await listPollsDuring(page, 6_000)).toBe(0);
    await context.close();
  });

  it('Shift+Enter breaks the line, Enter sends both lines as one message', async () => {
    const { page, context } = await openPage(browser, baseURL, 1280);
    await signIn(page, accounts!.member.email, accounts!.member.password);
    await page.goto('/faq-chat');
    const input = page.getByRole('textbox', { name: 'Message' });
    const tag = Date.now().toString(36);
    await input.fill(`first line ${tag}`);
    await input.press('Shift+Enter');
    await input.pressSequentially('second line');
    expect(await input.inputValue()).toBe(`first line ${tag}\nsecond line`);
    expect(await page.getByTestId('chat-message').filter({ hasText: `first line ${tag}` }).count()).toBe(0);
    await input.press('Enter');
    const posted = page.getByTestId('chat-message').filter({ hasText: `first line ${tag}` });
    await posted.waitFor();
    expect(await posted.innerText()).toContain('second line');
    await expect.poll(() => input.inputValue()).toBe('');
    await context.close();
  });
});
