import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { e2eServer } from './support/server';
import { launchBrowser, openPage, screenshot, settled } from './support/browser';
import { appErrors, signInByApi, signUpByApi, useSessionInBrowser, type ApiSession } from './support/members';

const chromiumPath = inject('chromium');
const baseURL = e2eServer().baseURL;
const outbox = () => path.join(e2eServer().dataDir, 'outbox.jsonl');

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** GET /auth/me with a session's token: 200 while it lives, 401 once it ended. */
const meStatus = async (session: ApiSession): Promise<number> =>
  (await fetch(`${baseURL}/api/auth/me`, { headers: { authorization: `Bearer ${session.token}` } })).status;

const sessionRows = (page: Page) => page.getByTestId('session-row');
/** Waits until the devices list shows `count` rows (a page load, a sign-out, a refresh behind it). */
const rowsToBe = (page: Page, count: number) => expect.poll(() => sessionRows(page).count(), { timeout: 10_000 }).toBe(count);

/** The signed-in devices and the password, on /settings. */
describe.runIf(chromiumPath)('security on /settings', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser(chromiumPath!);
  });
  afterAll(() => browser?.close());

  it('lists where the user is signed in, signs another device out, and changes the password', async () => {
    const { page, context, errors } = await openPage(browser, baseURL, 1280);
    // The browser's session is signed in with the browser's own User-Agent, as a sign-in form would be.
    const browserAgent = await page.evaluate(() => navigator.userAgent);
    const session = await signUpByApi(baseURL, outbox(), 'sec', { userAgent: browserAgent });
    const phone = await signInByApi(baseURL, session.user.email, session.password, { userAgent: IPHONE });
    await useSessionInBrowser(page, session);
    await page.goto('/settings');

    const security = page.getByTestId('security-section');
    await rowsToBe(page, 2);
    const current = page.locator('[data-testid="session-row"][data-current="true"]');
    expect(await current.count()).toBe(1);
    await expect(current.innerText()).resolves.toMatch(/Chrome on Linux[\s\S]*This device/);
    expect(await current.getByRole('button', { name: /Sign out/ }).count()).toBe(0);
    const other = page.locator('[data-testid="session-row"]:not([data-current])');
    const otherText = await other.innerText();
    expect(otherText).toContain('Safari on iPhone');
    expect(otherText).toContain('127.0.0.1');
    expect(otherText).toMatch(/Last active just now/);
    expect(otherText).not.toContain('This device');
    await settled(page);
    await screenshot(page, 'settings-security-1280');
    await screenshot(security, 'settings-security-section-1280');

    // The same account on a phone-sized screen: the rows stack, nothing scrolls sideways.
    const narrow = await openPage(browser, baseURL, 375, 740);
    await useSessionInBrowser(narrow.page, session);
    await narrow.page.goto('/settings');
    await rowsToBe(narrow.page, 2);
    await settled(narrow.page);
    await screenshot(narrow.page, 'settings-security-375');
    // the devices as the phone shows them, scrolled to (the viewport only: the top bar stays where it is fixed)
    await narrow.page.getByTestId('session-list').scrollIntoViewIfNeeded();
    await settled(narrow.page);
    await screenshot(narrow.page, 'settings-security-devices-375', { fullPage: false });
    expect(await narrow.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(appErrors(narrow.errors)).toEqual([]);
    await narrow.context.close();

    // Signing the phone out ends its token at once.
    expect(await meStatus(phone)).toBe(200);
    await security.getByRole('button', { name: 'Sign out Safari on iPhone' }).click();
    await security.getByText('Signed out Safari on iPhone.').waitFor();
    await rowsToBe(page, 1);
    expect(await meStatus(phone)).toBe(401);
    expect(await security.getByRole('button', { name: 'Sign out all other devices' }).isDisabled()).toBe(true);

    // Change password: the form's own checks first, then the server's.
    const passwordForm = page.getByRole('form', { name: 'Change password' });
    const submit = passwordForm.getByRole('button', { name: 'Change password' });
    const newPassword = 'a brand new password 2';
    await passwordForm.getByLabel('Current password').fill('not my password 1');
    await passwordForm.getByLabel('New password', { exact: true }).fill(newPassword);
    await passwordForm.getByLabel('Confirm new password').fill(`${newPassword}!`);
    await submit.click();
    await passwordForm.getByText('Passwords do not match.').waitFor();
    await passwordForm.getByLabel('Confirm new password').fill(newPassword);
    const refused = page.waitForResponse((response) => response.url().endsWith('/api/auth/change-password'));
    await submit.click();
    expect((await refused).status()).toBe(400);
    await passwordForm.getByText('The current password is wrong.').waitFor();
    expect(await passwordForm.getByLabel('Current password').getAttribute('aria-invalid')).toBe('true');
    // a wrong current password changed nothing
    expect((await signInByApi(baseURL, session.user.email, session.password)).user._id).toBe(session.user._id);
    await page.reload();
    await rowsToBe(page, 2);

    await passwordForm.getByLabel('Current password').fill(session.password);
    await passwordForm.getByLabel('New password', { exact: true }).fill(newPassword);
    await passwordForm.getByLabel('Confirm new password').fill(newPassword);
    await submit.click();
    await passwordForm.getByText('Your password has been changed. Your other devices are signed out.').waitFor();
    // the fields are emptied, the device signed in meanwhile is gone from the list, this one stays signed in
    expect(await passwordForm.getByLabel('Current password').inputValue()).toBe('');
    await rowsToBe(page, 1);
    expect(await meStatus(session)).toBe(200);
    await expect(signInByApi(baseURL, session.user.email, session.password)).rejects.toThrow(/401/);

    // "Sign out all other devices" with the new password's sign-in on a computer.
    const laptop = await signInByApi(baseURL, session.user.email, newPassword, { userAgent: WINDOWS });
    await page.reload();
    await page.locator('[data-testid="session-row"]:not([data-current])').getByText('Chrome on Windows').waitFor();
    await security.getByRole('button', { name: 'Sign out all other devices' }).click();
    await security.getByText('Signed out 1 other device.').waitFor();
    await rowsToBe(page, 1);
    expect(await meStatus(laptop)).toBe(401);
    expect(await meStatus(session)).toBe(200);
    // the one refused change of password is the only request that failed
    expect(appErrors(errors)).toEqual([`Failed to load resource: the server responded with a status of 400 (Bad Request) ${baseURL}/api/auth/change-password`]);
    await context.close();
  });

  it('shows the loading state, then a failed read with Try again', async () => {
    const session = await signUpByApi(baseURL, outbox(), 'secerr');
    const { page, context } = await openPage(browser, baseURL, 1280);
    await useSessionInBrowser(page, session);
    // The list's reads wait for the test, then fail as a busy server would, until the test lets them through.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let failing = true;
    await page.route('**/api/auth/sessions', async (route) => {
      await held;
      // a read the page gave up on meanwhile (a remount) cannot be answered any more
      if (failing) await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'The service is busy.' }) }).catch(() => {});
      else await route.continue().catch(() => {});
    });
    await page.goto('/settings');
    const security = page.getByTestId('security-section');
    await security.getByRole('status', { name: 'Loading your devices' }).waitFor();
    expect(await sessionRows(page).count()).toBe(0);
    release();
    await security.getByText('The service is busy.').waitFor();
    expect(await security.getByRole('status', { name: 'Loading your devices' }).count()).toBe(0);
    await settled(page);
    await screenshot(page, 'settings-security-error-1280');

    failing = false;
    await security.getByRole('button', { name: 'Try again' }).click();
    await rowsToBe(page, 1);
    expect(await security.getByText('The service is busy.').count()).toBe(0);
    await context.close();
  });
});
