import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { e2eServer } from './support/server';
import { launchBrowser, openPage, screenshot } from './support/browser';
import { makeJpegInBrowser, signInByApi, signUpByApi, useSessionInBrowser } from './support/members';

const chromiumPath = inject('chromium');
const baseURL = e2eServer().baseURL;
const admin = inject('admin');
const outbox = () => path.join(e2eServer().dataDir, 'outbox.jsonl');

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
    await screenshot(page, 'settings-uploading-1280', { fullPage: false });
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(0);
    release();

    await page.getByText('Failed to upload image.').waitFor();
    expect(await bar.count()).toBe(0);
    await context.close();
  });

  it('a history image going up shows "Uploading…" and its progress, at 375 and 1280 px', async () => {
    const session = await signInByApi(baseURL, admin.email, admin.password);
    for (const width of [375, 1280]) {
      const { page, context } = await openPage(browser, baseURL, width);
      await useSessionInBrowser(page, session);
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/history', async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        await held;
        return route.continue();
      });
      await page.goto('/manage-history/create');
      await page.getByTestId('image-input').setInputFiles({ name: 'chart.jpg', mimeType: 'image/jpeg', buffer: await makeJpegInBrowser(page, 800, 450) });
      await page.getByLabel('Title').fill(`Upload states ${width}`);
      await page.getByLabel('Description').fill('The bar shows while the image goes up.');
      await page.getByRole('button', { name: 'Publish' }).click();
      const bar = page.getByRole('progressbar', { name: 'Uploading' });
      await bar.waitFor();
      await page.getByText(/^(Uploading|Processing)…$/).waitFor();
      await screenshot(page, `history-create-uploading-${width}`);
      release();
      await page.waitForURL((url) => url.pathname === '/manage-history');
      await context.close();
    }
  });

  it('a .jpg that does not decode: no crop dialog with a broken image, "Failed to read the image file." instead; a good one still crops', async () => {
    const session = await signUpByApi(baseURL, outbox(), 'corrupt');
    for (const width of [375, 1280]) {
      const { page, context, errors } = await openPage(browser, baseURL, width);
      await useSessionInBrowser(page, session);
      await page.goto('/settings');
      const card = page.getByTestId('profile-photo-card');
      await card.waitFor();
      // a JPEG's first bytes, then nothing an image decoder can read
      const corrupt = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]), Buffer.alloc(4_000, 0x5a)]);
      await page.getByTestId('profile-file-input').setInputFiles({ name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: corrupt });
      await card.getByText('Failed to read the image file.').waitFor();
      expect(await page.getByTestId('crop-dialog').count()).toBe(0);
      expect(await page.getByText('Cropper is not ready. Please try again.').count()).toBe(0);
      await screenshot(page, `settings-corrupt-image-${width}`);

      // the next, good file opens the cropper and the message goes
      await page.getByTestId('profile-file-input').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await makeJpegInBrowser(page, 900, 900) });
      await page.getByTestId('crop-dialog').locator('.cropper-crop-box').waitFor();
      expect(await card.getByText('Failed to read the image file.').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
