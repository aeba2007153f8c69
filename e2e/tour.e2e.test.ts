import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { e2eServer } from './support/server';
import { launchBrowser, openPage, screenshot, settled } from './support/browser';
import { makeJpegInBrowser, signInByApi, useSessionInBrowser } from './support/members';

/**
 * A walk through the product as each kind of user meets it (spec §2 route table, §6 roles): every
 * route the role may see, at a phone width and a desktop width. Each screen must load without a
 * console error of the app's own, never scroll sideways, and show the top bar the role is owed
 * (§2: Dashboard for the admin only, Membership for trial and member, SIGN IN when signed out, the
 * dropdown's items). A screenshot of each goes to .e2e-artifacts/tour-* to be looked at.
 */
const chromiumPath = inject('chromium');
const baseURL = e2eServer().baseURL;
const admin = inject('admin');
const accounts = e2eServer().accounts;

/**
 * This machine has no internet: the public IP lookup of the page-visit log and the TradingView
 * script cannot load; the app handles both (IP "Unknown", the chart's fallback).
 */
// Also left out: a Socket.IO poll refused with 400 once its engine session is gone (a reconnection
// under load); the client opens a new session by itself and catches up by seq. The app's own calls count.
const appErrors = (errors: string[]) =>
  errors.filter(
    (text) =>
      !/^Failed to load resource: net::ERR_(NAME_NOT_RESOLVED|INTERNET_DISCONNECTED)/.test(text) &&
      !/^Failed to load resource: the server responded with a status of 400 \(Bad Request\) \S+\/socket\.io\/\?EIO=4&transport=polling/.test(text),
  );

const PUBLIC = ['/', '/history', '/live', '/signals', '/faq-chat', '/home-dashboard', '/history-dashboard', '/faq-chat-dashboard', '/live-dashboard'];
const SIGNED_IN = ['/settings', '/dashboard-member', '/payment-membership', '/chat-user'];
const ADMIN_ONLY = ['/dashboard', '/manage-membership', '/manage-history', '/manage-history/create', '/chat-admin', '/log-activity'];
const GUEST_ONLY = ['/auth/login', '/auth/register', '/auth/verify-email', '/auth/forgot-password', '/auth/reset-password', '/auth/404'];

/** Where a route sends a role on purpose: the admin's messages are on /chat-admin. */
const REDIRECTS: Partial<Record<Role, Record<string, string>>> = { admin: { '/chat-user': '/chat-admin' } };

type Role = 'guest' | 'trial' | 'member' | 'expired' | 'admin';

interface Tour {
  role: Role;
  routes: string[];
  /** The top bar's links (spec §2), in order. */
  links: string[];
  /** The dropdown's items (spec §2); none when signed out. */
  menu: string[];
}

const PUBLIC_LINKS = ['Home', 'History', 'Live', 'Signals', 'FAQ Chat'];
const MEMBER_MENU = ['Profile', 'Message', 'Sign Out'];

const TOURS: Tour[] = [
  { role: 'guest', routes: [...PUBLIC, ...GUEST_ONLY], links: PUBLIC_LINKS, menu: [] },
  { role: 'trial', routes: [...PUBLIC, ...SIGNED_IN], links: [...PUBLIC_LINKS, 'Membership'], menu: MEMBER_MENU },
  { role: 'member', routes: [...PUBLIC, ...SIGNED_IN], links: [...PUBLIC_LINKS, 'Membership'], menu: MEMBER_MENU },
  { role: 'expired', routes: [...PUBLIC, ...SIGNED_IN], links: [...PUBLIC_LINKS, 'Membership'], menu: MEMBER_MENU },
  {
    role: 'admin',
    routes: [...PUBLIC, ...SIGNED_IN, ...ADMIN_ONLY],
    links: [...PUBLIC_LINKS, 'Dashboard'],
    menu: ['Profile', 'Message', 'Manage History', 'Manage Membership', 'Sign Out'],
  },
];

const credentials = (role: Role) => {
  if (role === 'admin') return admin;
  if (role === 'guest') return null;
  return accounts![role];
};

/** The page has rendered its route (lazy chunk in, first data in): no spinner left in the content. */
const settle = async (page: Page) => {
  await page.locator('#main').waitFor();
  await page.waitForFunction(() => !document.querySelector('#main [role="status"][aria-label^="Loading"]'), undefined, { timeout: 10_000 }).catch(() => undefined);
  await settled(page);
};

