import { describe, expect, it } from 'vitest';
import { codeMatches, generateCode, hashCode } from './one-time-codes';

describe('one-time codes', () => {
  it('are six digits, leading zeros kept, and spread over the whole range', () => {
    const codes = Array.from({ length: 2_000 }, generateCode);
    expect(codes.every((code) => /^\d{6}$/.test(code))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(1_990);
    expect(codes.some((code) => code.startsWith('0'))).toBe(true);
  });

  it('match only their own id, key and digits', () => {
    const hash = hashCode('key', 'id1', '123456');
    expect(codeMatches('key', 'id1', '123456', hash)).toBe(true);
    expect(codeMatches('key', 'id1', '123457', hash)).toBe(false);
    expect(codeMatches('key', 'id2', '123456', hash)).toBe(false);
    expect(codeMatches('other', 'id1', '123456', hash)).toBe(false);
  });
});
