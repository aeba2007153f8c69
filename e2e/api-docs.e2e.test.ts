import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { e2eServer } from './support/server';
import { launchBrowser, openPage, screenshot } from './support/browser';

/** Contract §12: the API documentation renders in the browser, under the site's CSP. */
const chromiumPath = inject('chromium');
const baseURL = e2eServer().baseURL;

describe('/api/docs', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser(chromiumPath!);
  });
  afterAll(() => browser.close());

  it.each([1280, 375])('renders every area of the API at %i px, with no console error', async (width) => {
    const { page, context, errors } = await openPage(browser, baseURL, width, 900);
    try {
      await page.goto('/api/docs');
      await expect.poll(() => page.locator('.info .title').textContent()).toContain('Lukis Emas API');
      for (const tag of ['auth', 'chat', 'payments', 'history', 'files', 'admin', 'health']) {
        await expect.poll(() => page.locator(`#operations-tag-${tag}`).count(), { message: tag }).toBe(1);
      }
      await expect.poll(() => page.locator('.opblock').count()).toBeGreaterThan(40);
      await expect.poll(() => page.locator('button.authorize').count()).toBe(1);
      await page.locator('#operations-auth-post_api_auth_login').click();
      await expect.poll(() => page.locator('#operations-auth-post_api_auth_login .responses-table').count()).toBeGreaterThan(0);
      await screenshot(page, `api-docs-${width}`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