/** Visible form fields without a label and buttons or links without a name (accessibility basics). */
const unnamedControls = (): string[] => {
  const visible = (element: Element) => (element as HTMLElement).offsetParent !== null || getComputedStyle(element).position === 'fixed';
  const named = (element: Element) =>
    Boolean(element.getAttribute('aria-label')?.trim() || element.getAttribute('aria-labelledby') || element.getAttribute('title'));
  const found: string[] = [];
  for (const field of Array.from(document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select'))) {
    if (field.type === 'hidden' || !visible(field)) continue;
    if (!(field.labels && field.labels.length > 0) && !named(field)) found.push(`${field.tagName.toLowerCase()}[name=${field.name}]`);
  }
  for (const control of Array.from(document.querySelectorAll('button, a[href], [role="button"]'))) {
    if (!visible(control)) continue;
    if (!control.textContent?.trim() && !named(control) && !control.querySelector('img[alt]:not([alt=""])')) found.push(control.outerHTML.slice(0, 80));
  }
  return found;
};

const topBarLinks = async (page: Page, width: number, shot: string): Promise<string[]> => {
  if (width >= 992) return page.locator('header nav[aria-label="Main"] a').allInnerTexts();
  await page.getByRole('button', { name: 'Open navigation menu' }).click();
  await screenshot(page, shot);
  // the mobile menu's SIGN IN button and the viewer's next step (viewer-actions.e2e) are checked on their own
  const links = (await page.locator('#mobile-nav nav a:not([data-testid="nav-viewer-action"])').allInnerTexts()).filter((text) => text !== 'SIGN IN');
  await page.getByRole('button', { name: 'Close navigation menu' }).click();
  return links;
};

describe.runIf(chromiumPath)('a tour of every screen, per role and width', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser(chromiumPath!);
  });
  afterAll(() => browser?.close());

  for (const tour of TOURS) {
    // One sign-in per role: the same page is looked at phone-wide, then desktop-wide.
    it(`${tour.role}: ${tour.routes.length} screens at 375 and 1280 px`, { timeout: 420_000 }, async () => {
      const { page, context, errors } = await openPage(browser, baseURL, 375, 740);
      const account = credentials(tour.role);
      if (account) await useSessionInBrowser(page, await signInByApi(baseURL, account.email, account.password));
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: width < 768 ? 740 : 800 });
        const problems: string[] = [];

        for (const route of tour.routes) {
          await page.goto(route);
          await settle(page);
          const where = `${tour.role} ${width} ${route}`;
          // no route guard sent this role away
          const expected = REDIRECTS[tour.role]?.[route] ?? route;
          // a redirect of the app happens once its page has rendered (an effect): given its moment
          if (expected !== route) await page.waitForURL((url) => url.pathname === expected, { timeout: 10_000 }).catch(() => undefined);
          if (!GUEST_ONLY.includes(route) && new URL(page.url()).pathname !== expected) problems.push(`${where}: landed on ${page.url()}`);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          if (overflow > 0) problems.push(`${where}: scrolls sideways by ${overflow} px`);
          const unnamed = await page.evaluate(unnamedControls);
          if (unnamed.length) problems.push(`${where}: controls without a name ${JSON.stringify(unnamed)}`);
          await screenshot(page, `tour-${tour.role}-${width}-${route === '/' ? 'home' : route.slice(1).replaceAll('/', '_')}`);
          const own = appErrors(errors.splice(0));
          if (own.length) problems.push(`${where}: console errors ${JSON.stringify(own)}`);
        }
        expect(problems).toEqual([]);

        // Trials and expired members write to the admins (contract §9), told that the live room needs a membership.
        if ((tour.role === 'trial' || tour.role === 'expired') && width >= 768) {
          await page.goto('/chat-user');
          await page.getByText('You can message the admins here. Posting in the live room needs an active membership.').waitFor();
          await page.getByText('Write your first message to the admins.').waitFor();
          await page.getByRole('textbox', { name: 'Message' }).waitFor();
          expect(await page.getByText('Register as a member to post comments!').count()).toBe(0);
        }

        // An admin holds no membership: the membership dashboard says so instead of "Expired".
        if (tour.role === 'admin') {
          await page.goto('/dashboard-member');
          await page.getByText('Admins do not need a membership.').waitFor();
          expect(await page.getByTestId('membership-status').count()).toBe(0);
          expect(await page.getByRole('heading', { name: 'Payment history' }).count()).toBe(0);
        }

        // The top bar of spec §2 for this role.
        await page.goto('/history');
        await settle(page);
        expect(await topBarLinks(page, width, `tour-${tour.role}-${width}-mobile-nav`)).toEqual(tour.links);
        const signIn = page.getByRole('link', { name: 'SIGN IN' });
        if (tour.menu.length === 0) {
          if (width < 992) await page.getByRole('button', { name: 'Open navigation menu' }).click();
          await expect(signIn.isVisible()).resolves.toBe(true);
          expect(await page.getByTestId('user-menu-trigger').count()).toBe(0);
        } else {
          expect(await signIn.count()).toBe(0);
          await page.getByTestId('user-menu-trigger').click();
          const menu = page.getByTestId('user-menu');
          await menu.waitFor();
          expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(tour.menu);
          await expect(menu.getByTestId('user-menu-email').innerText()).resolves.toBe(account!.email);
          await screenshot(page, `tour-${tour.role}-${width}-menu`);
          await page.keyboard.press('Escape');
        }
        expect(appErrors(errors)).toEqual([]);
      }
      await context.close();
    });
  }

  it('the chat screens under 768 px show either the list or one conversation, with a way back', { timeout: 90_000 }, async () => {
    const member = await openPage(browser, baseURL, 375, 740);
    // an account of its own: the chat suite needs the shared member without a conversation
    await useSessionInBrowser(member.page, await signInByApi(baseURL, accounts!.tourMember.email, accounts!.tourMember.password));
    await member.page.goto('/chat-user');
    await settle(member.page);
    const list = member.page.getByTestId('chat-list');
    const back = member.page.getByTestId('chat-back');
    await expect(list.isVisible()).resolves.toBe(true);
    await expect(back.isVisible()).resolves.toBe(false);
    await member.page.getByRole('button', { name: 'Message admin' }).click();
    await expect(list.isVisible()).resolves.toBe(false);
    await back.waitFor();
    const text = `Halo admin, pembayaran saya ${Date.now().toString(36)}`;
    const input = member.page.getByRole('textbox', { name: 'Message' });
    await input.fill(text);
    await input.press('Enter');
    // the server has it (a message on its way shows at once, marked data-delivery)
    await member.page.locator('[data-testid="chat-message"]:not([data-delivery])').filter({ hasText: text }).waitFor();
    await screenshot(member.page, 'tour-member-375-chat-user-conversation');
    await back.click();
    await member.page.getByTestId('chat-list-item').first().waitFor();
    await screenshot(member.page, 'tour-member-375-chat-user-list');

    const boss = await openPage(browser, baseURL, 375, 740);
    await useSessionInBrowser(boss.page, await signInByApi(baseURL, admin.email, admin.password));
    await boss.page.goto('/chat-admin');
    await settle(boss.page);
    const item = boss.page.getByTestId('chat-list-item').filter({ hasText: text });
    await item.waitFor();
    await screenshot(boss.page, 'tour-admin-375-chat-admin-list');
    await item.click();
    await boss.page.getByTestId('chat-message').filter({ hasText: text }).waitFor();
    await expect(boss.page.getByTestId('chat-list').isVisible()).resolves.toBe(false);
    await screenshot(boss.page, 'tour-admin-375-chat-admin-conversation');
    await boss.page.getByTestId('chat-back').click();
    await item.waitFor();
    for (const { page } of [member, boss]) {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBe(0);
    }
    expect(appErrors(member.errors)).toEqual([]);
    expect(appErrors(boss.errors)).toEqual([]);
    await member.context.close();
    await boss.context.close();
  });

  it('when the API fails, every data screen says so instead of spinning or showing nothing', { timeout: 240_000 }, async () => {
    const DOWN = 'The server is down for a moment.';
    const SAYS_SO = [DOWN, 'Gagal memuat data', 'Could not load'];
    const results: string[] = [];
    for (const [role, routes] of [
      // /history is drawn whole by the server (its loader reads the entries): nothing the browser reads fails there
      ['member', ['/faq-chat', '/settings', '/dashboard-member', '/payment-membership', '/chat-user']],
      ['admin', ['/dashboard', '/manage-membership', '/manage-history', '/log-activity', '/chat-admin']],
    ] as const) {
      const { page, context } = await openPage(browser, baseURL, 375, 740);
      const account = role === 'admin' ? admin : accounts!.member;
      await useSessionInBrowser(page, await signInByApi(baseURL, account.email, account.password));
      await page.route('**/api/**', (route) =>
        // the visit log and the heartbeat write in the background; every read fails
        route.request().method() === 'POST' && /\/api\/auth\/(log-activity|heartbeat)$/.test(new URL(route.request().url()).pathname)
          ? route.continue()
          : route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: DOWN }) }),
      );
      for (const route of routes) {
        await page.goto(route);
        await page.locator('#main').waitFor();
        // until the screen says so (about a second on a quiet machine, one try and one retry; 30 s at
        // most while other suites share the cores, where the member dashboard's two reads were seen
        // still loading after 15 s: a screen that never does is reported below)
        await page
          .waitForFunction((words) => words.some((text) => document.querySelector('#main')?.textContent?.includes(text)), SAYS_SO, { timeout: 30_000 })
          .catch(() => undefined);
        await settled(page);
        await screenshot(page, `tour-error-${role}-375-${route.slice(1)}`);
        const text = await page.locator('#main').innerText();
        const spinning = await page.locator('#main [role="status"][aria-label^="Loading"]').count();
        const saysSo = SAYS_SO.some((words) => text.includes(words));
        results.push(`${route}: ${saysSo ? 'says so' : spinning ? 'still loading' : 'silent'}`);
      }
      if (role === 'member') {
        await page.goto('/history');
        await page.getByRole('heading', { name: 'History', exact: true }).waitFor();
        expect(await page.locator('#main [role="status"][aria-label^="Loading"]').count()).toBe(0);
        expect(await page.locator('#main').innerText()).not.toContain(DOWN);
      }
      // and once the server answers again, the screens recover: the chat list by itself, the rest on Try again
      const recovering = role === 'admin' ? '/chat-admin' : '/chat-user';
      await page.goto(recovering);
      await page.getByTestId('chat-list-failed').waitFor();
      await page.unrouteAll();
      await page.getByTestId('chat-list-failed').waitFor({ state: 'detached', timeout: 5_000 });
      if (role === 'member') {
        await page.route('**/api/auth/me', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: DOWN }) }));
        await page.goto('/dashboard-member');
        await page.getByText(DOWN).waitFor();
        await page.unrouteAll();
        // Try again reads it again; a read of /auth/me by another part of the page (the socket's
        // catch-up) may have got there first, and the screen is back without it
        const status = page.getByTestId('membership-status');
        const tryAgain = page.getByRole('button', { name: 'Try again' });
        await tryAgain.or(status).first().waitFor();
        await tryAgain.click({ timeout: 2_000 }).catch(() => undefined);
        await status.waitFor();
      }
      await context.close();
    }
    expect(results).toEqual(results.map((line) => line.replace(/: .*/, ': says so')));
  });

  it('dialogs have a title and take the focus when they open (crop at 375 px, edit member at 1280 px)', { timeout: 60_000 }, async () => {
    const dialogState = (page: Page) =>
      page.evaluate(() => {
        const dialog = document.querySelector('[role="dialog"], [role="alertdialog"]');
        const titleId = dialog?.getAttribute('aria-labelledby');
        return {
          title: titleId ? (document.getElementById(titleId)?.textContent ?? '') : '',
          focusInside: Boolean(dialog && document.activeElement && dialog.contains(document.activeElement)),
        };
      });

    const member = await openPage(browser, baseURL, 375, 740);
    await useSessionInBrowser(member.page, await signInByApi(baseURL, accounts!.trial.email, accounts!.trial.password));
    await member.page.goto('/settings');
    await settle(member.page);
    const jpeg = await makeJpegInBrowser(member.page, 900, 1200);
    await member.page.getByTestId('profile-file-input').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await member.page.getByTestId('crop-dialog').waitFor();
    await settled(member.page);
    expect(await dialogState(member.page)).toEqual({ title: expect.stringMatching(/\S/), focusInside: true });
    await screenshot(member.page, 'tour-trial-375-settings-crop');
    await member.page.keyboard.press('Escape');
    await member.page.getByTestId('crop-dialog').waitFor({ state: 'detached' });
    expect(appErrors(member.errors)).toEqual([]);
    await member.context.close();

    const boss = await openPage(browser, baseURL, 1280);
    await useSessionInBrowser(boss.page, await signInByApi(baseURL, admin.email, admin.password));
    await boss.page.goto('/manage-membership');
    await settle(boss.page);
    await boss.page.getByRole('button', { name: /^Edit/ }).first().click();
    await boss.page.getByRole('dialog').waitFor();
    await settled(boss.page);
    expect(await dialogState(boss.page)).toEqual({ title: expect.stringMatching(/^Edit /), focusInside: true });
    await screenshot(boss.page, 'tour-admin-1280-manage-membership-edit');
    expect(appErrors(boss.errors)).toEqual([]);
    await boss.context.close();
  });
});
