import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ARTIFACTS, launchBrowser, openPage } from './support/browser';
import { makeJpegInBrowser, signUpByApi, useSessionInBrowser } from './support/members';

const chromiumPath = inject('chromium');
const baseURL = inject('baseURL');
const outbox = () => path.join(inject('dataDir'), 'outbox.jsonl');

/** Spec §5/§8 upload states on /settings: progress while the photo goes up, the fallback text when it fails. */
describe.runIf(chromiumPath)('photo upload states', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser(chromiumPath!);
  });
  afterAll(() => browser?.close());

  it('shows the progress while uploading; a failure without a server message says "Failed to upload image."', async () => {
    const session = await signUpByApi(baseURL, outbox(), 'upl');
    const { page, context } = await openPage(browser, baseURL, 1280);
    await useSessionInBrowser(page, session);
    // The server takes its time and then fails without a message of its own.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/upload-profile', async (route) => {
      await held;
      await route.fulfill({ status: 500, contentType: 'application/json', body: '{}' });
    });
    await page.goto('/settings');
    await page.getByTestId('profile-file-input').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await makeJpegInBrowser(page, 1200, 900) });
    const dialog = page.getByTestId('crop-dialog');
    await dialog.locator('.cropper-crop-box').waitFor();
    await page.getByTestId('crop-confirm').click();

    const bar = dialog.getByRole('progressbar', { name: 'Upload progress' });
    await bar.waitFor();
    // The viewport only: a full-page capture resizes the window under the open dialog.
    await page.screenshot({ path: path.join(ARTIFACTS, 'settings-uploading-1280.png') });
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(0);
    release();

    await page.getByText('Failed to upload image.').waitFor();
    expect(await bar.count()).toBe(0);
    await context.close();
  });
});
