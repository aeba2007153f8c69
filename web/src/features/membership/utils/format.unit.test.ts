import { describe, expect, it } from 'vitest';

import { isCustomAmount, listPrice, perPeriod } from './format';

describe('membership formatting', () => {
  it('knows the price table and labels other amounts custom (spec §4, §9)', () => {
    expect(listPrice('PRO', 'yearly')).toBe(1_000_000);
    expect(listPrice('trial', 'monthly')).toBeNull();
    expect(isCustomAmount('basic', 'monthly', 50_000)).toBe(false);
    expect(isCustomAmount('basic', 'monthly', 45_000)).toBe(true);
    expect(isCustomAmount('expert', 'yearly', 2_000_000)).toBe(false);
  });

  it('per month or year', () => {
    expect(perPeriod('monthly')).toBe('/ month');
    expect(perPeriod('yearly')).toBe('/ year');
  });
});
