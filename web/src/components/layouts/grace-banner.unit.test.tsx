// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { loginAs } from '@/lib/test-fixtures';
import { signInWith } from '@/lib/session-user';
import { byTestId, render, testQueryClient } from '@/lib/test-render';
import { useSessionStore } from '@/stores/session-store';
import { GraceBanner } from './grace-banner';
import { membershipState } from './user-menu';

const DAY = 86_400_000;
const NOW = new Date(2026, 2, 10, 12, 0, 0).getTime();
const at = (offset: number) => new Date(NOW + offset).toISOString();

/** Budi's PRO membership ended yesterday; his grace runs two more days. */
const inGrace = { role: 'member' as const, membershipTier: 'pro', membershipEnd: at(-DAY), graceEndsAt: at(2 * DAY) };

/** Signed in as after a sign-in: the login's user is the screen's cache's. */
const signedInRender = (login: ReturnType<typeof loginAs>) => {
  const client = testQueryClient();
  signInWith(client, login);
  return render(<GraceBanner />, { client });
};

describe('GraceBanner (contract §9)', () => {
  let view: ReturnType<typeof render> | null = null;
  afterEach(() => {
    view?.unmount();
    view = null;
    useSessionStore.getState().clear();
    vi.useRealTimers();
  });

  it('says when the membership ended and the day to pay by, with the way to the payment page, while the grace runs; then goes by itself', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    view = signedInRender(loginAs('budi', inGrace));
    const banner = byTestId('grace-banner');
    expect(banner?.textContent).toContain('Your membership ended on 09/03/2026. Pay by 12/03/2026 to keep access.');
    expect(banner?.querySelector('a')?.getAttribute('href')).toBe('/payment-membership');

    act(() => vi.advanceTimersByTime(2 * DAY + 1_000));
    expect(byTestId('grace-banner')).toBeNull();
  });

  it('shows nothing to an active member, a member without grace, a trial, or after sign-out', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const cases = [
      { ...inGrace, membershipEnd: at(DAY), graceEndsAt: at(4 * DAY) },
      { ...inGrace, graceEndsAt: null },
      { role: 'trial' as const, membershipTier: 'trial', membershipEnd: null, graceEndsAt: null, trialExpiresAt: at(DAY) },
    ];
    for (const user of cases) {
      view = signedInRender(loginAs('budi', user));
      expect(byTestId('grace-banner'), JSON.stringify(user)).toBeNull();
      view.unmount();
      view = null;
    }
    view = signedInRender(loginAs('budi', inGrace));
    expect(byTestId('grace-banner')).not.toBeNull();
    act(() => useSessionStore.getState().clear());
    expect(byTestId('grace-banner')).toBeNull();
  });

  it('appears once the end passes on an open screen (the grace starts)', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    view = signedInRender(loginAs('budi', { ...inGrace, membershipEnd: at(60_000), graceEndsAt: at(3 * DAY) }));
    expect(byTestId('grace-banner')).toBeNull();
    act(() => vi.advanceTimersByTime(61_000));
    expect(byTestId('grace-banner')).not.toBeNull();
  });
});

describe('membershipState (the top bar menu, beside the tier badge)', () => {
  it('grace while it runs, expired once the rights ended, nothing for an active member, a trial, an admin or a user without dates yet', () => {
    const user = loginAs('budi', inGrace).user;
    expect(membershipState(user, NOW)).toBe('grace');
    expect(membershipState({ ...user, graceEndsAt: null }, NOW)).toBe('expired');
    expect(membershipState({ ...user, membershipEnd: at(DAY), graceEndsAt: null }, NOW)).toBeNull();
    expect(membershipState({ ...user, role: 'trial' }, NOW)).toBeNull();
    expect(membershipState({ username: 'budi', email: 'b@example.com', role: 'member', membershipTier: 'pro', photo_profile: '' }, NOW)).toBeNull();
  });
});
