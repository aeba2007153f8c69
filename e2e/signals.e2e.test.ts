import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, openPage, screenshot, settled } from './support/browser';
import { appErrors, signInThroughForm as signIn } from './support/members';

/**
 * Signals in the browser (contract §8): an admin opens a sell signal from /dashboard while a Pro
 * member and a guest watch /live; the member sees its levels the moment it opens, the guest a
 * locked card naming the tier that shows them; the admin closes it and both see the outcome on
 * /signals and on the home page's feed.
 */
const chromiumPath = inject('chromium');
const baseURL = inject('baseURL');
const admin = inject('admin');
const accounts = inject('accounts');

/** A price no other suite uses: the rows of this run are told apart by it. */
const ENTRY = 3000 + (Date.now() % 997) + 0.5;
const money = (value: number) => value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const fill = async (page: Page, label: string, value: string) => {
  const form = page.getByRole('form', { name: 'Open signal' });
  await form.getByLabel(label, { exact: true }).fill(value);
};

describe.runIf(chromiumPath)('signals in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser(chromiumPath!);
  });
  afterAll(() => browser?.close());

  it('opens live for a Pro member with its levels and for a guest as a locked card, then closes onto the record and the home feed', async () => {
    const boss = await openPage(browser, baseURL, 1280, 900);
    const pro = await openPage(browser, baseURL, 375, 800);
    const guest = await openPage(browser, baseURL, 1280, 800);

    await signIn(boss.page, admin.email, admin.password);
    await boss.page.goto('/dashboard');
    await boss.page.getByRole('heading', { name: 'Open a signal' }).waitFor();
    await signIn(pro.page, accounts!.member.email, accounts!.member.password);
    await pro.page.goto('/live');
    await pro.page.getByTestId('open-signals-panel').waitFor();
    await guest.page.goto('/live');
    await guest.page.getByTestId('open-signals-panel').waitFor();

    // The admin types a sell: risk, reward and R:R are shown as typed, then the signal opens.
    await boss.page.getByRole('form', { name: 'Open signal' }).getByRole('radio', { name: 'Sell' }).click();
    await fill(boss.page, 'Entry', String(ENTRY));
    await fill(boss.page, 'Stop-loss', String(ENTRY + 10));
    await fill(boss.page, 'TP1', String(ENTRY - 10.5));
    const form = boss.page.getByRole('form', { name: 'Open signal' });
    await form.getByText('1:1.05').waitFor();
    await form.getByRole('button', { name: 'Open sell signal' }).click();

    // The Pro member sees the levels live, without a reload; the guest a locked card.
    const proCard = pro.page.getByTestId('open-signal').filter({ hasText: money(ENTRY) });
    await proCard.waitFor();
    expect(await proCard.textContent()).toContain(money(ENTRY + 10));
    await guest.page.getByTestId('locked-signal').first().waitFor();
    expect(await guest.page.getByTestId('open-signals-panel').textContent()).not.toContain(money(ENTRY));
    expect(await guest.page.getByTestId('levels-locked').first().textContent()).toMatch(/Pro/);
    expect(await guest.page.getByTestId('open-signals-panel').getByRole('link').first().getAttribute('href')).toBe('/payment-membership');
    await settled(pro.page);
    await screenshot(pro.page, 'signals-live-pro-375');
    await settled(guest.page);
    await screenshot(guest.page, 'signals-live-guest-1280');

    // The admin closes it at TP1: +105.0 pips, TP.
    const adminCard = boss.page.getByTestId('open-signal').filter({ hasText: money(ENTRY) });
    await adminCard.getByRole('button', { name: 'Close', exact: true }).click();
    const close = boss.page.getByRole('form', { name: 'Close signal' });
    await close.getByLabel('Exit price').fill(String(ENTRY - 10.5));
    await close.getByText('+105.0').first().waitFor();
    await close.getByRole('button', { name: 'Close signal' }).click();
    await proCard.waitFor({ state: 'detached' });

    // Both see the outcome on the record and on the home page's feed.
    for (const viewer of [pro, guest]) {
      await viewer.page.goto('/signals');
      const row = viewer.page.getByTestId(viewer === pro ? 'signal-card' : 'signal-row').filter({ hasText: money(ENTRY) });
      await row.waitFor();
      const text = await row.textContent();
      expect(text).toContain('+105.0');
      expect(text).toMatch(/TP/);
      await viewer.page.getByTestId('signal-record').waitFor();
      await viewer.page.goto('/');
      const feed = viewer.page.getByTestId('feed-row').filter({ hasText: money(ENTRY) });
      await feed.waitFor();
      expect(await feed.getAttribute('data-status')).toBe('closed');
      expect(await feed.getAttribute('data-side')).toBe('sell');
      expect(await feed.textContent()).toContain('+105.0');
    }
    await settled(guest.page);
    await screenshot(guest.page, 'signals-home-feed-guest-1280');
    // TradingView's script cannot load on this closed network (the chart's fallback shows): not ours.
    expect({ admin: appErrors(boss.errors), pro: appErrors(pro.errors), guest: appErrors(guest.errors) }).toEqual({ admin: [], pro: [], guest: [] });
    await Promise.all([boss.context.close(), pro.context.close(), guest.context.close()]);
  });
});
