import path from 'node:path';
import { readOutbox, waitForCode } from '@le/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { e2eServer } from './support/server';
import { launchBrowser, openPage, screenshot } from './support/browser';
import { signInByApi, signUpByApi, useSessionInBrowser } from './support/members';

const chromiumPath = inject('chromium');
const baseURL = e2eServer().baseURL;
const outbox = () => path.join(e2eServer().dataDir, 'outbox.jsonl');

/**
 * A new email replaces the old one only once the code mailed to the new address is entered.
 * And only with the current password (a stolen token alone cannot move the account).
 */
describe.runIf(chromiumPath)('changing the email on /settings', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser(chromiumPath!);
  });
  afterAll(() => browser?.close());

  it('asks for the current password and the code sent to the new address, refuses wrong ones, then switches the sign-in email', async () => {
    const session = await signUpByApi(baseURL, outbox(), 'mail');
    const newEmail = `new-${session.user.username}@example.com`;
    for (const width of [375, 1280]) {
      const { page, context } = await openPage(browser, baseURL, width);
      await useSessionInBrowser(page, session);
      await page.goto('/settings');
      const form = page.getByRole('form', { name: 'Profile settings' });
      const email = form.getByLabel('Email', { exact: true });
      await expect.poll(() => email.inputValue()).toBe(session.user.email);
      const currentPassword = form.getByLabel('Current password');
      // only a different address asks for the password; its letter case alone does not
      await email.fill(session.user.email.toUpperCase());
      expect(await currentPassword.count()).toBe(0);
      await email.fill(newEmail);
      await currentPassword.waitFor();
      expect(await currentPassword.getAttribute('type')).toBe('password');
      expect(await currentPassword.getAttribute('autocomplete')).toBe('current-password');
      if (width === 1280) {
        const profileWrites: string[] = [];
        page.on('request', (request) => {
          if (request.url().endsWith('/api/auth/update-profile')) profileWrites.push(request.method());
        });
        // without the password: refused before anything is sent
        await page.getByRole('button', { name: 'Save Changes' }).click();
        await form.getByText('Enter your current password to change the email.').waitFor();
        expect(profileWrites).toEqual([]);

        // a wrong one: the server's answer on the field, nothing mailed
        await currentPassword.fill('not my password 1');
        const refused = page.waitForResponse((response) => response.url().endsWith('/api/auth/update-profile'));
        await page.getByRole('button', { name: 'Save Changes' }).click();
        expect((await refused).status()).toBe(400);
        await form.getByText('The current password is wrong.').waitFor();
        await screenshot(page, `settings-email-password-${width}`);

        await currentPassword.fill(session.password);
        await page.getByRole('button', { name: 'Save Changes' }).click();
        await page.getByTestId('email-code').waitFor();
        await page.getByText(`Waiting for the code sent to ${newEmail}.`).waitFor();
        // the address waiting for its code is not asked for again
        expect(await currentPassword.count()).toBe(0);
        // not yet: the old address still signs in, the new one does not
        await expect(signInByApi(baseURL, newEmail, session.password)).rejects.toThrow(/401/);

        const code = page.getByLabel(`Code sent to ${newEmail}`);
        const right = await waitForCode(outbox(), newEmail);
        // one code, from the save with the right password: the refused ones mailed nothing
        expect((await readOutbox(outbox())).filter((mail) => mail.to.toLowerCase() === newEmail.toLowerCase())).toHaveLength(1);
        await code.fill(right === '000000' ? '111111' : '000000');
        await page.getByRole('button', { name: 'Confirm new email' }).click();
        await page.getByTestId('email-code').getByRole('alert').waitFor();
        await screenshot(page, `settings-email-code-${width}`);

        await code.fill(right);
        await page.getByRole('button', { name: 'Confirm new email' }).click();
        await page.getByText('Your email address has been changed.').waitFor();
        expect((await signInByApi(baseURL, newEmail, session.password)).user.email).toBe(newEmail);
        await expect(signInByApi(baseURL, session.user.email, session.password)).rejects.toThrow(/401/);
      } else {
        await screenshot(page, `settings-email-${width}`);
      }
      await context.close();
    }
  });
});
