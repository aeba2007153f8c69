import { describe, expect, it } from 'vitest';

import { formatLastActive, formatSignedIn } from './format';

const now = new Date('2026-05-12T10:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('session times', () => {
  it('says "just now" within the minute, and for a clock slightly ahead', () => {
    expect(formatLastActive(ago(0), now)).toBe('just now');
    expect(formatLastActive(ago(59_000), now)).toBe('just now');
    expect(formatLastActive(ago(-5_000), now)).toBe('just now');
  });

  it('counts minutes, hours and days after that', () => {
    expect(formatLastActive(ago(5 * 60_000), now)).toBe('5 minutes ago');
    expect(formatLastActive(ago(2 * 3_600_000), now)).toBe('2 hours ago');
    expect(formatLastActive(ago(3 * 86_400_000), now)).toBe('3 days ago');
  });

  it('writes the sign-in time as DD/MM/YYYY HH:mm, and an unknown time as such', () => {
    expect(formatSignedIn('2026-03-05T14:07:00')).toBe('05/03/2026 14:07');
    expect(formatSignedIn('not a date')).toBe('Tidak diketahui');
    expect(formatLastActive('not a date', now)).toBe('Tidak diketahui');
  });
});
