import { describe, expect, it } from 'vitest';

import { formatMonth, fromDateInput, paymentsHeading, toDateInput } from './format';

describe('admin formats', () => {
  it('a date input round-trips through the end of that local day', () => {
    const iso = fromDateInput('2031-05-06');
    expect(iso).not.toBeNull();
    const date = new Date(iso!);
    expect([date.getFullYear(), date.getMonth() + 1, date.getDate(), date.getHours(), date.getMinutes()]).toEqual([2031, 5, 6, 23, 59]);
    expect(toDateInput(iso)).toBe('2031-05-06');
  });

  it('refuses what is not a date', () => {
    expect(fromDateInput('06/05/2031')).toBeNull();
    expect(fromDateInput('')).toBeNull();
    expect(toDateInput(null)).toBe('');
  });

  it('heads the payments list by its filter (not "Pending payments" under All)', () => {
    expect(paymentsHeading('pending')).toBe('Pending payments');
    expect(paymentsHeading('approved')).toBe('Approved payments');
    expect(paymentsHeading('rejected')).toBe('Rejected payments');
    expect(paymentsHeading('all')).toBe('All payments');
  });

  it('writes the charts\' months (contract §9 revenueByMonth)', () => {
    expect(formatMonth('2026-03')).toBe('Mar');
    expect(formatMonth('2025-12', true)).toBe('Dec 2025');
    expect(formatMonth('nonsense')).toBe('nonsense');
  });
});
