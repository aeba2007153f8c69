import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { e2eServer } from './support/server';
import { launchBrowser, openPage, screenshot, settled } from './support/browser';
import { appErrors, signInByApi, signUpByApi, useSessionInBrowser, type ApiSession } from './support/members';

/**
 * The unread badge: a private message for the signed-in user shows on the avatar of the
 * top bar and on its Message item, on any page, without a reload (the socket), and goes once the
 * conversation is read. Each test has accounts of its own (a fresh sign-up), so counts start known.
 */
const chromiumPath = inject('chromium');
const baseURL = e2eServer().baseURL;
const admin = inject('admin');
const outbox = () => path.join(e2eServer().dataDir, 'outbox.jsonl');

/** The top of the screen as it shows (the bar, and the dropdown when open). */
const shoot = async (page: Page, name: string) => {
  await settled(page);
  await screenshot(page, `unread-badge/${name}`, { fullPage: false });
};

const api = async <T>(session: ApiSession, method: string, route: string, body?: unknown): Promise<T> => {
  const response = await fetch(`${baseURL}/api${route}`, {
    method,
    headers: { authorization: `Bearer ${session.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
};

/** The member's conversation with the admins, opened as /chat-user's "Message admin" does. */
const openChat = async (member: ApiSession) => (await api<{ chat: { _id: string } }>(member, 'POST', '/chat/with-admin')).chat._id;
const post = (session: ApiSession, chatId: string, content: string) => api(session, 'POST', '/chat', { content, type: 'private', chatId });

/** The account button, its badge and its name. */
const trigger = (page: Page) => page.getByTestId('user-menu-trigger');
const avatarBadge = (page: Page) => page.getByTestId('avatar-unread-badge');
const unreadOf = async (page: Page) => Number(await trigger(page).getAttribute('data-unread'));

/** What only a reload would forget: set once the screen is up, read after the change. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { __sameDocument?: boolean }).__sameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

/** The unread layer's first read of the chat list (it loads once the page has, with the socket). */
const firstRead = (page: Page, kind: 'user' | 'admin') =>
  page.waitForResponse((response) => response.url().endsWith(`/api/chat/${kind}/chats`) && response.request().method() === 'GET');

describe.runIf(chromiumPath)('the unread badge on the avatar and its Message item', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser(chromiumPath!);
  });
  afterAll(() => browser?.close());

  it('a member on Home: an admin reply raises the badge without a reload, on /settings too; opening the chat takes it away', async () => {
    const boss = await signInByApi(baseURL, admin.email, admin.password);
    const signedUp = await signUpByApi(baseURL, outbox(), 'unread');
    await api(boss, 'PATCH', `/admin/members/${signedUp.user._id}`, {
      role: 'member',
      membershipTier: 'pro',
      duration: 'monthly',
      membershipEnd: new Date(Date.now() + 30 * 24 * 3_600_000).toISOString(),
    });
    const member = await signInByApi(baseURL, signedUp.user.email, signedUp.password);
    const chatId = await openChat(member);
    await post(member, chatId, 'Halo admin, sinyal hari ini kapan?');

    const { page, context, errors } = await openPage(browser, baseURL, 1280, 800);
    await useSessionInBrowser(page, member);
    const read = firstRead(page, 'user');
    await page.goto('/');
    expect(((await (await read).json()) as { chats: { unreadCount: number }[] }).chats.map((chat) => chat.unreadCount)).toEqual([0]);
    await trigger(page).waitFor();
    expect(await avatarBadge(page).count()).toBe(0);
    expect(await trigger(page).getAttribute('aria-label')).toBe(`Account menu for ${member.user.username}`);
    await markDocument(page);

    // The admin replies: the badge rises on Home, by push.
    await post(boss, chatId, 'Sinyal berikutnya sekitar jam 14:00.');
    await avatarBadge(page).filter({ hasText: /^1$/ }).waitFor({ timeout: 5_000 });
    expect(await trigger(page).getAttribute('aria-label')).toBe(`Account menu for ${member.user.username}, 1 unread message`);
    expect(await sameDocument(page)).toBe(true);
    await shoot(page, 'member-home-badge-1280');

    // The dropdown's Message item says it too, and leads to /chat-user.
    await trigger(page).click();
    const menu = page.getByTestId('user-menu');
    const messageItem = menu.getByRole('menuitem', { name: 'Message, 1 unread message' });
    await messageItem.waitFor();
    await expect(messageItem.getByTestId('message-unread-badge').innerText()).resolves.toBe('1');
    expect(await messageItem.getAttribute('href')).toBe('/chat-user');
    await shoot(page, 'member-home-menu-1280');

    // Another page of the app (the menu's Profile, no reload): the next reply counts there too.
    await menu.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL('**/settings');
    await post(boss, chatId, 'Silakan cek halaman Live.');
    await avatarBadge(page).filter({ hasText: /^2$/ }).waitFor({ timeout: 5_000 });
    expect(await sameDocument(page)).toBe(true);

    // At 375 px the avatar alone carries it.
    await page.setViewportSize({ width: 375, height: 740 });
    await avatarBadge(page).filter({ hasText: /^2$/ }).waitFor();
    await shoot(page, 'member-settings-badge-375');
    // the badge stays inside the phone's width
    await expect
      .poll(async () => {
        const box = await avatarBadge(page).boundingBox();
        return box ? box.x + box.width : Number.POSITIVE_INFINITY;
      })
      .toBeLessThanOrEqual(375);
    await trigger(page).click();
    await menu.getByRole('menuitem', { name: 'Message, 2 unread messages' }).waitFor();
    await shoot(page, 'member-settings-menu-375');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The member opens the chat from the menu: the conversation is read, the badge goes.
    await trigger(page).click();
    await menu.getByRole('menuitem', { name: /^Message/ }).click();
    await page.waitForURL('**/chat-user');
    await page.getByTestId('chat-message').filter({ hasText: 'Silakan cek halaman Live.' }).waitFor();
    await avatarBadge(page).waitFor({ state: 'detached', timeout: 5_000 });
    expect(await trigger(page).getAttribute('aria-label')).toBe(`Account menu for ${member.user.username}`);

    // A reply into the open conversation is read as it arrives: no badge for it.
    const marked = page.waitForResponse((response) => /\/api\/chat\/[^/]+\/read$/.test(response.url()) && response.status() === 204);
    await post(boss, chatId, 'Sama-sama.');
    await page.getByTestId('chat-message').filter({ hasText: 'Sama-sama.' }).waitFor({ timeout: 5_000 });
    await marked;
    // the list read after that mark (its chat.read event) says zero, and so does the badge
    await page.waitForResponse(
      async (response) =>
        response.url().endsWith('/api/chat/user/chats') && ((await response.json()) as { chats: { unreadCount: number }[] }).chats[0]?.unreadCount === 0,
    );
    await page.waitForFunction(() => document.querySelector('[data-testid="user-menu-trigger"]')?.getAttribute('data-unread') === '0');
    expect(await avatarBadge(page).count()).toBe(0);
    expect(await sameDocument(page)).toBe(true);
    expect(appErrors(errors)).toEqual([]);
    await context.close();
  });

  it('an admin on Home: a member writing raises the admin’s badge; reading that conversation lowers it again', async () => {
    const boss = await signInByApi(baseURL, admin.email, admin.password);
    const { page, context, errors } = await openPage(browser, baseURL, 1280, 800);
    await useSessionInBrowser(page, boss);
    const read = firstRead(page, 'admin');
    await page.goto('/');
    // Other conversations may wait unread already (the test before): the count moves from there.
    const before = ((await (await read).json()) as { chats: { unreadCount: number }[] }).chats.reduce((sum, chat) => sum + chat.unreadCount, 0);
    await page.waitForFunction(
      (count) => document.querySelector('[data-testid="user-menu-trigger"]')?.getAttribute('data-unread') === String(count),
      before,
    );
    await markDocument(page);

    // A trial writes to the admins.
    const writer = await signUpByApi(baseURL, outbox(), 'unreadw');
    const chatId = await openChat(writer);
    await post(writer, chatId, 'Admin, bagaimana cara upgrade ke Pro?');
    await page.waitForFunction(
      (count) => document.querySelector('[data-testid="user-menu-trigger"]')?.getAttribute('data-unread') === String(count),
      before + 1,
      { timeout: 5_000 },
    );
    await avatarBadge(page).filter({ hasText: String(before + 1) }).waitFor();
    const label = `${before + 1} unread message${before + 1 === 1 ? '' : 's'}`;
    expect(await trigger(page).getAttribute('aria-label')).toBe(`Account menu for ${boss.user.username}, ${label}`);
    expect(await sameDocument(page)).toBe(true);
    await shoot(page, 'admin-home-badge-1280');

    await trigger(page).click();
    const messageItem = page.getByTestId('user-menu').getByRole('menuitem', { name: `Message, ${label}` });
    await messageItem.waitFor();
    expect(await messageItem.getAttribute('href')).toBe('/chat-admin');
    await shoot(page, 'admin-home-menu-1280');
    await page.setViewportSize({ width: 375, height: 740 });
    await shoot(page, 'admin-home-menu-375');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The admin opens that conversation: it is read, the count is back where it was.
    await messageItem.click();
    await page.waitForURL('**/chat-admin');
    await page.locator(`[data-testid="chat-list-item"][data-chat-id="${chatId}"]`).click();
    await page.getByTestId('chat-message').filter({ hasText: 'Admin, bagaimana cara upgrade ke Pro?' }).waitFor();
    await page.waitForFunction(
      (count) => document.querySelector('[data-testid="user-menu-trigger"]')?.getAttribute('data-unread') === String(count),
      before,
      { timeout: 5_000 },
    );
    expect(await unreadOf(page)).toBe(before);
    expect(await sameDocument(page)).toBe(true);
    expect(appErrors(errors)).toEqual([]);
    await context.close();
  });
});
