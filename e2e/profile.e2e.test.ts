import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { e2eServer } from './support/server';
import { launchBrowser, openPage, screenshot, settled } from './support/browser';
import { appErrors, makeJpegInBrowser, signUpByApi, useSessionInBrowser } from './support/members';

const chromiumPath = inject('chromium');
const baseURL = e2eServer().baseURL;
const outbox = () => path.join(e2eServer().dataDir, 'outbox.jsonl');

describe.runIf(chromiumPath)('profile settings in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser(chromiumPath!);
  });
  afterAll(() => browser?.close());

  it('shows the completeness notice once, saves the form, crops and uploads both photos', async () => {
    const session = await signUpByApi(baseURL, outbox(), 'prof');
    const { page, context, errors } = await openPage(browser, baseURL, 1280);
    // Records what the page puts into its upload forms (name, file name, type).
    await page.addInitScript(() => {
      const append = FormData.prototype.append;
      const seen: unknown[] = [];
      (window as unknown as { __appended: unknown[] }).__appended = seen;
      FormData.prototype.append = function (this: FormData, name: string, value: string | Blob, fileName?: string) {
        seen.push([name, value instanceof File ? (fileName ?? value.name) : null, value instanceof Blob ? value.type : null]);
        Reflect.apply(append, this, fileName === undefined ? [name, value] : [name, value, fileName]);
      } as typeof FormData.prototype.append;
    });
    await useSessionInBrowser(page, session);
    await page.goto('/settings');

    // Spec §4: the notice shows once and hides itself after 5 s.
    const notice = page.getByTestId('profile-notice');
    await notice.waitFor();
    await expect(notice.innerText()).resolves.toMatch(/profile photo/);
    await notice.waitFor({ state: 'detached', timeout: 8_000 });

    await page.getByLabel('City').fill('Yogyakarta');
    await page.locator('select[name="country"]').selectOption('Palestine State');
    await page.getByLabel('Phone number').fill('+62 811 2222 333');
    await page.getByLabel('Address').fill('Jl. Malioboro 5');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated successfully!').waitFor();

    // Not an image: the spec's message, no dialog.
    await page.getByTestId('profile-file-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByText('Please select a valid image file.').waitFor();

    const jpeg = await makeJpegInBrowser(page, 1200, 900);
    await page.getByTestId('profile-file-input').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    const dialog = page.getByTestId('crop-dialog');
    await dialog.waitFor();
    await dialog.locator('.cropper-crop-box').waitFor();
    await settled(page);
    // The viewport only: a full-page capture resizes the window under the open dialog.
    await screenshot(page, 'settings-crop-1280', { fullPage: false });
    const uploaded = page.waitForResponse((response) => response.url().endsWith('/api/auth/upload-profile'));
    await page.getByTestId('crop-confirm').click();
    const response = await uploaded;
    expect(response.status()).toBe(200);
    // The request carried the spec's file name.
    const appended = await page.evaluate(() => (window as unknown as { __appended: unknown[] }).__appended);
    expect(appended).toContainEqual(['photo_profile', 'profile.jpeg', 'image/jpeg']);
    await page.getByText('Image successfully uploaded and updated!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const photo = await page.getByTestId('profile-photo-preview').getAttribute('src');
    expect(photo).toMatch(/^\/api\/files\/[a-f0-9]{24}$/);
    // The top bar follows the new photo at once.
    await page.locator(`header img[src="${photo}"]`).first().waitFor();

    await page.getByTestId('identity-file-input').setInputFiles({ name: 'id.jpg', mimeType: 'image/jpeg', buffer: await makeJpegInBrowser(page, 1600, 1000) });
    await dialog.waitFor();
    await dialog.locator('.cropper-crop-box').waitFor();
    await page.getByTestId('crop-confirm').click();
    await page.getByTestId('identity-photo-card').getByText('Image successfully uploaded and updated!').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __appended: unknown[] }).__appended)).toContainEqual(['image_identitas', 'identitas.jpeg', 'image/jpeg']);
    const identity = page.getByTestId('identity-photo-preview');
    await identity.waitFor();
    expect(await identity.getAttribute('src')).toMatch(/^blob:/);
    await screenshot(page, 'settings-1280');

    // Shown once: not again on the next visit.
    await page.reload();
    // the form shows the stored profile: the notice, rendered with it, would be there by now
    await expect.poll(() => page.locator('select[name="country"]').inputValue()).toBe('Palestine State');
    expect(await page.getByTestId('profile-notice').count()).toBe(0);
    expect(appErrors(errors)).toEqual([]);
    await context.close();
  });

  it('at 375 px: the form and the crop dialog fit the screen', async () => {
    const session = await signUpByApi(baseURL, outbox(), 'profm');
    const { page, context, errors } = await openPage(browser, baseURL, 375, 740);
    await useSessionInBrowser(page, session);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Save Changes' }).waitFor();
    await screenshot(page, 'settings-375');
    // A member's name may not claim the team, nor hide a bidi override; refused before sending
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/update-profile')) writes.push(request.method());
    });
    const fullName = page.getByLabel('Full name');
    await fullName.fill('Official Lukis Emas');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('This name belongs to the team. Please choose another.').waitFor();
    await fullName.fill('Rina \u202egnp.exe');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('This name has line breaks or hidden characters. Please remove them.').waitFor();
    expect(writes).toEqual([]);
    await page.getByTestId('profile-file-input').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await makeJpegInBrowser(page, 900, 1200) });
    await page.getByTestId('crop-dialog').locator('.cropper-crop-box').waitFor();
    await settled(page);
    await screenshot(page, 'settings-crop-375', { fullPage: false });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    expect(appErrors(errors)).toEqual([]);
    await context.close();
  });
});
