import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { e2eServer } from './support/server';
import { launchBrowser, openPage, screenshot, settled } from './support/browser';
import { appErrors, signInByApi, signInThroughForm as signIn } from './support/members';

/**
 * Signals in the browser (contract §8): an admin opens a sell signal from /dashboard while a Pro
 * member and a guest watch /live; the member sees its levels the moment it opens, the guest a
 * locked card naming the tier that shows them; the admin closes it and both see the outcome on
 * /signals and on the home page's feed.
 */
const chromiumPath = inject('chromium');
const baseURL = e2eServer().baseURL;
const admin = inject('admin');
const accounts = e2eServer().accounts;

/** A price no other suite uses, new for each try of a test (a retry must not meet the rows of the try before). */
let ENTRY = 0;
beforeEach(() => {
  ENTRY = 3000 + (Date.now() % 997) + 0.5;
});
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

  it('tells a Pro member on any page when a stop moves to break-even; /signals shows the record\'s numbers, the small sample, the curve and the chain verified', async () => {
    const session = await signInByApi(baseURL, admin.email, admin.password);
    const write = async (method: string, url: string, body?: unknown) => {
      const response = await fetch(`${baseURL}/api${url}`, {
        method,
        headers: { authorization: `Bearer ${session.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(response.status, `${method} ${url}`).toBeLessThan(300);
      return ((await response.json()) as { signal: { _id: string } }).signal;
    };
    const entry = ENTRY + 100;
    // Three closes for the record: a win, a loss, a win after a trailed stop.
    for (const [exit, stop] of [[entry + 12.5, null], [entry - 8, null], [entry + 6, entry + 6]] as const) {
      const signal = await write('POST', '/signals', { side: 'buy', entry, stopLoss: entry - 8, takeProfits: [entry + 12.5, entry + 20] });
      if (stop !== null) await write('PATCH', `/signals/${signal._id}`, { stopLoss: stop });
      await write('POST', `/signals/${signal._id}/close`, { exitPrice: exit });
    }
    const live = await write('POST', '/signals', { side: 'buy', entry, stopLoss: entry - 10, takeProfits: [entry + 15] });

    const pro = await openPage(browser, baseURL, 1280, 800);
    await signIn(pro.page, accounts!.member.email, accounts!.member.password);
    // The shell's feed is live once it has counted the open signal (the tab's title) and read the
    // log after the list it loaded: what happened before that is the past, and raises no notice.
    const caughtUp = pro.page.waitForResponse((response) => response.url().includes('/api/signals/events'), { timeout: 30_000 });
    await pro.page.goto('/history');
    await pro.page.waitForFunction(() => /^\(\d+\) /.test(document.title), undefined, { timeout: 30_000 });
    await caughtUp;
    await write('PATCH', `/signals/${live._id}`, { stopLoss: entry });
    const notice = pro.page.getByText(`Stop moved to break-even: BUY XAU/USD from ${money(entry)}`);
    await notice.waitFor({ timeout: 20_000 });
    await settled(pro.page);
    await screenshot(pro.page, 'signals-notice-stop-moved-pro-1280');

    // The admin trails the stop past the entry from /live: the preview shows what it locks in, and it saves.
    const boss = await openPage(browser, baseURL, 375, 800);
    await signIn(boss.page, admin.email, admin.password);
    await boss.page.goto('/live');
    const adminCard = boss.page.getByTestId('open-signal').filter({ hasText: money(entry) });
    await adminCard.getByRole('button', { name: 'Edit: move stop, change targets, edit analysis' }).click();
    const edit = boss.page.getByRole('form', { name: 'Edit signal' });
    await edit.getByLabel('Stop-loss', { exact: true }).fill(String(entry + 5));
    expect(await edit.getByTestId('preview-locked').textContent()).toContain('50.0 pips');
    await settled(boss.page);
    await screenshot(boss.page, 'signals-edit-trail-stop-admin-375');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'detached' });
    await pro.page.getByText(`Stop moved to ${money(entry + 5)}: BUY XAU/USD from ${money(entry)}`).waitFor({ timeout: 20_000 });
    expect(appErrors(boss.errors)).toEqual([]);
    await boss.context.close();

    for (const width of [375, 1280]) {
      const guest = await openPage(browser, baseURL, width, 900);
      await guest.page.goto('/signals');
      await guest.page.getByTestId('signal-record').waitFor();
      expect(await guest.page.getByTestId('stat-win-rate-of').textContent()).toMatch(/^of \d+ closed$/);
      expect(await guest.page.getByTestId('small-sample').textContent()).toContain('too few to judge the win rate');
      await guest.page.getByTestId('stat-profit-factor').waitFor();
      await guest.page.getByTestId('curve-last').waitFor();
      const verified = guest.page.getByTestId('ledger-verified');
      await verified.waitFor({ timeout: 30_000 });
      expect(await verified.textContent()).toMatch(/^\d+ events verified, head [0-9a-f]{6}…$/);
      // A figure's explanation opens on a tap (and on hover with a mouse).
      await guest.page.getByRole('button', { name: /^Max drawdown\b.*what it means$/ }).click();
      await guest.page.getByTestId('stat-tip').filter({ hasText: 'largest fall' }).waitFor();
      await settled(guest.page);
      await screenshot(guest.page, `signals-record-guest-${width}`);
      // The labels sit inside the curve's box.
      const box = (await guest.page.getByTestId('equity-curve').boundingBox())!;
      for (const label of ['curve-last', 'curve-zero', 'curve-first-date', 'curve-last-date']) {
        const inner = (await guest.page.getByTestId(label).boundingBox())!;
        expect(inner.x, label).toBeGreaterThanOrEqual(box.x);
        expect(inner.x + inner.width, label).toBeLessThanOrEqual(box.x + box.width + 0.5);
        expect(inner.y, label).toBeGreaterThanOrEqual(box.y);
        expect(inner.y + inner.height, label).toBeLessThanOrEqual(box.y + box.height + 0.5);
      }
      expect(appErrors(guest.errors)).toEqual([]);
      await guest.context.close();
    }
    expect(appErrors(pro.errors)).toEqual([]);
    await pro.context.close();
  }, 180_000);
});
