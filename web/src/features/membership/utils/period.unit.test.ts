import { describe, expect, it } from 'vitest';

import { periodNote } from './period';

const DAY = 86_400_000;
const NOW = new Date(2026, 2, 10, 12).getTime();
const at = (offset: number) => new Date(NOW + offset).toISOString();
const basicYearly = { role: 'member' as const, membershipTier: 'basic', membershipEnd: at(200 * DAY), graceEndsAt: null };

describe('periodNote (contract §9 tier change, before paying)', () => {
  it('another tier than the active one starts at the approval', () => {
    expect(periodNote(basicYearly, 'expert', 'monthly', NOW)).toBe('Your Expert month starts when the payment is approved.');
    expect(periodNote(basicYearly, 'pro', 'yearly', NOW)).toBe('Your Pro year starts when the payment is approved.');
  });

  it('the same tier continues from the current end', () => {
    expect(periodNote(basicYearly, 'basic', 'monthly', NOW)).toBe('Your new period continues from your current end, 26/09/2026.');
  });

  it('in the grace, the same tier continues from the old end; another tier starts at the approval', () => {
    const inGrace = { ...basicYearly, membershipEnd: at(-DAY), graceEndsAt: at(2 * DAY) };
    expect(periodNote(inGrace, 'basic', 'monthly', NOW)).toBe('Your new period continues from your old end, 09/03/2026.');
    expect(periodNote(inGrace, 'expert', 'monthly', NOW)).toBe('Your Expert month starts when the payment is approved.');
  });

  it('without an active membership (a trial, an ended one) every period starts at the approval', () => {
    expect(periodNote({ role: 'trial', membershipTier: 'trial', trialExpiresAt: at(DAY) }, 'basic', 'monthly', NOW)).toBe(
      'Your Basic month starts when the payment is approved.',
    );
    expect(periodNote({ ...basicYearly, membershipEnd: at(-DAY) }, 'basic', 'monthly', NOW)).toBe('Your Basic month starts when the payment is approved.');
    expect(periodNote(null, 'pro', 'monthly', NOW)).toBe('Your Pro month starts when the payment is approved.');
  });
});
