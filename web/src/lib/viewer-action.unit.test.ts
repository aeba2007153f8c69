import { describe, expect, it } from 'vitest';

import { publicUser } from '@/lib/test-fixtures';
import { canUpgrade, membershipStepsFor, navActionFor, viewerActionFor, viewerKindOf } from './viewer-action';

const NOW = Date.parse('2026-06-01T00:00:00.000Z');
const DAY = 86_400_000;
const at = (offset: number) => new Date(NOW + offset).toISOString();

const trial = publicUser('tari', { trialExpiresAt: at(7 * DAY) });
const trialEnded = publicUser('tono', { trialExpiresAt: at(-DAY) });
const expired = publicUser('eko', { role: 'member', membershipTier: 'basic', duration: 'monthly', membershipEnd: at(-DAY) });
const pro = publicUser('budi', { role: 'member', membershipTier: 'pro', duration: 'monthly', membershipEnd: at(20 * DAY) });
const expert = publicUser('ahmad', { role: 'member', membershipTier: 'expert', duration: 'yearly', membershipEnd: at(200 * DAY) });
const admin = publicUser('boss', { role: 'admin', membershipTier: 'admin' });

describe('the viewer-aware next step', () => {
  it('a guest has none: the screens keep their sign-in and sign-up', () => {
    expect(viewerKindOf(null, NOW)).toBe('guest');
    expect(viewerActionFor(null, {}, NOW)).toBeNull();
    expect(navActionFor(null, {}, NOW)).toBeNull();
  });

  it('a trial, running or ended, chooses a membership; with a payment waiting, sees it instead', () => {
    for (const user of [trial, trialEnded]) {
      expect(viewerKindOf(user, NOW)).toBe('trial');
      expect(viewerActionFor(user, {}, NOW)).toMatchObject({ label: 'Choose a membership', href: '/payment-membership' });
      expect(viewerActionFor(user, { pendingPayment: true }, NOW)).toMatchObject({ kind: 'pending', href: '/dashboard-member' });
    }
  });

  it('an expired member renews (rights follow the dates, not the stored role); a waiting payment shows instead', () => {
    expect(viewerKindOf(expired, NOW)).toBe('expired');
    expect(viewerActionFor(expired, {}, NOW)).toMatchObject({ label: 'Renew membership', href: '/payment-membership' });
    expect(navActionFor(expired, { pendingPayment: true }, NOW)?.kind).toBe('pending');
  });

  it('an active member and an admin open the live chart', () => {
    expect(viewerActionFor(pro, {}, NOW)).toMatchObject({ label: 'Open the live chart', href: '/live' });
    expect(viewerActionFor(admin, {}, NOW)).toMatchObject({ label: 'Open the live chart', href: '/live' });
  });

  it('"Upgrade Member": hidden while a payment waits, for an active top-tier member and for an admin', () => {
    expect(canUpgrade(trial, {}, NOW)).toBe(true);
    expect(canUpgrade(expired, {}, NOW)).toBe(true);
    expect(canUpgrade(pro, {}, NOW)).toBe(true);
    expect(canUpgrade(pro, { pendingPayment: true }, NOW)).toBe(false);
    expect(canUpgrade(expert, {}, NOW)).toBe(false);
    expect(canUpgrade(admin, {}, NOW)).toBe(false);
    // an expert whose membership ended may pay again
    expect(canUpgrade({ ...expert, membershipEnd: at(-DAY) }, {}, NOW)).toBe(true);
  });

  it('the top bar: the next step for trial and expired, the tier above for a member below the top tier, nothing for expert or admin', () => {
    expect(navActionFor(trial, {}, NOW)?.label).toBe('Choose a membership');
    expect(navActionFor(expired, {}, NOW)?.label).toBe('Renew membership');
    expect(navActionFor(pro, {}, NOW)).toMatchObject({ kind: 'move', label: 'Move to Expert', href: '/payment-membership?tier=expert' });
    expect(navActionFor(pro, { pendingPayment: true }, NOW)).toBeNull();
    expect(navActionFor(expert, {}, NOW)).toBeNull();
    expect(navActionFor(admin, {}, NOW)).toBeNull();
  });

  it('the dashboard: one step per state — Upgrade Member for a trial, Extend and Move to for a member, nothing for expired, pending or admin', () => {
    expect(membershipStepsFor(trial, {}, NOW).map((step) => step.label)).toEqual(['Upgrade Member']);
    expect(membershipStepsFor(pro, {}, NOW)).toEqual([
      { kind: 'extend', label: 'Extend Pro', href: '/payment-membership?tier=pro' },
      { kind: 'move', label: 'Move to Expert', href: '/payment-membership?tier=expert' },
    ]);
    expect(membershipStepsFor(expert, {}, NOW).map((step) => step.label)).toEqual(['Extend Expert']);
    for (const user of [expired, trialEnded, admin]) expect(membershipStepsFor(user, {}, NOW)).toEqual([]);
    expect(membershipStepsFor(pro, { pendingPayment: true }, NOW)).toEqual([]);
  });

  it('while /auth/me has not answered (a stored user without dates), a paid member is never told to renew', () => {
    const stored = { role: 'member' as const, membershipTier: 'pro' };
    expect(viewerKindOf(stored, NOW)).toBe('member');
    expect(viewerActionFor(stored, {}, NOW)?.kind).toBe('live');
    expect(navActionFor(stored, {}, NOW)).toBeNull();
    expect(membershipStepsFor(stored, {}, NOW)).toEqual([]);
  });
});
