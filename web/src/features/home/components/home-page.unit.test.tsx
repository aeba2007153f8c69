// @vitest-environment jsdom
import type { PublicUser } from '@le/contracts';
import { afterEach, describe, expect, it } from 'vitest';

import { loginAs, publicUser } from '@/lib/test-fixtures';
import { signInWith } from '@/lib/session-user';
import { byTestId, render, testQueryClient } from '@/lib/test-render';
import { useSessionStore } from '@/stores/session-store';
import { HomePage } from './home-page';

const DAY = 86_400_000;
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();

const links = () => [...document.querySelectorAll('a')].map((link) => ({ text: link.textContent?.trim(), href: link.getAttribute('href') }));
const heroLinks = () => [...(byTestId('hero-actions')?.querySelectorAll('a') ?? [])].map((link) => link.textContent?.trim());

// The first test pays for loading Chakra and the page, which under a loaded machine can pass 5 s.
describe('Home: the hero and the promo offer what the viewer can do next', { timeout: 20_000 }, () => {
  let view: ReturnType<typeof render> | null = null;
  const mount = (user: PublicUser | null, pendingPayment = false) => {
    const client = testQueryClient();
    if (user) signInWith(client, loginAs(user.username, user));
    view = render(<HomePage pendingPayment={pendingPayment} />, { client });
  };
  afterEach(() => {
    view?.unmount();
    view = null;
    useSessionStore.getState().clear();
  });

  it('a guest: Join Now, Create an Account and the free trial', () => {
    mount(null);
    expect(heroLinks()).toEqual(['Join Now', 'Create an Account']);
    expect(byTestId('promo-action')?.textContent).toBe('Start Your Free Trial');
    expect(byTestId('promo-action')?.getAttribute('href')).toBe('/auth/register');
  });

  it('a trial: "Choose a membership" in both places, never a sign-in or sign-up', () => {
    mount(publicUser('tari', { trialExpiresAt: iso(7 * DAY) }));
    expect(heroLinks()).toEqual(['Choose a membership']);
    expect(byTestId('promo-action')?.textContent).toBe('Choose a membership');
    expect(links().filter((link) => link.href?.startsWith('/auth/'))).toEqual([]);
  });

  it('a trial whose payment waits: "See your pending payment"', () => {
    mount(publicUser('tari', { trialExpiresAt: iso(7 * DAY) }), true);
    expect(byTestId('viewer-action')?.getAttribute('href')).toBe('/dashboard-member');
    expect(byTestId('viewer-action')?.textContent?.trim()).toBe('See your pending payment');
  });

  it('an expired member: "Renew membership"', () => {
    mount(publicUser('eko', { role: 'member', membershipTier: 'basic', duration: 'monthly', membershipEnd: iso(-DAY) }));
    expect(heroLinks()).toEqual(['Renew membership']);
    expect(byTestId('promo-action')?.getAttribute('href')).toBe('/payment-membership');
  });

  it('an active member: "Open the live chart"', () => {
    mount(publicUser('budi', { role: 'member', membershipTier: 'pro', duration: 'monthly', membershipEnd: iso(20 * DAY) }));
    expect(heroLinks()).toEqual(['Open the live chart']);
    expect(byTestId('viewer-action')?.getAttribute('href')).toBe('/live');
    expect(links().filter((link) => link.href?.startsWith('/auth/'))).toEqual([]);
  });
});
