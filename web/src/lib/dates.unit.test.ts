import { UI_TEXT } from '@le/contracts';
import { describe, expect, it } from 'vitest';

import { dayKeyIn, fixedOffsetOf, formatAgo, formatDateTime, formatDate, formatTime, isTimeZone, localTimeZone, sameClock } from './dates';

describe('one time format: 24-hour HH:mm', () => {
  const afternoon = new Date(2026, 2, 5, 13, 7, 33).toISOString();
  const morning = new Date(2026, 2, 5, 9, 4, 0).toISOString();

  it('writes a time as HH:mm with a colon, never seconds, never AM/PM, in the runtime zone by default', () => {
    expect(formatTime(afternoon)).toBe('13:07');
    expect(formatTime(morning)).toBe('09:04');
    expect(formatDateTime(afternoon)).toBe('05/03/2026 13:07');
    expect(formatDate(afternoon)).toBe('05/03/2026');
  });

  it('says "Tidak diketahui" when the time is missing or unreadable', () => {
    for (const value of [null, undefined, '', 'not a date']) {
      expect(formatTime(value)).toBe(UI_TEXT.unknownDate);
      expect(formatDateTime(value)).toBe(UI_TEXT.unknownDate);
      expect(formatDate(value, 'Asia/Jakarta')).toBe(UI_TEXT.unknownDate);
    }
  });
});

describe('a zone named: the wall time there, never a zone name on screen', () => {
  it('writes WIB (UTC+7) and UTC wall times, across a day boundary', () => {
    const lateUtc = '2026-11-24T20:05:00.000Z';
    expect(formatDateTime(lateUtc, 'Asia/Jakarta')).toBe('25/11/2026 03:05');
    expect(formatDateTime(lateUtc, 'UTC')).toBe('24/11/2026 20:05');
    expect(formatTime('2026-11-24T00:00:00.000Z', 'Asia/Jakarta')).toBe('07:00');
    expect(dayKeyIn(lateUtc, 'Asia/Jakarta')).toBe('2026-11-25');
    expect(dayKeyIn(lateUtc, 'UTC')).toBe('2026-11-24');
    expect(dayKeyIn(null, 'UTC')).toBe('');
  });

  it('knows a zone from a made-up one', () => {
    expect(isTimeZone('Asia/Makassar')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});

describe('how long ago', () => {
  const now = new Date('2026-05-12T10:00:00.000Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it('says "just now" within the minute, and for a clock slightly ahead', () => {
    expect(formatAgo(ago(0), now)).toBe('just now');
    expect(formatAgo(ago(59_000), now)).toBe('just now');
    expect(formatAgo(ago(-5_000), now)).toBe('just now');
  });

  it('counts minutes, hours, days, months and years after that, one of each said in words', () => {
    expect(formatAgo(ago(60_000), now)).toBe('a minute ago');
    expect(formatAgo(ago(5 * 60_000), now)).toBe('5 minutes ago');
    expect(formatAgo(ago(50 * 60_000), now)).toBe('an hour ago');
    expect(formatAgo(ago(2 * 3_600_000), now)).toBe('2 hours ago');
    expect(formatAgo(ago(30 * 3_600_000), now)).toBe('a day ago');
    expect(formatAgo(ago(3 * 86_400_000), now)).toBe('3 days ago');
    expect(formatAgo(ago(40 * 86_400_000), now)).toBe('a month ago');
    expect(formatAgo(ago(92 * 86_400_000), now)).toBe('3 months ago');
    expect(formatAgo(ago(400 * 86_400_000), now)).toBe('a year ago');
    expect(formatAgo(ago(800 * 86_400_000), now)).toBe('2 years ago');
  });

  it('says "Tidak diketahui" for a time it cannot read', () => {
    expect(formatAgo('not a date', now)).toBe(UI_TEXT.unknownDate);
    expect(formatAgo(null, now)).toBe(UI_TEXT.unknownDate);
  });
});

describe('zones whose clock never moves are written without a formatter, to the same characters', () => {
  const made = new Map<string | undefined, Intl.DateTimeFormat>();
  const intl = (iso: string, zone?: string) => {
    if (!made.has(zone))
      made.set(zone, new Intl.DateTimeFormat('en-GB', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }));
    const parts = Object.fromEntries(made.get(zone)!.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
    return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
  };
  // Every 17 h 13 min from 2020 to 2032: all hours, day and year boundaries, leap days.
  const moments = Array.from({ length: 6_200 }, (_, index) => new Date(Date.UTC(2020, 0, 1) + index * (17 * 60 + 13) * 60_000).toISOString());

  it('WIB, WITA, WIT, UTC and Etc/GMT-N as Intl writes them', () => {
    for (const zone of ['Asia/Jakarta', 'Asia/Pontianak', 'Asia/Makassar', 'Asia/Jayapura', 'UTC', 'Etc/GMT-7', 'Etc/GMT+5']) {
      expect(fixedOffsetOf(zone), zone).not.toBeNull();
      for (const iso of moments) if (formatDateTime(iso, zone) !== intl(iso, zone)) expect(`${zone} ${iso}: ${formatDateTime(iso, zone)}`).toBe(intl(iso, zone));
    }
  });

  it('the runtime’s own zone as Intl writes it; a zone with summer time still through Intl', () => {
    for (const iso of moments) if (formatDateTime(iso) !== intl(iso)) expect(`${iso}: ${formatDateTime(iso)}`).toBe(intl(iso));
    expect(fixedOffsetOf('Europe/Berlin')).toBeNull();
    expect(formatDateTime('2026-07-01T10:00:00.000Z', 'Europe/Berlin')).toBe('01/07/2026 12:00');
    expect(formatDateTime('2026-01-01T10:00:00.000Z', 'Europe/Berlin')).toBe('01/01/2026 11:00');
  });

  it('knows when two zones write alike, and the runtime’s zone is one Intl knows', () => {
    expect(sameClock('Asia/Jakarta', 'Etc/GMT-7')).toBe(true);
    expect(sameClock('Asia/Jakarta', 'Asia/Pontianak')).toBe(true);
    expect(sameClock('Asia/Jakarta', 'Asia/Makassar')).toBe(false);
    expect(sameClock('Europe/Berlin', 'Europe/Berlin')).toBe(true);
    expect(sameClock('Europe/Berlin', 'Etc/GMT-1')).toBe(false);
    expect(isTimeZone(localTimeZone())).toBe(true);
    const local = localTimeZone();
    expect(formatDateTime('2026-11-24T20:05:00.000Z', local)).toBe(formatDateTime('2026-11-24T20:05:00.000Z'));
  });
});
