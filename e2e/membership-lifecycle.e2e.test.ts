import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { e2eServer } from './support/server';
import { launchBrowser, openPage, screenshot, settled } from './support/browser';
import { appErrors, makeJpegInBrowser, payByApi, signInByApi, signUpByApi, useSessionInBrowser, type ApiSession } from './support/members';

/**
 * Contract §9 in the browser: rights that end while a screen is open close it without a reload (the
 * lifecycle's `membership:changed`, every LIFECYCLE_SCAN_MS = 1 s here), and an approval from the
 * admin inbox's side panel opens the member's screen the same way.
 */
const chromiumPath = inject('chromium');
const baseURL = e2eServer().baseURL;
const admin = inject('admin');
const outbox = () => path.join(e2eServer().dataDir, 'outbox.jsonl');

/** An ended member's one notice in the live room, in place of the composer, with the way to renew. */
const EXPIRED_NOTICE = 'Your membership has expired. Renew it to post in the chat.';
/** A trial's one notice in the live room, in place of the composer (spec §6). */
const TRIAL_NOTICE = 'Akun trial hanya bisa melihat pesan dari member.';

/** What only a reload would forget: set once the screen is up, read after the change. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { __sameDocument?: boolean }).__sameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

/** The live room's socket is connected (the card's Live badge): what follows comes by push. */
const live = (page: Page) => page.getByTestId('live-indicator').filter({ hasText: 'Live' }).waitFor();

