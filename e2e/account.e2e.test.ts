import path from 'node:path';
import { waitForCode } from '@le/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { e2eServer } from './support/server';
import { launchBrowser, openPage, screenshot } from './support/browser';
import { appErrors, signUpByApi } from './support/members';
import { uniqueTag } from '../api/test/support/unique';

const chromiumPath = inject('chromium');
const baseURL = e2eServer().baseURL;
const outbox = () => path.join(e2eServer().dataDir, 'outbox.jsonl');

describe.runIf(chromiumPath)('accounts in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser(chromiumPath!);
  });
  afterAll(() => browser?.close());

  it('renders the home page with the top bar and footer and no console errors', async () => {
    for (const width of [375, 1280]) {
      const { page, context, errors } = await openPage(browser, baseURL, width);
      await page.goto('/');
      await page.getByText('Join Now').first().waitFor();
      await page.getByText('No Skills? No Problem.').first().waitFor();
      await page.getByText('What You Get').first().waitFor();
      await page.getByText('Advanced Technology').first().waitFor();
      expect(await page.locator('footer').count()).toBeGreaterThan(0);
      await screenshot(page, `home-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('registers, verifies with the mailed code, signs in, shows the user, and signs out', async () => {
    const { page, context, errors } = await openPage(browser, baseURL, 1280);
    const id = `e2e${uniqueTag()}`;
    const email = `${id}@example.com`;
    const password = 'browser password 1';

    await page.goto('/auth/register');
    await page.getByLabel('Name', { exact: true }).fill('Rina Wijaya');
    await page.getByLabel('Username', { exact: true }).fill(id);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Register' }).click();

    await page.waitForURL('**/auth/verify-email');
    const code = await waitForCode(outbox(), email);
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel('Code', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();

    // The code proved the address (the password was just set): signed in at once, on the trial's dashboard.
    await page.waitForURL('**/dashboard-member');
    await page.getByText('Email verified', { exact: true }).waitFor();
    await page.getByTestId('membership-status').getByText('Trial').waitFor();

    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem('role'))).toBe('trial');
    expect(await page.evaluate(() => localStorage.getItem('sessionId'))).toBeTruthy();

    await page.getByTestId('user-menu-trigger').click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await menu.getByText(id, { exact: true }).waitFor();
    await menu.getByText(email).waitFor();
    await expect(page.getByTestId('tier-badge').innerText()).resolves.toMatch(/trial/i);
    await screenshot(page, 'user-menu-1280');

    // a signed-in visitor is sent away from the register screen
    await page.goto('/auth/register');
    await page.waitForURL((url) => url.pathname === '/');
    expect(errors).toEqual([]);
    await page.getByTestId('user-menu-trigger').click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL('**/auth/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    // Signed out a moment after the page started, a read the page had sent (its first /auth/me, the
    // visit log) may reach the server after the sign-out: its 401, which the browser logs, is the
    // server refusing an ended session, as it must. Nothing else may be logged.
    expect(errors.filter((error) => !/status of 401 \(Unauthorized\)/.test(error))).toEqual([]);
    await context.close();
  });

  it('guards: no token or a non-admin role go to the login page, replacing history', async () => {
    const { page, context } = await openPage(browser, baseURL, 375);
    await page.goto('/');
    await page.goto('/settings');
    await page.waitForURL('**/auth/login');
    await page.goBack();
    expect(new URL(page.url()).pathname).toBe('/');

    await page.evaluate(() => {
      localStorage.setItem('token', 'x');
      localStorage.setItem('role', 'trial');
    });
    await page.goto('/dashboard');
    await page.waitForURL('**/auth/login');
    // the stale token is refused by /auth/me and forgotten; the login screen stays
    await page.waitForFunction(() => localStorage.getItem('token') === null);
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    await context.close();
  });

  it("register refuses the team's words in a name or username before anything is sent", async () => {
    const { page, context, errors } = await openPage(browser, baseURL, 375);
    const registrations: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/register')) registrations.push(request.method());
    });
    await page.goto('/auth/register');
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByLabel('Name', { exact: true }).fill('Lukis Emas Support');
    await form.getByLabel('Username', { exact: true }).fill('admin_rina');
    await form.getByLabel('Email', { exact: true }).fill('rina-team@example.com');
    await form.getByLabel('Password', { exact: true }).fill('browser password 1');
    await form.getByLabel('Confirm Password', { exact: true }).fill('browser password 1');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect.poll(() => form.getByText('This name belongs to the team. Please choose another.').count()).toBe(2);
    expect(await form.getByLabel('Username', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(registrations).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/auth/register');
    expect(appErrors(errors)).toEqual([]);
    await context.close();
  });

  it('unknown /auth paths go to /auth/404, the same 404 page as an unknown public path', async () => {
    const { page, context } = await openPage(browser, baseURL, 1280);
    await page.goto('/auth/nothing-here');
    await page.waitForURL('**/auth/404');
    // one page, one look: the public layout (top bar), the heading, the way home and, for a guest, to sign in
    const looks = async () => {
      const notFound = page.getByTestId('not-found');
      await notFound.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      return {
        topBar: await page.locator('header nav[aria-label="Main"]').count(),
        links: await notFound.getByRole('link').allInnerTexts(),
      };
    };
    const auth404 = await looks();
    await page.goto('/no-such-page');
    expect(await looks()).toEqual(auth404);
    expect(auth404).toEqual({ topBar: 1, links: ['Back to Home', 'Go to Sign In'] });
    await context.close();
  });

  it('forgot password says "Email tidak boleh kosong." on blur when empty; reset without an email goes back', async () => {
    const { page, context } = await openPage(browser, baseURL, 375);
    await page.goto('/auth/forgot-password');
    const field = page.locator('input[name="email"]');
    await field.focus();
    await field.blur();
    await page.getByText('Email tidak boleh kosong.').waitFor();
    await screenshot(page, 'forgot-password-375');

    await page.goto('/auth/reset-password');
    await page.waitForURL('**/auth/forgot-password');
    await context.close();
  });

  it('a failed sign-out shows the alert and keeps the user signed in', async () => {
    const { page, context } = await openPage(browser, baseURL, 375);
    const admin = inject('admin');
    await page.goto('/auth/login');
    await page.locator('input[name="email"]').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
    await page.getByTestId('user-menu-trigger').waitFor();
    await screenshot(page, 'admin-home-375');

    // The server cannot be made to fail a logout on demand; the network can.
    await page.route('**/api/auth/logout', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Service unavailable' }) }),
    );
    // window.alert blocks the page: answer it as it opens, then look at what it said.
    const shown = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.dismiss();
      }),
    );
    await page.getByTestId('user-menu-trigger').click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    expect(await shown).toBe('Logout gagal. Silakan coba lagi.');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem('role'))).toBe('admin');
    await context.close();
  });

  it('resets a forgotten password through the mailed code and signs in with the new one', async () => {
    // A fresh account of its own: the shared admin's password stays as the other suites know it.
    const account = await signUpByApi(baseURL, outbox(), 'reset');
    const { page, context } = await openPage(browser, baseURL, 1280);
    await page.goto('/auth/forgot-password');
    await page.locator('input[name="email"]').fill(account.user.email);
    await page.getByRole('button', { name: 'Send Code' }).click();
    await page.waitForURL('**/auth/reset-password');
    const code = await waitForCode(outbox(), account.user.email, { subject: /reset/ });
    await page.getByLabel('Code', { exact: true }).fill(code);
    await page.getByLabel('New Password', { exact: true }).fill('the new member password');
    // Typed twice: a mismatch is refused in the browser, nothing is sent.
    let resets = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/reset-password')) resets += 1;
    });
    await page.getByLabel('Confirm New Password', { exact: true }).fill('the new member passwort');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('The two passwords do not match.').waitFor();
    expect(resets).toBe(0);
    // The toggle shows what was typed.
    await page.getByRole('button', { name: 'Show passwords' }).click();
    await expect(page.getByLabel('Confirm New Password', { exact: true }).getAttribute('type')).resolves.toBe('text');
    await screenshot(page, 'reset-password-mismatch-1280');
    await page.getByLabel('Confirm New Password', { exact: true }).fill('the new member password');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    // Done: the button settles (no spinner under the success banner) until the redirect.
    await page.getByRole('button', { name: 'Password reset' }).waitFor();
    expect(resets).toBe(1);
    await page.waitForURL('**/auth/login', { timeout: 10_000 });
    await page.getByLabel('Password', { exact: true }).fill('the new member password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
    expect(await page.evaluate(() => localStorage.getItem('role'))).toBe('trial');
    await context.close();
  });
});
