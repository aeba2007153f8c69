import { describe, expect, it } from 'vitest';

import { EN_US, ID_ID, formatFixed } from './numbers';

const intl = (locale: string, decimals: number) => new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

/** A deterministic spread of values: prices, pips, amounts, halves at every place, tiny and huge ones. */
const samples = (): number[] => {
  const values = [0, -0, 0.5, 1.5, 2.5, -0.5, 0.005, 0.015, 1.005, 1.045, 2.675, 999.995, 999_999.995, -0.001, -0.004, -0.005, 1e21, 1.5e22, 1e-7, 5e-7, 123_456_789.125, 2384.2, 2378.5, 2389.7, Number.MAX_SAFE_INTEGER];
  let seed = 7;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
  for (let index = 0; index < 4000; index += 1) {
    const scale = 10 ** Math.floor(random() * 10 - 3);
    const value = (random() - 0.3) * scale;
    values.push(value, Math.round(value * 1000) / 1000, Math.round(value * 100) / 100 + 0.005);
  }
  return values;
};

describe('formatFixed', () => {
  it('writes what Intl writes for en-US with 0, 1 and 2 decimals', () => {
    for (const decimals of [0, 1, 2]) {
      const format = intl('en-US', decimals);
      for (const value of samples()) expect(formatFixed(value, decimals, EN_US), String(value)).toBe(format.format(value));
    }
  });

  it('writes what Intl writes for id-ID', () => {
    for (const decimals of [0, 1]) {
      const format = intl('id-ID', decimals);
      for (const value of samples()) expect(formatFixed(value, decimals, ID_ID), String(value)).toBe(format.format(value));
    }
  });

  it('writes prices as the desk does', () => {
    expect(formatFixed(2384.2, 2)).toBe('2,384.20');
    expect(formatFixed(150_000, 0, ID_ID)).toBe('150.000');
    expect(formatFixed(-0.004, 2)).toBe('-0.00');
  });
});
