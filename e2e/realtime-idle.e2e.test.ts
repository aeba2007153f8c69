import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';
import { signInThroughForm as signIn } from './support/members';

/**
 * Realtime first (issue 4): while the socket is up the chat screens do not poll; without it they
 * poll the spec's way (lists every 2 s) and stop once the socket is back. And the composer's keys.
 */
const chromiumPath = inject('chromium');
const baseURL = inject('baseURL');
const admin = inject('admin');
const accounts = inject('accounts');

/** GETs of the admin's chat list made during `ms`. */
const listPollsDuring = async (page: Page, ms: number): Promise<number> => {
  let count = 0;
  const onRequest = (request: Request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/chat/admin/chats') count += 1;
  };
  page.on('request', onRequest);
  await page.waitForTimeout(ms);
  page.off('request', onRequest);
  return count;
};

describe.runIf(chromiumPath)('realtime first, polling only as a fallback', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser(chromiumPath!);
  });
  afterAll(() => browser?.close());

  it('the admin chat list is not polled while the socket is up', async () => {
    const { page, context } = await openPage(browser, baseURL, 1280);
    await signIn(page, admin.email, admin.password);
    const websocket = page.waitForEvent('websocket', (socket) => socket.url().includes('/socket.io/'));
    await page.goto('/chat-admin');
    await page.getByTestId('chat-list').waitFor();
    await websocket;
    await page.waitForTimeout(1_500);
    expect(await listPollsDuring(page, 6_000)).toBe(0);
    await context.close();
  });

  it('without the socket the list is polled every 2 s; once the socket is back the polling stops', async () => {
    const { page, context } = await openPage(browser, baseURL, 1280);
    await page.route('**/socket.io/**', (route) => route.abort());
    await signIn(page, admin.email, admin.password);
    await page.goto('/chat-admin');
    await page.getByTestId('chat-list').waitFor();
    await page.getByTestId('connection-banner').and(page.locator('[data-state="lost"]')).waitFor();
    const polls = await listPollsDuring(page, 6_500);
    expect(polls).toBeGreaterThanOrEqual(2);
    expect(polls).toBeLessThanOrEqual(5);

    await page.unroute('**/socket.io/**');
    await page.getByTestId('connection-banner').and(page.locator('[data-state="restored"]')).waitFor({ timeout: 15_000 });
    await page.waitForTimeout(1_500); // the catch-up after the reconnect
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
