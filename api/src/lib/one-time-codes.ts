import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { LIMITS } from '@le/contracts';

/** A uniformly random code of LIMITS.resetCodeLength digits. */
export const generateCode = (): string =>
  String(randomInt(0, 10 ** LIMITS.resetCodeLength)).padStart(LIMITS.resetCodeLength, '0');

/**
 * Codes are kept as keyed hashes: a 6-digit code's plain hash could be reversed by trying all
 * million, the server key makes that impossible without the key.
 */
export const hashCode = (key: string, codeId: string, code: string): string =>
  createHmac('sha256', key).update(`${codeId}:${code}`).digest('hex');

export const codeMatches = (key: string, codeId: string, code: string, expectedHash: string): boolean => {
  const actual = Buffer.from(hashCode(key, codeId, code), 'hex');
  const expected = Buffer.from(expectedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
};
