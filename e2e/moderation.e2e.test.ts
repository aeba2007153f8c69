import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { e2eServer } from './support/server';
import { launchBrowser, openPage, settled } from './support/browser';
import { appErrors, signInByApi, signInThroughForm as signIn } from './support/members';

/**
 * Moderation of the live room (contract §13) in real browsers on the real server: a member reports a
 * message, an admin's top bar counts it without a reload, the admin times the author out from the
 * queue, and the author's composer turns into "until HH:mm" live.
 */
const chromiumPath = inject('chromium');
const baseURL = e2eServer().baseURL;
const admin = inject('admin');
const accounts = e2eServer().accounts;

/** Screens of this suite, looked at by hand (not part of the repository). */
const SHOTS = '/tmp/h25-shots';
const shoot = async (page: Page, name: string) => {
  mkdirSync(SHOTS, { recursive: true });
  await settled(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
};
const live = (page: Page) => page.getByTestId('live-indicator').filter({ hasText: 'Live' }).waitFor();
const count = async (page: Page) => Number(await page.getByTestId('nav-reports-count').textContent());

describe.runIf(chromiumPath && accounts)('moderation', { timeout: 300_000 }, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser(chromiumPath!);
  });
  afterAll(() => browser?.close());

  it('a report counts live on the admin’s screen; a timeout from the queue turns the author’s composer into "until HH:mm"', async () => {
    const author = accounts!.tourMember;
    const reporter = accounts!.trial;
    const adminView = await openPage(browser, baseURL, 1280, 800);
    const authorView = await openPage(browser, baseURL, 375, 740);
    const reporterView = await openPage(browser, baseURL, 1280, 800);
    await signIn(adminView.page, admin.email, admin.password);
    await signIn(authorView.page, author.email, author.password);
    await signIn(reporterView.page, reporter.email, reporter.password);

    // The admin stays on one page: the count must rise without a reload.
    await adminView.page.goto('/faq-chat');
    await live(adminView.page);
    await adminView.page.getByTestId('nav-reports').waitFor();
    const before = await count(adminView.page);

    // The author posts in the room.
    const text = `Pasti cuan 100% join VIP ${Date.now().toString(36)}`;
    await authorView.page.goto('/faq-chat');
    await live(authorView.page);
    const composer = authorView.page.getByRole('textbox', { name: 'Message' });
    await composer.fill(text);
    await composer.press('Enter');

    // A member reports it: a reason, then a confirmation.
    await reporterView.page.goto('/faq-chat');
    await live(reporterView.page);
    const message = reporterView.page.getByTestId('chat-message').filter({ hasText: text });
    await message.getByRole('button', { name: 'Report' }).click();
    const dialog = reporterView.page.getByTestId('moderation-dialog');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Menjanjikan profit pasti');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByTestId('moderation-done').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The admin's count rises, live.
    await adminView.page.waitForFunction(
      (expected) => Number(document.querySelector('[data-testid="nav-reports-count"]')?.textContent) === expected,
      before + 1,
      { timeout: 20_000 },
    );

    // The room's moderation menu, as the admin sees it (screenshots at 1280 and 375).
    const atAdmin = adminView.page.getByTestId('chat-message').filter({ hasText: text });
    await atAdmin.scrollIntoViewIfNeeded();
    await shoot(adminView.page, 'room-menu-1280');

    // To the queue (a navigation of the app, no reload), and the author timed out from there.
    await adminView.page.getByTestId('nav-reports').click();
    await adminView.page.waitForURL('**/moderation');
    const report = adminView.page.getByTestId('report').filter({ hasText: text });
    await report.waitFor();
    await expect(report.getByTestId('report-context').textContent()).resolves.toContain(text);
    await shoot(adminView.page, 'queue-1280');
    await report.getByRole('button', { name: 'Time out' }).click();
    const form = report.getByTestId('timeout-form');
    await form.getByRole('textbox', { name: 'Reason' }).fill('Janji profit di room');
    await form.getByRole('button', { name: 'Time out' }).click();

    // The author's composer turns into "until HH:mm", live.
    const notice = authorView.page.getByTestId('chat-timed-out');
    await notice.waitFor({ timeout: 20_000 });
    expect(await notice.textContent()).toMatch(/until \d{2}:\d{2}/);
    expect(await authorView.page.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
    await shoot(authorView.page, 'timed-out-375');

    // The log holds it; the count fell.
    await adminView.page.waitForFunction(
      (expected) => Number(document.querySelector('[data-testid="nav-reports-count"]')?.textContent) === expected,
      before,
      { timeout: 20_000 },
    );
    await adminView.page.getByTestId('log-entry').filter({ hasText: 'Janji profit di room' }).first().waitFor();
    await adminView.page.getByTestId('moderation-log').scrollIntoViewIfNeeded();
    await shoot(adminView.page, 'log-1280');

    // 375 px: the queue, the log and the room's menu.
    await adminView.page.setViewportSize({ width: 375, height: 740 });
    await adminView.page.getByRole('button', { name: 'Resolved' }).click();
    await adminView.page.getByTestId('report').first().waitFor();
    await adminView.page.getByTestId('moderation-queue').scrollIntoViewIfNeeded();
    await shoot(adminView.page, 'queue-375');
    await adminView.page.getByTestId('moderation-log').scrollIntoViewIfNeeded();
    await shoot(adminView.page, 'log-375');
    await adminView.page.goto('/faq-chat');
    await live(adminView.page);
    await adminView.page.getByTestId('live-chat-card').scrollIntoViewIfNeeded();
    await adminView.page.getByTestId('chat-message').filter({ hasText: text }).scrollIntoViewIfNeeded();
    await shoot(adminView.page, 'room-menu-375');

    // Lifted again, so the other suites find the author free; the composer comes back, live.
    const session = await signInByApi(baseURL, admin.email, admin.password);
    const me = await signInByApi(baseURL, author.email, author.password);
    const lifted = await fetch(`${baseURL}/api/moderation/timeouts/${me.user._id}`, { method: 'DELETE', headers: { authorization: `Bearer ${session.token}` } });
    expect(lifted.status).toBe(204);
    await authorView.page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: 20_000 });

    for (const view of [adminView, authorView, reporterView]) expect(appErrors(view.errors)).toEqual([]);
  });

  it('an admin times a member out from the member’s row of the admin console', async () => {
    const member = accounts!.trial;
    const desk = await openPage(browser, baseURL, 1280, 800);
    await signIn(desk.page, admin.email, admin.password);
    await desk.page.goto(`/manage-membership?q=${member.username}`);
    const row = desk.page.getByTestId('member-row').filter({ hasText: member.username });
    await row.getByRole('button', { name: `Time out ${member.username}` }).click();
    const dialog = desk.page.getByTestId('member-timeout-dialog');
    await dialog.getByLabel('Length').selectOption('60');
    await dialog.getByLabel('Reason').fill('Cooling off after the stop-out');
    await dialog.getByRole('button', { name: 'Time out' }).click();
    await expect(dialog.getByTestId('member-timeout-done').innerText()).resolves.toMatch(/is timed out until \d{2}:\d{2}\.$/);

    const session = await signInByApi(baseURL, admin.email, admin.password);
    const me = await signInByApi(baseURL, member.email, member.password);
    const list = (await (await fetch(`${baseURL}/api/moderation/timeouts`, { headers: { authorization: `Bearer ${session.token}` } })).json()) as {
      timeouts: { userId: string; reason: string }[];
    };
    expect(list.timeouts.find((one) => one.userId === me.user._id)?.reason).toBe('Cooling off after the stop-out');
    const lifted = await fetch(`${baseURL}/api/moderation/timeouts/${me.user._id}`, { method: 'DELETE', headers: { authorization: `Bearer ${session.token}` } });
    expect(lifted.status).toBe(204);
    expect(appErrors(desk.errors)).toEqual([]);
    await desk.context.close();
  });
});
