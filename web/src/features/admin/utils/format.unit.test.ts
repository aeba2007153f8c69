import { describe, expect, it } from 'vitest';

import { formatDate, formatMonth, formatRupiah, formatAmountShort, fromDateInput, paymentsHeading, toDateInput } from './format';

describe('admin formats', () => {
  it('writes Rupiah with Indonesian grouping', () => {
    expect(formatRupiah(100_000)).toBe('Rp 100.000');
    expect(formatRupiah(2_000_000)).toBe('Rp 2.000.000');
  });

  it('a date input round-trips through the end of that local day', () => {
    const iso = fromDateInput('2031-05-06');
    expect(iso).not.toBeNull();
    const date = new Date(iso!);
    expect([date.getFullYear(), date.getMonth() + 1, date.getDate(), date.getHours(), date.getMinutes()]).toEqual([2031, 5, 6, 23, 59]);
    expect(toDateInput(iso)).toBe('2031-05-06');
  });

  it('refuses what is not a date and shows a dash for no date', () => {
    expect(fromDateInput('06/05/2031')).toBeNull();
    expect(fromDateInput('')).toBeNull();
    expect(toDateInput(null)).toBe('');
    expect(formatDate(null)).toBe('—');
    expect(formatDate('2031-05-06T12:00:00.000Z')).toMatch(/^\d{2}\/\d{2}\/2031$/);
  });

  it('heads the payments list by its filter (not "Pending payments" under All)', () => {
    expect(paymentsHeading('pending')).toBe('Pending payments');
    expect(paymentsHeading('approved')).toBe('Approved payments');
    expect(paymentsHeading('rejected')).toBe('Rejected payments');
    expect(paymentsHeading('all')).toBe('All payments');
  });

  it('writes the charts\' Rupiah short and their months (contract §9 revenueByMonth)', () => {
    expect(formatAmountShort(1_500_000)).toBe('1,5 jt');
    expect(formatAmountShort(50_000)).toBe('50 rb');
    expect(formatAmountShort(0)).toBe('0');
    expect(formatMonth('2026-03')).toBe('Mar');
    expect(formatMonth('2025-12', true)).toBe('Dec 2025');
    expect(formatMonth('nonsense')).toBe('nonsense');
  });
});