const patchMember = async (adminSession: ApiSession, userId: string, changes: Record<string, unknown>) => {
  const response = await fetch(`${baseURL}/api/admin/members/${userId}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${adminSession.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(changes),
  });
  expect(response.status).toBe(200);
};

describe.runIf(chromiumPath)('membership lifecycle in the browser (contract §9)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser(chromiumPath!);
  });
  afterAll(() => browser?.close());

  it('a member whose membership ends while /faq-chat is open: the composer turns read-only with the ended member’s one notice and its Renew link, without a reload', async () => {
    const session = await signUpByApi(baseURL, outbox(), 'expiring');
    const adminSession = await signInByApi(baseURL, admin.email, admin.password);
    // A BASIC member for a few more seconds (the e2e server has no grace).
    const end = Date.now() + 12_000;
    await patchMember(adminSession, session.user._id, { role: 'member', membershipTier: 'basic', duration: 'monthly', membershipEnd: new Date(end).toISOString() });

    const { page, context, errors } = await openPage(browser, baseURL, 1280);
    await useSessionInBrowser(page, session);
    await page.goto('/faq-chat');
    const input = page.getByRole('textbox', { name: 'Message' });
    await input.waitFor();
    await live(page);
    expect(await page.getByTestId('chat-cannot-post').count()).toBe(0);
    // The screen was up, able to post, before the end: what changes next is the end's doing.
    expect(Date.now()).toBeLessThan(end);
    await markDocument(page);

    await page.getByTestId('chat-cannot-post').filter({ hasText: EXPIRED_NOTICE }).waitFor({ timeout: 20_000 });
    expect(Date.now()).toBeGreaterThanOrEqual(end);
    expect(await input.count()).toBe(0);
    await page.getByTestId('chat-cannot-post').getByRole('link', { name: 'Renew membership' }).waitFor();
    await page.getByText('Your membership has ended', { exact: true }).waitFor();
    expect(await sameDocument(page)).toBe(true);
    await settled(page);
    await screenshot(page, 'membership-ended-toast-1280');
    // The top bar follows too: the account menu marks the membership expired.
    await page.getByTestId('user-menu-trigger').click();
    await page.getByTestId('user-menu').getByTestId('membership-state').filter({ hasText: 'Expired' }).waitFor();
    await page.keyboard.press('Escape');
    await settled(page);
    await screenshot(page, 'membership-ended-live-1280');
    expect(appErrors(errors)).toEqual([]);
    await context.close();
  });

  it('a trial writes to the admins and pays; the admin approves the proof from the inbox panel; the member’s open screen opens up', async () => {
    const session = await signUpByApi(baseURL, outbox(), 'approved');
    const member = await openPage(browser, baseURL, 1280);
    await useSessionInBrowser(member.page, session);

    // A trial writes in their own conversation with the admins, told what the live room needs.
    await member.page.goto('/chat-user');
    await member.page.getByText('You can message the admins here. Posting in the live room needs an active membership.').waitFor();
    const question = `Saya sudah transfer untuk Basic ${Date.now().toString(36)}`;
    const input = member.page.getByRole('textbox', { name: 'Message' });
    await input.fill(question);
    await input.press('Enter');
    // the server has it (a message on its way shows at once, marked data-delivery)
    await member.page.locator('[data-testid="chat-message"]:not([data-delivery])').filter({ hasText: question }).waitFor();
    const conversation = (await (await fetch(`${baseURL}/api/chat/with-admin`, { headers: { authorization: `Bearer ${session.token}` } })).json()) as {
      chat: { _id: string };
    };
    await payByApi(baseURL, session, await makeJpegInBrowser(member.page, 480, 720), 'basic', 'monthly');

    // The live room is read-only for the trial.
    await member.page.goto('/faq-chat');
    await member.page.getByTestId('chat-cannot-post').filter({ hasText: TRIAL_NOTICE }).waitFor();
    await live(member.page);
    await markDocument(member.page);

    // The admin's inbox badges the conversation; its panel shows the proof and the expected amount.
    const boss = await openPage(browser, baseURL, 1280);
    await useSessionInBrowser(boss.page, await signInByApi(baseURL, admin.email, admin.password));
    await boss.page.goto('/chat-admin');
    const row = boss.page.locator(`[data-testid="chat-list-item"][data-chat-id="${conversation.chat._id}"]`);
    await row.getByTestId('pending-payment-badge').waitFor();
    await row.click();
    await boss.page.getByTestId('chat-message').filter({ hasText: question }).waitFor();
    const panel = boss.page.getByTestId('inbox-member-panel');
    await expect(panel.getByTestId('member-role').innerText()).resolves.toMatch(/trial/i);
    const pending = panel.getByTestId('member-pending-payment');
    await pending.getByRole('img', { name: /Payment proof/ }).waitFor();
    await expect(pending.getByTestId('expected-amount').innerText()).resolves.toBe('Rp 50.000');
    await settled(boss.page);
    await screenshot(boss.page, 'chat-admin-panel-pending-1280');

    await pending.getByRole('button', { name: 'Approve' }).click();
    // Approve asks first, naming the member, tier, period and amount; nothing changes before it.
    const confirm = boss.page.getByRole('alertdialog', { name: 'Approve this payment?' });
    await expect(confirm.getByTestId('approve-confirm-summary').innerText()).resolves.toMatch(/ becomes a BASIC member for one month \(monthly\), for Rp 50\.000\.$/);
    await settled(boss.page);
    await screenshot(boss.page, 'chat-admin-approve-confirm-1280');
    await confirm.getByRole('button', { name: 'Approve payment' }).click();
    await boss.page.getByText(/^Approved .+'s BASIC monthly payment$/).waitFor();
    await panel.getByTestId('no-pending-payment').waitFor();
    await row.getByTestId('pending-payment-badge').waitFor({ state: 'detached' });
    await panel.getByTestId('member-standing').filter({ hasText: 'Active' }).waitFor();

    // The member's open screen: the composer is there, a toast says why, no reload.
    await member.page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: 10_000 });
    expect(await member.page.getByTestId('chat-cannot-post').count()).toBe(0);
    await member.page.getByText('Your membership is active', { exact: true }).waitFor();
    expect(await sameDocument(member.page)).toBe(true);
    await settled(member.page);
    await screenshot(member.page, 'membership-approved-toast-1280');
    await member.page.getByTestId('user-menu-trigger').click();
    await member.page.getByTestId('user-menu').locator('[data-testid="tier-badge"][data-tier="basic"]').waitFor();
    await member.page.keyboard.press('Escape');
    await settled(member.page);
    await screenshot(member.page, 'membership-approved-live-1280');

    // At 375 px the panel is behind the conversation header's button.
    await boss.page.setViewportSize({ width: 375, height: 740 });
    await boss.page.getByTestId('member-panel-open').click();
    await boss.page.getByTestId('member-panel-dialog').getByTestId('inbox-member-panel').waitFor();
    await settled(boss.page);
    await screenshot(boss.page, 'chat-admin-panel-375');

    expect(appErrors(member.errors)).toEqual([]);
    expect(appErrors(boss.errors)).toEqual([]);
    await Promise.all([member.context.close(), boss.context.close()]);
  });
});
