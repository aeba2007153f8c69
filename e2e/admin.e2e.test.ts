import path from 'node:path';
import { latestCode, waitForCode } from '@le/testing';
import type { ActivityLogEntry } from '@le/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { e2eServer } from './support/server';
import { launchBrowser, openPage, screenshot } from './support/browser';
import { makeJpegInBrowser, signInByApi, signUpByApi, useSessionInBrowser, type ApiSession } from './support/members';

const chromiumPath = inject('chromium');
const baseURL = e2eServer().baseURL;
const adminAccount = inject('admin');
const outbox = () => path.join(e2eServer().dataDir, 'outbox.jsonl');

/** The log as the admin API reads it, for waiting on the asynchronous visit reports. */
const logsOf = async (admin: ApiSession, username: string): Promise<ActivityLogEntry[]> => {
  const response = await fetch(`${baseURL}/api/auth/log-activity?user=${encodeURIComponent(username)}&limit=100`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  return ((await response.json()) as { logs: ActivityLogEntry[] }).logs;
};

const waitForLog = async (admin: ApiSession, username: string, message: string) => {
  for (let i = 0; i < 100; i += 1) {
    if ((await logsOf(admin, username)).some((entry) => entry.message === message)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no log entry "${message}" for ${username}`);
};

/**
 * The admin's session. Another suite may have reset the admin's password through the mailed code
 * (the accounts suite does): then reset it back the same way, so that the suites run in any order.
 */
const adminSession = async (): Promise<ApiSession> => {
  try {
    return await signInByApi(baseURL, adminAccount.email, adminAccount.password);
  } catch {
    const post = (url: string, body: unknown) =>
      fetch(`${baseURL}/api${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const before = await latestCode(outbox(), adminAccount.email, /reset/).catch(() => '');
    expect((await post('/auth/forgot-password', { email: adminAccount.email })).status).toBe(200);
    const code = await waitForCode(outbox(), adminAccount.email, { subject: /reset/, unlike: before });
    const reset = await post('/auth/reset-password', { email: adminAccount.email, code, newPassword: adminAccount.password });
    expect(reset.status).toBe(200);
    return signInByApi(baseURL, adminAccount.email, adminAccount.password);
  }
};

/** No page may be wider than the screen. */
const expectNoSideScroll = async (page: Page, width: number) => {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
};

describe.runIf(chromiumPath)('the admin console in the browser', () => {
  let browser: Browser;
  let admin: ApiSession;
  beforeAll(async () => {
    browser = await launchBrowser(chromiumPath!);
    admin = await adminSession();
  });
  afterAll(() => browser?.close());

  it('a trial pays, the admin approves, the member sees Active and the chart; the log lists the visits', async () => {
    const trial = await signUpByApi(baseURL, outbox(), 'payer');
    const member = await openPage(browser, baseURL, 1280);
    await useSessionInBrowser(member.page, trial);

    // the trial pays for Pro, monthly, with a proof
    await member.page.goto('/payment-membership');
    await member.page.getByTestId('tier-pro').click();
    await member.page.getByTestId('proof-input').setInputFiles({ name: 'transfer.jpg', mimeType: 'image/jpeg', buffer: await makeJpegInBrowser(member.page, 800, 600) });
    await member.page.getByRole('button', { name: 'Send Payment Proof' }).click();
    // sent: the member's dashboard waits for the admin
    await member.page.waitForURL('**/dashboard-member');
    await member.page.getByText('Waiting for Admin Validation').first().waitFor();

    // the admin sees the proof beside the expected amount and approves
    const desk = await openPage(browser, baseURL, 1280);
    await useSessionInBrowser(desk.page, admin);
    await desk.page.goto('/manage-membership');
    const card = desk.page.getByTestId('payment-review').filter({ hasText: trial.user.username });
    await card.waitFor();
    await expect(card.getByTestId('expected-amount').innerText()).resolves.toBe('Rp 100.000');
    const proof = card.getByRole('img', { name: `Payment proof of ${trial.user.username}` });
    await proof.waitFor();
    expect(await proof.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await screenshot(desk.page, 'manage-membership-queue-1280');
    await card.getByRole('button', { name: 'Approve' }).click();
    // Approving asks first, naming whom, what and for how much.
    const confirm = desk.page.getByRole('alertdialog', { name: 'Approve this payment?' });
    await expect(confirm.getByTestId('approve-confirm-summary').innerText()).resolves.toBe(
      `${trial.user.username} becomes a PRO member for one month (monthly), for Rp 100.000.`,
    );
    await confirm.getByRole('button', { name: 'Approve payment' }).click();
    await desk.page.getByText(/^Approved .+'s PRO monthly payment$/).first().waitFor();
    await card.waitFor({ state: 'detached' });
    // the members list below shows the new member
    await desk.page.getByLabel('Search members').fill(trial.user.username);
    const row = desk.page.getByTestId('member-row').filter({ hasText: trial.user.username });
    await row.filter({ hasText: 'Active' }).waitFor();
    await expect(row.innerText()).resolves.toMatch(/member/i);

    // the member sees Active and the chart (the widget's script cannot load offline: its fallback shows)
    await member.page.goto('/dashboard-member');
    await member.page.getByText('Active', { exact: true }).first().waitFor();
    await member.page.goto('/live');
    await member.page.locator('[data-testid="live-chart"], [data-testid="live-chart-fallback"]').first().waitFor();
    expect(await member.page.getByTestId('live-gate').count()).toBe(0);

    // the visits reach the log (the IP lookup cannot answer here: "Unknown")
    for (const visited of ['/payment-membership', '/dashboard-member', '/live']) {
      await waitForLog(admin, trial.user.username, `Visited ${visited} page`);
    }
    await desk.page.goto('/log-activity');
    const table = desk.page.getByTestId('activity-log-table');
    await table.waitFor();
    const filtered = desk.page.waitForResponse((response) => response.url().includes(`user=${trial.user.username}`));
    await desk.page.getByLabel('Filter by user').fill(trial.user.username);
    await filtered;
    await table.getByText('Visited /live page').waitFor();
    await expect(table.getByTestId('activity-log-row').first().innerText()).resolves.toContain(trial.user.username);
    const headers = await table.locator('thead th').allInnerTexts();
    expect(headers.map((text) => text.trim())).toEqual(['No', 'User', 'Role', 'IP', 'Page', 'Time', 'Message']);
    const firstRows = await table.getByTestId('activity-log-row').allInnerTexts();
    // newest first: the chart page was the last visit
    expect(firstRows[0]).toContain('Visited /live page');
    expect(firstRows.join('\n')).toContain('Visited /dashboard-member page');
    expect(firstRows.join('\n')).toContain('Visited /payment-membership page');
    await screenshot(desk.page, 'log-activity-filtered-1280');

    // the approval itself is in the log, under the admin
    await desk.page.getByLabel('Filter by user').fill('');
    await desk.page.getByLabel('Filter by page').fill('/manage-membership');
    await table.getByText(`(@${trial.user.username}): PRO monthly, Rp 100.000`, { exact: false }).waitFor();

    // a reload of the same page is not logged again: the next page's visit, reported after it, is
    // the only new entry (a barrier, not a pause as long as the IP lookup's time-out)
    const before = (await logsOf(admin, trial.user.username)).length;
    await member.page.reload();
    await member.page.locator('[data-testid="live-chart"], [data-testid="live-chart-fallback"]').first().waitFor();
    await member.page.evaluate(() => {
      window.history.pushState({}, '', '/payment-membership');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await member.page.getByRole('heading', { level: 1 }).filter({ hasText: /payment/i }).waitFor();
    await expect.poll(async () => (await logsOf(admin, trial.user.username)).length).toBeGreaterThan(before);
    const after = await logsOf(admin, trial.user.username);
    expect(after.length).toBe(before + 1);
    expect(after[0]?.message).toBe('Visited /payment-membership page');

    await member.context.close();
    await desk.context.close();
  });

  it('the admin screens at 375 and 1280 px: dashboard, membership management, activity log', async () => {
    // a trial with a pending payment: the queue shows its card, and the 1280 px pass rejects it
    const trial = await signUpByApi(baseURL, outbox(), 'shot');
    for (const width of [375, 1280]) {
      const { page, context, errors } = await openPage(browser, baseURL, width, 900);
      await useSessionInBrowser(page, admin);

      if (width === 375) {
        // a payment waiting for validation, so that the queue has a card to show
        const form = new FormData();
        form.append('membershipTier', 'expert');
        form.append('duration', 'yearly');
        form.append('paymentProof', new Blob([new Uint8Array(await makeJpegInBrowser(page, 640, 480))], { type: 'image/jpeg' }), 'proof.jpg');
        const sent = await fetch(`${baseURL}/api/payments`, { method: 'POST', headers: { authorization: `Bearer ${trial.token}` }, body: form });
        expect(sent.status).toBe(201);
      }

      await page.goto('/dashboard');
      await page.getByTestId('stat-pending').waitFor();
      await page.getByTestId('online-user').first().waitFor();
      await expectNoSideScroll(page, width);
      await screenshot(page, `admin-dashboard-${width}`);

      await page.goto('/manage-membership');
      await page.getByTestId(width < 768 ? 'member-card' : 'member-row').filter({ hasText: trial.user.username }).waitFor();
      await expectNoSideScroll(page, width);

      const card = page.getByTestId('payment-review').filter({ hasText: trial.user.username });
      await card.getByRole('img', { name: `Payment proof of ${trial.user.username}` }).waitFor();
      await screenshot(page, `manage-membership-${width}`);

      if (width === 1280) {
        // reject with a reason
        await card.getByRole('button', { name: 'Reject' }).click();
        const rejectDialog = page.getByRole('alertdialog');
        await rejectDialog.getByLabel('Reason (optional)').fill('The transfer has not arrived');
        await screenshot(page, 'manage-membership-reject-1280');
        await rejectDialog.getByRole('button', { name: 'Reject payment' }).click();
        await page.getByText('Payment rejected').first().waitFor();
        await card.waitFor({ state: 'detached' });
        await page.getByLabel('Show').selectOption('rejected');
        await page.getByTestId('payment-review').filter({ hasText: 'The transfer has not arrived' }).waitFor();

        // the edit dialog: make the trial a Basic member
        await page.getByRole('button', { name: `Edit ${trial.user.username}` }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('Role').selectOption('member');
        await dialog.getByLabel('Tier').selectOption('basic');
        await screenshot(page, 'manage-membership-edit-1280');
        await dialog.getByRole('button', { name: 'Save changes' }).click();
        await page.getByText('Member updated').first().waitFor();
        await page.getByTestId('member-row').filter({ hasText: trial.user.username }).filter({ hasText: 'Active' }).waitFor();
      }

      await page.goto('/log-activity');
      await page.getByTestId(width < 768 ? 'activity-log-card' : 'activity-log-row').first().waitFor();
      await expectNoSideScroll(page, width);
      await screenshot(page, `log-activity-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
