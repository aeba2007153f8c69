import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { e2eServer } from './support/server';
import { launchBrowser, settled } from './support/browser';
import { signInByApi, type ApiSession } from './support/members';

/**
 * axe-core on the main screens of every role at 375 px (a touch phone) and 1280 px: no serious or
 * critical violation, a level-one heading in every state, icon and text buttons at least 40 px on
 * touch, and a visible focus on every stop of the keyboard's tab order.
 */
const chromiumPath = inject('chromium');
const baseURL = e2eServer().baseURL;
const admin = inject('admin');
const accounts = e2eServer().accounts;
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

type Role = 'guest' | 'trial' | 'member' | 'admin';
const SCREENS: Record<Role, string[]> = {
  guest: ['/', '/history', '/faq-chat', '/live', '/signals', '/auth/login'],
  trial: ['/dashboard-member', '/payment-membership', '/chat-user', '/settings'],
  member: ['/dashboard-member', '/payment-membership', '/chat-user', '/settings'],
  admin: ['/dashboard', '/manage-membership', '/chat-admin', '/log-activity'],
};
const WIDTHS = [375, 1280] as const;
const MIN_TARGET_PX = 40;

interface Violation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** A context of this role at this width (375: a touch phone), signed in as a sign-in would leave it. */
const open = async (browser: Browser, session: ApiSession | null, width: number) => {
  const phone = width < 768;
  // bypassCSP: the page's CSP (script-src 'self') would refuse axe's script tag; the app's own scripts are unaffected.
  const context = await browser.newContext({ baseURL, viewport: { width, height: phone ? 812 : 800 }, hasTouch: phone, isMobile: phone, bypassCSP: true });
  if (session) {
    await context.addInitScript((stored: ApiSession) => {
      if (localStorage.getItem('token')) return;
      localStorage.setItem('token', stored.token);
      localStorage.setItem('sessionId', stored.sessionId);
      localStorage.setItem('role', stored.user.role);
      localStorage.setItem('username', stored.user.username);
      const { username, email, role, membershipTier, photo_profile } = stored.user;
      localStorage.setItem('user', JSON.stringify({ username, email, role, membershipTier, photo_profile }));
    }, session);
  }
  return { context, page: await context.newPage() };
};

/** The screen has drawn what it shows: its level-one heading, no loading state left, nothing moving. */
const ready = async (page: Page) => {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"]') &&
      !Array.from(document.querySelectorAll('[role="status"][aria-label]')).some((element) => /^(Loading|Checking)/.test(element.getAttribute('aria-label') ?? '')),
    undefined,
    { timeout: 15_000 },
  );
  await settled(page);
};

/** axe-core's serious and critical violations of the page as it stands. */
const axeViolations = async (page: Page): Promise<Violation[]> => {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    type Node = { target: unknown[]; html: string; any: { message: string }[] };
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: Node[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    // each node as its selector, its markup's start and axe's finding ("contrast of 3.83 (foreground #71717a...)")
    const describe = (node: Node) => `${node.target.join(' ')} ${node.html.slice(0, 80)}${node.any[0] ? ` — ${node.any[0].message}` : ''}`;
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({ id: violation.id, impact: violation.impact!, help: violation.help, targets: violation.nodes.map(describe) }));
  });
};

/** Buttons (and what acts as one) a finger cannot hit: smaller than 40 px either way. */
const smallTargets = (page: Page, min: number) =>
  page.evaluate((minPx) => {
    const selector = 'button, [role="button"], [role="tab"], [role="switch"], [role="menuitem"], [role="checkbox"], [role="radio"], input[type="checkbox"], input[type="radio"], select';
    return Array.from(document.querySelectorAll<HTMLElement>(selector))
      .filter((element) => {
        if ((element as HTMLButtonElement).disabled || element.closest('[inert], [aria-hidden="true"]')) return false;
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        // hidden, or a native input drawn by its visible control (the control is measured instead)
        if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || style.opacity === '0' || (box.width <= 1 && box.height <= 1)) return false;
        return box.width < minPx - 0.5 || box.height < minPx - 0.5;
      })
      .map((element) => {
        const box = element.getBoundingClientRect();
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30) ?? '';
        return `${element.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`;
      });
  }, min);

