import { describe, expect, it } from 'vitest';

import { formatAmountShort, formatRupiah } from './money';

describe('money', () => {
  it('writes Rupiah with dots between thousands', () => {
    expect(formatRupiah(50_000)).toBe('Rp 50.000');
    expect(formatRupiah(2_000_000)).toBe('Rp 2.000.000');
    expect(formatRupiah(0)).toBe('Rp 0');
  });

  it('writes an axis amount short, as Indonesians do', () => {
    expect(formatAmountShort(50_000)).toBe('50 rb');
    expect(formatAmountShort(1_500_000)).toBe('1,5 jt');
    expect(formatAmountShort(0)).toBe('0');
  });
});
