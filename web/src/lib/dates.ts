import { UI_TEXT } from '@le/contracts';
import { createContext, createElement, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';

/**
 * The one way the app writes a moment: 24-hour `HH:mm` with a colon and days as DD/MM/YYYY, as
 * Indonesians read a clock, in the reader's time zone. Every date-and-time and every bare time on the
 * screens goes through this file.
 */
export const TIME_FORMAT = 'HH:mm';

/** The service's home zone (WIB): the server draws a page in it when it does not know the reader's. */
export const SERVICE_TIME_ZONE = 'Asia/Jakarta';

/** Whether `zone` is an IANA zone this runtime knows. */
export const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return zone.length > 0 && zone.length <= 64;
  } catch {
    return false;
  }
};

/**
 * Minutes east of UTC of a zone whose clock never moves (no daylight saving), or null. Indonesia's
 * three zones are such (WIB +7, WITA +8, WIT +9, unchanged since 1988), and so are UTC and the
 * `Etc/GMT±N` zones. Their times are written by arithmetic: the time zone data an `Intl` formatter
 * loads on its first use costs a slow phone a long task while the page starts.
 */
const FIXED_ZONES: Record<string, number> = {
  UTC: 0,
  'Etc/UTC': 0,
  GMT: 0,
  'Etc/GMT': 0,
  'Asia/Jakarta': 420,
  'Asia/Pontianak': 420,
  'Asia/Makassar': 480,
  'Asia/Jayapura': 540,
};
export const fixedOffsetOf = (zone: string): number | null => {
  if (zone in FIXED_ZONES) return FIXED_ZONES[zone]!;
  // Etc/GMT-7 is UTC+7: the sign is POSIX's, the other way round.
  const etc = /^Etc\/GMT([+-])(\d{1,2})$/.exec(zone);
  return etc ? (etc[1] === '-' ? 1 : -1) * Number(etc[2]) * 60 : null;
};

/**
 * The browser's zone, when its clock never moves and sits a whole number of hours from UTC, as a
 * fixed zone (`UTC`, `Etc/GMT-7`), read from the Date's own offsets at 24 days of this year (a
 * Ramadan's pause of summer time included); null otherwise.
 */
const localFixedZone = (): string | null => {
  const year = new Date().getFullYear();
  const offset = new Date(year, 0, 1).getTimezoneOffset();
  for (let month = 0; month < 12; month += 1) {
    for (const day of [1, 15]) if (new Date(year, month, day).getTimezoneOffset() !== offset) return null;
  }
  if (offset % 60 !== 0) return null;
  if (offset === 0) return 'UTC';
  return `Etc/GMT${offset > 0 ? '+' : '-'}${Math.abs(offset) / 60}`;
};

/** The zone the browser runs in (on the server: the server's, which no page uses); a fixed one by its offset, read without Intl. */
export const localTimeZone = (): string => localFixedZone() ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || SERVICE_TIME_ZONE);

/** Whether two zones write every recent moment alike (the same zone, or two fixed ones at the same offset). */
export const sameClock = (a: string, b: string): boolean => {
  if (a === b) return true;
  const offsetA = fixedOffsetOf(a);
  return offsetA !== null && offsetA === fixedOffsetOf(b);
};

/** From here on the fixed zones' offsets hold (WIB since 1964, WITA and WIT since 1988); before it, Intl. */
const FIXED_SINCE = Date.UTC(1990, 0, 1);

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Making a formatter costs far more than using one: one per zone, kept. */
const formatterFor = (zone: string | undefined): Intl.DateTimeFormat => {
  const key = zone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(key, formatter);
  }
  return formatter;
};

const two = (value: number) => String(value).padStart(2, '0');

/** The wall clock of `date` shifted by `offset` minutes, read with the UTC getters. */
const fixedParts = (date: Date, offset: number) => {
  const shifted = new Date(date.getTime() + offset * 60_000);
  return {
    year: String(shifted.getUTCFullYear()).padStart(4, '0'),
    month: two(shifted.getUTCMonth() + 1),
    day: two(shifted.getUTCDate()),
    hour: two(shifted.getUTCHours()),
    minute: two(shifted.getUTCMinutes()),
  };
};

/** A moment's day and time of day in `zone` (the runtime's own when absent), or null when unreadable. */
const partsOf = (iso: string | null | undefined, zone?: string) => {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const offset = zone === undefined ? null : fixedOffsetOf(zone);
  let parts: Record<string, string>;
  if (zone === undefined) {
    // The runtime's own zone is the Date's: its local getters, no formatter.
    parts = { year: String(date.getFullYear()).padStart(4, '0'), month: two(date.getMonth() + 1), day: two(date.getDate()), hour: two(date.getHours()), minute: two(date.getMinutes()) };
  } else if (offset !== null && date.getTime() >= FIXED_SINCE) {
    parts = fixedParts(date, offset);
  } else {
    parts = {};
    for (const part of formatterFor(zone).formatToParts(date)) parts[part.type] = part.value;
  }
  return { day: `${parts.day}/${parts.month}/${parts.year}`, time: `${parts.hour}:${parts.minute}`, key: `${parts.year}-${parts.month}-${parts.day}` };
};

