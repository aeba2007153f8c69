import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { e2eServer } from './support/server';
import { launchBrowser, openPage, screenshot, settled } from './support/browser';
import { appErrors, signInByApi, signInThroughForm, useSessionInBrowser } from './support/members';

const admin = inject('admin');

/**
 * Actions that fit the viewer: a signed-in trial is offered a membership on Home, in the
 * top bar and at the /live gate, never sign-up or sign-in; a guest who signs in from the gate comes
 * back to /live. The seeded accounts (support/seed.ts) are the trial, the paid member and the expired one.
 */
const chromiumPath = inject('chromium');
const baseURL = e2eServer().baseURL;
const accounts = e2eServer().accounts;

const shoot = async (page: Page, name: string, fullPage = true) => {
  await settled(page);
  await screenshot(page, `viewer-actions/${name}`, { fullPage });
};

/** Home is long: its hero and its promo, each as the screen shows it. */
const shootHome = async (page: Page, name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, `${name}-hero`, false);
  await page.getByTestId('promo-action').scrollIntoViewIfNeeded();
  await shoot(page, `${name}-promo`, false);
};

// A trial who has sent a payment meanwhile (another suite) is shown it instead: either is its next step.
const TRIAL_STEPS = ['Choose a membership', 'See your pending payment'];

const signUpLinks = (page: Page) => page.locator('a[href="/auth/register"], a[href="/auth/login"]');

