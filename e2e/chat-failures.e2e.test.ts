import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { e2eServer } from './support/server';
import { launchBrowser, openPage, screenshot, settled } from './support/browser';
import { appErrors, signInThroughForm as signIn, signUpByApi } from './support/members';

/**
 * What users notice in the chat: a send, an edit or a hide that fails stays on the message
 * ("Not sent", or what could not be done) with Retry, its text kept, and a retry shows the message
 * once on every screen; one's own reply opens its thread ("1 reply" for the others); the composer is
 * in view on short screens; one notice, in one language. The failures are real: the browser's request
 * is aborted (playwright's route), as a dropped network would.
 */
const chromiumPath = inject('chromium');
const baseURL = e2eServer().baseURL;
const admin = inject('admin');
const accounts = e2eServer().accounts;
const outbox = () => path.join(e2eServer().dataDir, 'outbox.jsonl');

/** Screens of this suite, to be looked at (support/browser SCREENSHOTS). */
const shoot = async (page: Page, name: string) => {
  await settled(page);
  await screenshot(page, `chat-failures-${name}`, { fullPage: false });
};

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const send = async (page: Page, text: string) => {
  await composer(page).fill(text);
  await composer(page).press('Enter');
};
const live = (page: Page) => page.getByTestId('live-indicator').filter({ hasText: 'Live' }).waitFor();
/** Every copy of a message on the page, whatever its state. */
const copies = (page: Page, text: string) => page.getByTestId('chat-message').filter({ has: page.getByText(text, { exact: true }) });
/** A message as the server has it (one on its way or failed carries data-delivery). */
const delivered = (page: Page, text: string) =>
  page.locator('[data-testid="chat-message"]:not([data-delivery])').filter({ has: page.getByText(text, { exact: true }) });

/** The element lies inside the viewport (nothing of it below the fold). */
const inView = async (page: Page, locator: Locator) => {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
};

/** Scrolls the page until the chat card's bottom is at the screen's bottom (a phone, where it follows the FAQ). */
const scrollToCard = async (page: Page) => {
  await page.getByTestId('live-chat-card').evaluate((card) => card.scrollIntoView({ block: 'end' }));
  // all of it shows under the top bar
  const top = (await page.getByTestId('live-chat-card').boundingBox())!.y;
  expect(top).toBeGreaterThanOrEqual(64);
};

/** Blocks this page's requests of one method to a chat path, as a dropped network would. */
const failing = async (page: Page, pattern: string, method: string) => {
  await page.route(pattern, (route) => (route.request().method() === method ? route.abort('internetdisconnected') : route.continue()));
  return () => page.unroute(pattern);
};