/** Spec §9: a moment as DD/MM/YYYY HH:mm (24-hour), or "Tidak diketahui". */
export const formatDateTime = (iso: string | null | undefined, zone?: string): string => {
  const parts = partsOf(iso, zone);
  return parts ? `${parts.day} ${parts.time}` : UI_TEXT.unknownDate;
};

/** A time of day as HH:mm (24-hour), or "Tidak diketahui". */
export const formatTime = (iso: string | null | undefined, zone?: string): string => partsOf(iso, zone)?.time ?? UI_TEXT.unknownDate;

/** Spec §9: a day as DD/MM/YYYY, or "Tidak diketahui" (the one fallback for a date the app cannot read). */
export const formatDate = (iso: string | null | undefined, zone?: string): string => partsOf(iso, zone)?.day ?? UI_TEXT.unknownDate;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ago = (count: number, unit: 'minute' | 'hour' | 'day' | 'month' | 'year', one: string) => (count <= 1 ? one : `${count} ${unit}s ago`);

/**
 * How long ago a moment was, as people say it: "just now" within the minute (and for a clock a
 * little ahead), then "a minute ago", "5 minutes ago", "an hour ago", "3 days ago", "a year ago"
 * (each unit from where it rounds past the one below); "Tidak diketahui" when unreadable.
 */
export const formatAgo = (iso: string | null | undefined, now: Date = new Date()): string => {
  const time = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(time)) return UI_TEXT.unknownDate;
  const elapsed = now.getTime() - time;
  if (elapsed < MINUTE) return 'just now';
  const minutes = Math.round(elapsed / MINUTE);
  if (minutes <= 44) return ago(minutes, 'minute', 'a minute ago');
  if (minutes <= 89) return 'an hour ago';
  const hours = Math.round(elapsed / HOUR);
  if (hours <= 21) return ago(hours, 'hour', 'an hour ago');
  if (hours <= 35) return 'a day ago';
  const days = Math.round(elapsed / DAY);
  if (days <= 25) return ago(days, 'day', 'a day ago');
  if (days <= 45) return 'a month ago';
  const months = Math.round(elapsed / (30.4375 * DAY));
  if (months <= 10) return ago(months, 'month', 'a month ago');
  if (months <= 17) return 'a year ago';
  return ago(Math.round(months / 12), 'year', 'a year ago');
};

/** The day a moment belongs to in `zone`, as a sortable key (YYYY-MM-DD; '' when unknown). */
export const dayKeyIn = (iso: string | null | undefined, zone?: string): string => partsOf(iso, zone)?.key ?? '';

/** The zone the screens write their moments in; null outside the provider (a screen drawn alone, as in a unit test). */
const TimeZoneContext = createContext<string | null>(null);

/**
 * Gives the screens their zone: the one the server drew the page in (root.tsx, from the request's
 * cookie, else WIB) while React hydrates that page, so the first render is the server's to the
 * character; then the reader's own. The switch is a transition that only the screens writing a
 * moment follow, so it yields like hydration does rather than re-rendering them in one task (a
 * reader in WIB, or one whose zone the server knew from its cookie, sees nothing change).
 */
export function TimeZoneProvider({ drawn, children }: { drawn: string; children: ReactNode }) {
  const [zone, setZone] = useState(drawn);
  useEffect(() => {
    const local = localTimeZone();
    if (!sameClock(local, drawn)) startTransition(() => setZone(local));
  }, [drawn]);
  return createElement(TimeZoneContext.Provider, { value: zone }, children);
}

/** The zone a screen writes its moments in (see TimeZoneProvider). */
export const useTimeZone = (): string => {
  const zone = useContext(TimeZoneContext);
  return zone ?? (typeof document === 'undefined' ? SERVICE_TIME_ZONE : localTimeZone());
};

/** The time now, read again as each of `moments` passes: what follows a date (a membership's end, its grace) changes then, with nothing else changing. */
export function useNowAcross(moments: (string | null | undefined)[]): number {
  const [now, setNow] = useState(() => Date.now());
  const next = moments
    .map((moment) => (moment ? Date.parse(moment) : Number.NaN))
    .filter((time) => !Number.isNaN(time) && time > now)
    .sort((a, b) => a - b)[0];
  useEffect(() => {
    if (next === undefined) return;
    const wait = next - Date.now() + 50;
    if (wait >= 2 ** 31 - 1) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.max(0, wait));
    return () => window.clearTimeout(timer);
  }, [next]);
  return now;
}
