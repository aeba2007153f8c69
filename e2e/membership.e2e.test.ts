import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { e2eServer } from './support/server';
import { launchBrowser, openPage, screenshot, settled } from './support/browser';
import { appErrors, decideByApi, makeJpegInBrowser, payByApi, signInByApi, signUpByApi, useSessionInBrowser } from './support/members';

const chromiumPath = inject('chromium');
const baseURL = e2eServer().baseURL;
const admin = inject('admin');
const outbox = () => path.join(e2eServer().dataDir, 'outbox.jsonl');

describe.runIf(chromiumPath)('membership payment and dashboard in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser(chromiumPath!);
  });
  afterAll(() => browser?.close());

  it('pays → pending; rejected → Kirim Ulang Pembayaran; approved → Active', async () => {
    const session = await signUpByApi(baseURL, outbox(), 'payer');
    const { page, context, errors } = await openPage(browser, baseURL, 1280);
    await useSessionInBrowser(page, session);

    await page.goto('/dashboard-member');
    await page.getByTestId('membership-status').getByText('Trial').waitFor();
    await expect(page.getByTestId('membership-action').innerText()).resolves.toBe('Upgrade Member');

    await page.goto('/payment-membership');
    await page.getByTestId('tier-pro').click();
    await page.getByRole('radio', { name: 'Yearly' }).click();
    await expect(page.getByTestId('transfer-amount').innerText()).resolves.toBe('Rp 1.000.000');
    await page.getByTestId('proof-input').setInputFiles({ name: 'transfer.jpg', mimeType: 'image/jpeg', buffer: await makeJpegInBrowser(page, 600, 900) });
    await page.getByTestId('proof-preview').waitFor();
    await screenshot(page, 'payment-membership-1280');
    await page.getByRole('button', { name: 'Send Payment Proof' }).click();

    await page.waitForURL('**/dashboard-member');
    await page.getByText('Waiting for Admin Validation').waitFor();
    const row = page.getByTestId('payment-history').locator('tbody tr').first();
    await expect(row.getAttribute('data-status')).resolves.toBe('pending');
    await expect(row.innerText()).resolves.toMatch(/Rp 1\.000\.000/);
    await screenshot(page, 'dashboard-member-pending-1280');

    // The admin rejects it (C2's admin API, as /manage-membership does).
    const adminSession = await signInByApi(baseURL, admin.email, admin.password);
    const queue = (await (
      await fetch(`${baseURL}/api/admin/payments?status=pending`, { headers: { authorization: `Bearer ${adminSession.token}` } })
    ).json()) as { payments: { _id: string; username: string }[] };
    const mine = queue.payments.find((payment) => payment.username === session.user.username);
    expect(mine).toBeDefined();
    await decideByApi(baseURL, adminSession, mine!._id, 'reject');

    // The rejection reaches the open dashboard without a reload.
    await page.getByText('Payment Rejected').waitFor();
    await expect(page.getByTestId('membership-action').innerText()).resolves.toBe('Kirim Ulang Pembayaran');
    await expect(page.getByTestId('payment-status').first().innerText()).resolves.toMatch(/rejected/i);
    await screenshot(page, 'dashboard-member-rejected-1280');

    // The payment page offers to send again.
    await page.getByTestId('membership-action').click();
    await page.waitForURL('**/payment-membership');
    await page.getByText('Payment Rejected').waitFor();

    // A second payment, approved → Active with the plan and its price.
    const second = await payByApi(baseURL, session, await makeJpegInBrowser(page, 400, 600), 'basic', 'monthly');
    await decideByApi(baseURL, adminSession, second.payment._id, 'approve');
    await page.goto('/dashboard-member');
    await page.getByTestId('membership-status').getByText('Active').waitFor();
    await expect(page.getByTestId('membership-plan').innerText()).resolves.toMatch(/BASIC[\s\S]*Rp 50\.000 \/ month/);
    // One next step per state: pay again for the tier held, or move up.
    await expect(page.getByTestId('membership-action').innerText()).resolves.toBe('Extend Basic');
    await expect(page.getByTestId('membership-action-other').innerText()).resolves.toBe('Move to Pro');
    await screenshot(page, 'dashboard-member-active-1280');

    // The proof opens for its owner.
    await page.getByRole('button', { name: 'View' }).first().click();
    await page.getByRole('dialog').getByRole('img', { name: 'Transfer proof' }).waitFor();
    await page.keyboard.press('Escape');

    expect(appErrors(errors)).toEqual([]);
    await context.close();

    for (const [name, url] of [
      ['payment-membership-375', '/payment-membership'],
      ['dashboard-member-active-375', '/dashboard-member'],
    ] as const) {
      const small = await openPage(browser, baseURL, 375, 740);
      await useSessionInBrowser(small.page, session);
      await small.page.goto(url);
      await small.page.getByRole('heading', { level: 1 }).waitFor();
      await settled(small.page);
      await screenshot(small.page, name);
      expect(await small.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(appErrors(small.errors)).toEqual([]);
      await small.context.close();
    }
  });

  it('pending and rejected at 375 px; an expired member is told to renew', async () => {
    const session = await signUpByApi(baseURL, outbox(), 'mobile');
    const { page, context, errors } = await openPage(browser, baseURL, 375, 740);
    await useSessionInBrowser(page, session);
    await payByApi(baseURL, session, await makeJpegInBrowser(page, 500, 700), 'expert', 'monthly');
    await page.goto('/dashboard-member');
    await page.getByText('Waiting for Admin Validation').waitFor();
    await screenshot(page, 'dashboard-member-pending-375');
    await page.goto('/payment-membership');
    await page.getByTestId('payment-pending').waitFor();

    const adminSession = await signInByApi(baseURL, admin.email, admin.password);
    const queue = (await (
      await fetch(`${baseURL}/api/admin/payments?status=pending`, { headers: { authorization: `Bearer ${adminSession.token}` } })
    ).json()) as { payments: { _id: string; username: string }[] };
    await decideByApi(baseURL, adminSession, queue.payments.find((p) => p.username === session.user.username)!._id, 'reject');
    await page.goto('/dashboard-member');
    await page.getByText('Kirim Ulang Pembayaran').first().waitFor();
    await screenshot(page, 'dashboard-member-rejected-375');

    // Past its end a membership grants nothing, whatever the role says: the dashboard offers renewal.
    const patched = await fetch(`${baseURL}/api/admin/members/${session.user._id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${adminSession.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ role: 'member', membershipTier: 'pro', duration: 'monthly', membershipEnd: new Date(Date.now() - 86_400_000).toISOString() }),
    });
    expect(patched.status).toBe(200);
    await page.goto('/dashboard-member');
    await page.getByTestId('membership-status').getByText('Expired').waitFor();
    await page.getByText('Your membership has ended.').waitFor();
    await page.getByRole('link', { name: 'Renew membership' }).waitFor();
    await screenshot(page, 'dashboard-member-expired-375');
    expect(appErrors(errors)).toEqual([]);
    await context.close();
  });
});

