import { UI_TEXT } from '@le/contracts';
import { describe, expect, it } from 'vitest';

import { formatDateTime, formatDateTimeUtc, formatDay, formatTime } from './dates';

describe('one time format: 24-hour HH:mm', () => {
  const afternoon = new Date(2026, 2, 5, 13, 7, 33).toISOString();
  const morning = new Date(2026, 2, 5, 9, 4, 0).toISOString();

  it('writes a time as HH:mm with a colon, never seconds, never AM/PM', () => {
    expect(formatTime(afternoon)).toBe('13:07');
    expect(formatTime(morning)).toBe('09:04');
    expect(formatDateTime(afternoon)).toBe('05/03/2026 13:07');
    expect(formatDay(afternoon)).toBe('05/03/2026');
  });

  it('says "Tidak diketahui" when the time is missing or unreadable', () => {
    for (const value of [null, undefined, '', 'not a date']) {
      expect(formatTime(value)).toBe(UI_TEXT.unknownDate);
      expect(formatDateTime(value)).toBe(UI_TEXT.unknownDate);
    }
  });
});

describe('formatDateTimeUtc: a moment as the server writes it', () => {
  it('is the UTC wall time, said to be UTC, whatever the zone the code runs in', () => {
    expect(formatDateTimeUtc('2026-11-24T01:05:00.000Z')).toBe('24/11/2026 01:05 UTC');
    expect(formatDateTimeUtc('2026-11-24T08:05:00.000+07:00')).toBe('24/11/2026 01:05 UTC');
    expect(formatDateTimeUtc('nonsense')).toBe(UI_TEXT.unknownDate);
    expect(formatDateTimeUtc(null)).toBe(UI_TEXT.unknownDate);
  });
});
