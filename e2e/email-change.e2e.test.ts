import path from 'node:path';
import { latestCode } from '@le/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from './support/browser';
import { signInByApi, signUpByApi, useSessionInBrowser } from './support/members';

const chromiumPath = inject('chromium');
const baseURL = inject('baseURL');
const outbox = () => path.join(inject('dataDir'), 'outbox.jsonl');

/** Issue 3: a new email replaces the old one only once the code mailed to the new address is entered. */
describe.runIf(chromiumPath)('changing the email on /settings', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser(chromiumPath!);
  });
  afterAll(() => browser?.close());

  it('asks for the code sent to the new address, refuses a wrong one, then switches the sign-in email', async () => {
    const session = await signUpByApi(baseURL, outbox(), 'mail');
    const newEmail = `new-${session.user.username}@example.com`;
    for (const width of [375, 1280]) {
      const { page, context } = await openPage(browser, baseURL, width);
      await useSessionInBrowser(page, session);
      await page.goto('/settings');
      const email = page.getByLabel('Email', { exact: true });
      await expect.poll(() => email.inputValue()).toBe(session.user.email);
      if (width === 1280) {
        await email.fill(newEmail);
        await page.getByRole('button', { name: 'Save Changes' }).click();
        await page.getByTestId('email-code').waitFor();
        await page.getByText(`Waiting for the code sent to ${newEmail}.`).waitFor();
        // not yet: the old address still signs in, the new one does not
        await expect(signInByApi(baseURL, newEmail, session.password)).rejects.toThrow(/401/);

        const code = page.getByLabel(`Code sent to ${newEmail}`);
        const right = await latestCode(outbox(), newEmail);
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