describe.runIf(chromiumPath && accounts)('actions that fit the viewer', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser(chromiumPath!);
  });
  afterAll(() => browser?.close());

  for (const width of [1280, 375]) {
    it(`a trial at ${width} px: Home and /live offer a membership, never sign-up or sign-in`, async () => {
      const { page, context, errors } = await openPage(browser, baseURL, width, 800);
      await useSessionInBrowser(page, await signInByApi(baseURL, accounts!.trial.email, accounts!.trial.password));

      await page.goto('/');
      const hero = page.getByTestId('hero-actions').getByTestId('viewer-action');
      await hero.waitFor();
      expect(TRIAL_STEPS).toContain((await hero.innerText()).trim());
      expect(await page.getByTestId('hero-actions').getByRole('link', { name: 'Join Now' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Create an Account' }).count()).toBe(0);
      expect(TRIAL_STEPS).toContain((await page.getByTestId('promo-action').innerText()).trim());
      expect(await signUpLinks(page).count()).toBe(0);
      if (width === 1280) expect(TRIAL_STEPS).toContain((await page.getByTestId('nav-viewer-action').innerText()).trim());
      await shootHome(page, `home-trial-${width}`);

      await page.goto('/live');
      const gate = page.getByTestId('live-gate');
      await gate.getByTestId('viewer-action').waitFor();
      expect(TRIAL_STEPS).toContain((await gate.getByTestId('viewer-action').innerText()).trim());
      expect(await gate.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
      expect(await gate.getByRole('link', { name: 'Sign Up' }).count()).toBe(0);
      expect(await signUpLinks(page).count()).toBe(0);
      await shoot(page, `live-trial-${width}`);

      if (width === 375) {
        await page.getByRole('button', { name: 'Open navigation menu' }).click();
        await page.locator('#mobile-nav').getByRole('link', { name: /Choose a membership|See your pending payment/ }).waitFor();
        await shoot(page, `nav-trial-${width}`);
      }
      expect(appErrors(errors)).toEqual([]);
      await context.close();
    });
  }

  it('a guest signs in from the /live gate and comes back to /live', async () => {
    const { page, context, errors } = await openPage(browser, baseURL, 1280, 800);
    await page.goto('/live');
    const gate = page.getByTestId('live-gate');
    await gate.getByRole('link', { name: 'Sign Up' }).waitFor();
    await shoot(page, 'live-guest-1280');
    await gate.getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL('**/auth/login');
    await page.locator('input[name="email"]').fill(accounts!.member.email);
    await page.getByLabel('Password', { exact: true }).fill(accounts!.member.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/live');
    await page.getByTestId('live-chart').waitFor();
    expect(await page.getByTestId('live-gate').count()).toBe(0);
    expect(appErrors(errors)).toEqual([]);
    await context.close();
  });

  it('an expired member is offered the renewal, an active member the live chart', async () => {
    for (const width of [1280, 375]) {
      const expired = await openPage(browser, baseURL, width, 800);
      await signInThroughForm(expired.page, accounts!.expired.email, accounts!.expired.password);
      await expired.page.goto('/live');
      await expired.page.getByTestId('live-gate').getByTestId('viewer-action').filter({ hasText: 'Renew membership' }).waitFor();
      await shoot(expired.page, `live-expired-${width}`);
      await expired.page.goto('/');
      await expired.page.getByTestId('hero-actions').getByText('Renew membership').waitFor();
      await shootHome(expired.page, `home-expired-${width}`);
      await expired.context.close();

      const member = await openPage(browser, baseURL, width, 800);
      await signInThroughForm(member.page, accounts!.member.email, accounts!.member.password);
      await member.page.goto('/');
      await member.page.getByTestId('hero-actions').getByText('Open the live chart').waitFor();
      if (width === 1280) await expect(member.page.getByTestId('nav-viewer-action').innerText()).resolves.toBe('Move to Expert');
      await shootHome(member.page, `home-member-${width}`);
      // What a member comes to /live for first: on a phone the open signals come before the 500 px
      // chart; on a desktop they sit beside it.
      await member.page.goto('/live');
      // a signed-in reader's page is shown once the app has drawn their own view
      await member.page.getByTestId('live-aside').waitFor();
      await member.page.getByTestId('live-chart').waitFor();
      const aside = (await member.page.getByTestId('live-aside').boundingBox())!;
      const chart = (await member.page.getByTestId('live-chart').boundingBox())!;
      if (width === 375) expect(aside.y + aside.height).toBeLessThanOrEqual(chart.y);
      else expect(aside.x).toBeGreaterThanOrEqual(chart.x + chart.width);
      await member.context.close();
    }
  });

  it('a member who opens an admin page is told why and lands on their own dashboard', async () => {
    const { page, context } = await openPage(browser, baseURL, 1280, 800);
    await signInThroughForm(page, accounts!.member.email, accounts!.member.password);
    await page.goto('/manage-membership');
    await page.waitForURL((url) => url.pathname === '/dashboard-member');
    await page.getByText('That page is for admins.').waitFor();
    await shoot(page, 'admin-only-notice-1280', false);
    await context.close();
  });

  it('the activity log at 1280 px and 375 px: a name is never broken mid-word, times read HH:mm', async () => {
    for (const width of [1280, 375]) {
      const { page, context } = await openPage(browser, baseURL, width, 800);
      await signInThroughForm(page, admin.email, admin.password);
      await page.goto('/log-activity');
      const entry = page.getByTestId(width < 768 ? 'activity-log-card' : 'activity-log-row').first();
      await entry.waitFor();
      await expect(entry.locator('time').first().innerText()).resolves.toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
      if (width === 1280) {
        // one line per name: its text lays out as a single box
        const user = page.getByTestId('activity-log-user').first();
        const lines = await user.evaluate((cell) => {
          const range = document.createRange();
          range.selectNodeContents(cell);
          return new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top))).size;
        });
        expect(lines).toBe(1);
        expect(await user.evaluate((cell) => getComputedStyle(cell).whiteSpace)).toBe('nowrap');
      }
      await shoot(page, `log-activity-${width}`, false);
      await context.close();
    }
  });

  it('a trial reads "Trial" once in the account menu, and its status badge is grey like its tier badge', async () => {
    for (const width of [1280, 375]) {
      const { page, context } = await openPage(browser, baseURL, width, 800);
      await useSessionInBrowser(page, await signInByApi(baseURL, accounts!.trial.email, accounts!.trial.password));
      await page.goto('/dashboard-member');
      await page.getByTestId('membership-status').getByText('Trial').waitFor();
      await shoot(page, `dashboard-member-trial-${width}`, false);
      await page.getByTestId('user-menu-trigger').click();
      await page.getByTestId('user-menu').waitFor();
      expect(await page.getByTestId('user-menu-role').count()).toBe(0);
      await expect(page.getByTestId('tier-badge').innerText()).resolves.toMatch(/^trial$/i);
      await shoot(page, `account-menu-trial-${width}`, false);
      await context.close();
    }
  });
});