/**
 * Tabs through the page (up to `stops` stops) and names every stop without a visible focus: no
 * outline and no box-shadow on it, nor on the control that draws it (zag's data-focus-visible).
 */
const focusWithoutIndicator = async (page: Page, stops: number): Promise<string[]> => {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const missing: string[] = [];
  const seen = new Set<string>();
  for (let stop = 0; stop < stops; stop += 1) {
    await page.keyboard.press('Tab');
    const found = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const shows = (candidate: Element) => {
        const style = getComputedStyle(candidate);
        const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
        return outline || (style.boxShadow !== 'none' && style.boxShadow !== '');
      };
      const drawnBy = element.closest('label, [data-part="root"]')?.querySelector('[data-focus-visible]');
      const name = `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30)}"`;
      return { key: `${name}@${Math.round(element.getBoundingClientRect().top)}`, name, visible: shows(element) || (drawnBy ? shows(drawnBy) : false) };
    });
    if (!found) continue;
    if (seen.has(found.key)) break;
    seen.add(found.key);
    if (!found.visible) missing.push(found.name);
  }
  return missing;
};

describe.runIf(chromiumPath)('accessibility of the main screens', () => {
  let browser: Browser;
  const sessions: Partial<Record<Role, ApiSession | null>> = { guest: null };
  beforeAll(async () => {
    browser = await launchBrowser(chromiumPath!);
    sessions.admin = await signInByApi(baseURL, admin.email, admin.password);
    sessions.member = await signInByApi(baseURL, accounts!.member.email, accounts!.member.password);
    sessions.trial = await signInByApi(baseURL, accounts!.trial.email, accounts!.trial.password);
  });
  afterAll(() => browser?.close());

  for (const role of Object.keys(SCREENS) as Role[]) {
    for (const width of WIDTHS) {
      const checks = width < 768 ? `40 px tap targets` : 'a visible focus on every tab stop';
      it(`${role} at ${width} px: no serious or critical axe violation, a level-one heading, ${checks}`, async () => {
        const problems: string[] = [];
        const { context, page } = await open(browser, sessions[role] ?? null, width);
        for (const screen of SCREENS[role]) {
          await page.goto(screen);
          await ready(page);
          const where = `${role} ${screen} @${width}`;
          for (const violation of await axeViolations(page)) {
            problems.push(`${where}: [${violation.impact}] ${violation.id} (${violation.help}) at ${violation.targets.slice(0, 5).join(' | ')}`);
          }
          if ((await page.getByRole('heading', { level: 1 }).count()) === 0) problems.push(`${where}: no level-one heading`);
          if (width < 768) {
            for (const target of await smallTargets(page, MIN_TARGET_PX)) problems.push(`${where}: tap target under ${MIN_TARGET_PX} px: ${target}`);
            // the bigger touch targets must still fit the phone's width
            const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
            if (overflow > 0) problems.push(`${where}: scrolls sideways by ${overflow} px on touch`);
          } else {
            for (const name of await focusWithoutIndicator(page, 40)) problems.push(`${where}: no visible focus on ${name}`);
          }
        }
        await context.close();
        expect(problems).toEqual([]);
      });
    }
  }

  it('/chat-admin at 375 px keeps a level-one heading with a conversation open, and passes axe, a hidden message among the rest', async () => {
    // The global room holds a message the admin hid: drawn dimmed for the admin (spec §4), still readable.
    const call = async (session: ApiSession, method: string, route: string, body: unknown) => {
      const response = await fetch(`${baseURL}/api${route}`, {
        method,
        headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status, `${method} ${route}`).toBeLessThan(300);
      return (await response.json()) as { message: { _id: string; hidden?: boolean } };
    };
    const { message } = await call(sessions.member!, 'POST', '/chat', { content: `a11y hidden ${Date.now()}`, type: 'global' });
    expect((await call(sessions.admin!, 'PATCH', `/chat/${message._id}/hide`, { context: 'global' })).message.hidden).toBe(true);

    const { context, page } = await open(browser, sessions.admin!, 375);
    await page.goto('/chat-admin');
    await ready(page);
    // the global room is always in the list
    await page.getByTestId('chat-list-item').first().click();
    await page.getByTestId('chat-back').waitFor();
    await page.locator(`[data-testid="chat-message"][data-message-id="${message._id}"][data-hidden="true"]`).waitFor();
    await settled(page);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