describe.runIf(chromiumPath)('chat failures, threads and the composer on short screens', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser(chromiumPath!);
  });
  afterAll(() => browser?.close());

  it('a failed send is kept as "Not sent" with Retry and shows once when retried; a failed edit keeps its text; an own reply opens its thread', async () => {
    const member = await openPage(browser, baseURL, 1280, 800);
    const guest = await openPage(browser, baseURL, 1280, 800);
    await signIn(member.page, accounts!.member.email, accounts!.member.password);
    await member.page.goto('/faq-chat');
    await guest.page.goto('/faq-chat');
    await Promise.all([live(member.page), live(guest.page)]);
    // 1280×800: the composer is in view without scrolling the page
    await inView(member.page, composer(member.page));
    await inView(guest.page, guest.page.getByTestId('chat-cannot-post'));

    // The network drops for the send: the message stays, marked Not sent, with Retry; the input is free
    const text = `Tidak terkirim dulu ${Date.now().toString(36)}`;
    const restoreSend = await failing(member.page, '**/api/chat', 'POST');
    await send(member.page, text);
    const failed = copies(member.page, text);
    await failed.locator('[data-testid="chat-delivery"][data-state="failed"]').filter({ hasText: 'Not sent' }).waitFor();
    await expect(composer(member.page).inputValue()).resolves.toBe('');
    expect(await failed.getByRole('button', { name: 'Retry' }).count()).toBe(1);
    expect(await failed.getByRole('button', { name: 'Discard' }).count()).toBe(1);
    await shoot(member.page, 'not-sent-1280x800');

    // A reload (or a closed tab) loses nothing: the browser kept what the server never confirmed,
    // and it comes back Not sent, with Retry, once
    await member.page.reload();
    await live(member.page);
    await failed.locator('[data-testid="chat-delivery"][data-state="failed"]').filter({ hasText: 'Not sent' }).waitFor();
    expect(await copies(member.page, text).count()).toBe(1);
    await shoot(member.page, 'not-sent-after-reload-1280x800');

    // the network is back: Retry sends it, once, and the other screen gets it once
    await restoreSend();
    await failed.getByRole('button', { name: 'Retry' }).click();
    await delivered(member.page, text).waitFor();
    await delivered(guest.page, text).waitFor({ timeout: 2_000 });
    // a later message is there too, so nothing of the first is still on its way
    const after = `Sesudahnya ${Date.now().toString(36)}`;
    await send(member.page, after);
    await delivered(guest.page, after).waitFor({ timeout: 2_000 });
    // the sender's own copy is confirmed by the POST's answer, which may come after the socket's event
    await delivered(member.page, after).waitFor();
    expect(await copies(member.page, text).count()).toBe(1);
    expect(await copies(guest.page, text).count()).toBe(1);
    expect(await member.page.getByTestId('chat-delivery').count()).toBe(0);

    // The server takes a send but its answer is lost: the same message (its clientId) once, no Not sent left
    const lost = `Jawaban hilang ${Date.now().toString(36)}`;
    await member.page.route('**/api/chat', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      await route.fetch(); // the server stores it (and pushes it)...
      await route.abort('connectionreset'); // ...and the browser never hears back
    });
    await send(member.page, lost);
    await delivered(guest.page, lost).waitFor({ timeout: 2_000 });
    await delivered(member.page, lost).waitFor({ timeout: 2_000 });
    // (the page's one route): waits for its handler still aborting the answer, which would throw if unrouted mid-way
    await member.page.unrouteAll({ behavior: 'wait' });
    // if the socket came first, the failed try has nothing left to mark; otherwise its Retry is answered by the stored one
    const leftOver = copies(member.page, lost).getByRole('button', { name: 'Retry' });
    if ((await leftOver.count()) > 0) await leftOver.click();
    await expect.poll(() => member.page.getByTestId('chat-delivery').count()).toBe(0);
    expect(await copies(member.page, lost).count()).toBe(1);
    expect(await copies(guest.page, lost).count()).toBe(1);

    // A failed edit: the message shows the edited text, Not sent, Retry; the guest still reads the old text
    const restoreEdit = await failing(member.page, '**/api/chat/*', 'PATCH');
    await delivered(member.page, after).getByRole('button', { name: 'Edit message' }).click();
    await expect(composer(member.page).inputValue()).resolves.toBe(after);
    const edited = `${after} (diubah)`;
    await composer(member.page).fill(edited);
    await composer(member.page).press('Enter');
    const editing = copies(member.page, edited);
    await editing.locator('[data-testid="chat-delivery"][data-state="failed"]').filter({ hasText: 'Not sent' }).waitFor();
    expect(await copies(guest.page, edited).count()).toBe(0);
    await shoot(member.page, 'edit-not-sent-1280x800');
    await restoreEdit();
    await editing.getByRole('button', { name: 'Retry' }).click();
    await delivered(guest.page, edited).waitFor({ timeout: 2_000 });
    await delivered(member.page, edited).waitFor();
    expect(await copies(guest.page, after).count()).toBe(0);

    // One's own reply opens its thread; the others see it collapsed, "1 reply"
    await delivered(member.page, text).getByRole('button', { name: 'Reply' }).click();
    const reply = `Balasan sendiri ${Date.now().toString(36)}`;
    await send(member.page, reply);
    const ownThread = member.page.getByTestId('chat-thread').filter({ has: member.page.getByText(text, { exact: true }) });
    await ownThread.getByRole('button', { name: 'Hide replies' }).waitFor();
    await delivered(member.page, reply).waitFor();
    await inView(member.page, delivered(member.page, reply));
    const guestThread = guest.page.getByTestId('chat-thread').filter({ has: guest.page.getByText(text, { exact: true }) });
    await guestThread.getByRole('button', { name: '1 reply', exact: true }).waitFor({ timeout: 2_000 });
    expect(await copies(guest.page, reply).count()).toBe(0);
    await shoot(member.page, 'thread-open-1280x800');
    await shoot(guest.page, 'thread-1-reply-1280x800');
    await guestThread.getByRole('button', { name: '1 reply', exact: true }).click();
    await delivered(guest.page, reply).waitFor();

    // A Not-sent message can be given up
    const restoreAgain = await failing(member.page, '**/api/chat', 'POST');
    const dropped = `Dibuang ${Date.now().toString(36)}`;
    await send(member.page, dropped);
    await copies(member.page, dropped).getByRole('button', { name: 'Discard' }).click();
    await copies(member.page, dropped).waitFor({ state: 'detached' });
    await restoreAgain();
    expect(await copies(guest.page, dropped).count()).toBe(0);

    // the aborted requests are the only console errors
    const unexpected = (errors: string[]) => appErrors(errors).filter((error) => !/ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_RESET|ERR_FAILED/i.test(error));
    expect(unexpected(member.errors)).toEqual([]);
    expect(appErrors(guest.errors)).toEqual([]);
    await Promise.all([member.context.close(), guest.context.close()]);
  });

  it('a failed hide says so with Retry; retried, the message is hidden for everyone', async () => {
    const boss = await openPage(browser, baseURL, 1280, 720);
    const member = await openPage(browser, baseURL, 1280, 720);
    await signIn(boss.page, admin.email, admin.password);
    await signIn(member.page, accounts!.member.email, accounts!.member.password);
    await boss.page.goto('/faq-chat');
    await member.page.goto('/faq-chat');
    await Promise.all([live(boss.page), live(member.page)]);
    // 1280×720: the composer still in view
    await inView(boss.page, composer(boss.page));

    const text = `Akan disembunyikan ${Date.now().toString(36)}`;
    await send(member.page, text);
    await delivered(boss.page, text).waitFor({ timeout: 2_000 });

    const restore = await failing(boss.page, '**/api/chat/*/hide', 'PATCH');
    await delivered(boss.page, text).getByRole('button', { name: 'Hide message' }).click();
    // a hide asks the admin for its reason (shown to admins beside the hidden message)
    const hideDialog = boss.page.getByTestId('moderation-dialog');
    await hideDialog.getByLabel('Reason').fill('Off topic');
    await hideDialog.getByRole('button', { name: 'Hide', exact: true }).click();
    const failedHide = copies(boss.page, text).locator('[data-testid="chat-delivery"][data-state="failed"]');
    await failedHide.filter({ hasText: 'Could not hide the message.' }).waitFor();
    expect(await member.page.getByTestId('chat-message').filter({ hasText: text }).count()).toBe(1);
    await shoot(boss.page, 'hide-failed-1280x720');
    await restore();
    await failedHide.getByRole('button', { name: 'Retry' }).click();
    await boss.page.locator('[data-testid="chat-message"][data-hidden="true"]:not([data-delivery])').filter({ hasText: text }).waitFor();
    await member.page.getByTestId('chat-message').filter({ hasText: text }).waitFor({ state: 'detached', timeout: 2_000 });

    const unexpected = (errors: string[]) => appErrors(errors).filter((error) => !/ERR_INTERNET_DISCONNECTED|ERR_FAILED/i.test(error));
    expect(unexpected(boss.errors)).toEqual([]);
    expect(appErrors(member.errors)).toEqual([]);
    await Promise.all([boss.context.close(), member.context.close()]);
  });

  it('the composer is in view on short screens (/faq-chat, /chat-user, /chat-admin), with one notice and 40 px message actions on touch', async () => {
    const trial = await signUpByApi(baseURL, outbox(), 'shortscreen');
    for (const [width, height] of [
      [1280, 720],
      [1280, 800],
      [375, 667],
    ] as const) {
      const phone = width < 768;
      const context = await browser.newContext({ baseURL, viewport: { width, height }, hasTouch: phone, isMobile: phone });
      const page = await context.newPage();
      const size = `${width}x${height}`;

      // the guest: one notice, in one language, where the composer would be, in view
      await page.goto('/faq-chat');
      await live(page);
      const notice = page.getByTestId('chat-cannot-post');
      await notice.filter({ hasText: 'Login untuk mengirim pesan. Anda hanya bisa melihat pesan dari member.' }).waitFor();
      expect(await page.getByTestId('chat-notice').count()).toBe(0);
      if (phone) await scrollToCard(page);
      await inView(page, page.getByTestId('live-chat-card'));
      await inView(page, notice);
      await shoot(page, `faq-chat-guest-${size}`);

      // the member on /faq-chat: the whole card (and so its composer) fits the screen
      await signIn(page, accounts!.member.email, accounts!.member.password);
      await page.goto('/faq-chat');
      await live(page);
      if (phone) await scrollToCard(page);
      await inView(page, page.getByTestId('live-chat-card'));
      await inView(page, composer(page));
      await shoot(page, `faq-chat-member-${size}`);
      if (phone) {
        // a Not-sent message on a phone: Retry and Discard, like the message actions and the thread
        // toggle, are 40 px tap targets on touch
        const restore = await failing(page, '**/api/chat', 'POST');
        const text = `Gagal di ponsel ${Date.now().toString(36)}`;
        await send(page, text);
        const failed = copies(page, text);
        await failed.getByRole('button', { name: 'Retry' }).waitFor();
        await scrollToCard(page); // (playwright's fill may have scrolled the page to centre the input)
        await inView(page, failed.getByRole('button', { name: 'Retry' }));
        await inView(page, composer(page));
        await shoot(page, `not-sent-${size}`);
        const own = page.locator('[data-testid="chat-message"]:not([data-delivery])').last();
        const targets = [...(await failed.getByRole('button').all()), ...(await own.getByRole('button').all()), page.getByTestId('chat-thread-toggle').first()];
        expect(targets.length).toBeGreaterThanOrEqual(4);
        for (const button of targets) {
          const box = (await button.boundingBox())!;
          expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(40);
        }
        await failed.getByRole('button', { name: 'Discard' }).click();
        await restore();
        // a thread opened, at 375 px
        await page.getByTestId('chat-thread-toggle').filter({ hasText: /^1 reply$/ }).first().click();
        await page.getByTestId('chat-thread-toggle').filter({ hasText: 'Hide replies' }).first().waitFor();
        await scrollToCard(page);
        await shoot(page, `thread-open-${size}`);
      }

      // a trial's conversation with the admins
      await page.evaluate(() => localStorage.clear());
      await signIn(page, trial.user.email, trial.password);
      await page.goto('/chat-user');
      if (phone) {
        await page.getByTestId('chat-list').waitFor();
        const open = page.getByRole('button', { name: 'Message admin' });
        if ((await open.count()) > 0) await open.click();
        else await page.getByTestId('chat-list-item').first().click();
      }
      await composer(page).waitFor();
      if (width === 1280 && height === 720) {
        await send(page, `Halo admin dari layar pendek ${Date.now().toString(36)}`);
        await page.locator('[data-testid="chat-message"]:not([data-delivery])').first().waitFor();
      }
      await inView(page, composer(page));
      await shoot(page, `chat-user-${size}`);

      // the admin's inbox, a conversation open
      await page.evaluate(() => localStorage.clear());
      await signIn(page, admin.email, admin.password);
      await page.goto('/chat-admin');
      await page.getByTestId('chat-list-item').filter({ hasText: 'Member shortscreen' }).first().click();
      await composer(page).waitFor();
      await inView(page, composer(page));
      await shoot(page, `chat-admin-${size}`);
      await context.close();
    }
    // three screen sizes, each signed in three times: longer than one test's minute on a busy machine
  }, 240_000);
});
