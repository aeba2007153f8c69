import { describe, expect, it } from 'vitest';

import { formatDate, formatRupiah, isCustomAmount, listPrice, perPeriod } from './format';

describe('membership formatting', () => {
  it('writes Rupiah with dots between thousands', () => {
    expect(formatRupiah(50_000)).toBe('Rp 50.000');
    expect(formatRupiah(1_000_000)).toBe('Rp 1.000.000');
    expect(formatRupiah(0)).toBe('Rp 0');
  });

  it('knows the price table and labels other amounts custom (spec §4, §9)', () => {
    expect(listPrice('PRO', 'yearly')).toBe(1_000_000);
    expect(listPrice('trial', 'monthly')).toBeNull();
    expect(isCustomAmount('basic', 'monthly', 50_000)).toBe(false);
    expect(isCustomAmount('basic', 'monthly', 45_000)).toBe(true);
    expect(isCustomAmount('expert', 'yearly', 2_000_000)).toBe(false);
  });

  it('per month or year; DD/MM/YYYY or "Tidak diketahui"', () => {
    expect(perPeriod('monthly')).toBe('/ month');
    expect(perPeriod('yearly')).toBe('/ year');
    expect(formatDate('2026-03-05T10:00:00')).toBe('05/03/2026');
    expect(formatDate(null)).toBe('Tidak diketahui');
    expect(formatDate('not a date')).toBe('Tidak diketahui');
  });
});
