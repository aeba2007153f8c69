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

/** The zone the browser runs in (on the server: the server's, which no page uses). */
export const localTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || SERVICE_TIME_ZONE;

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

/** A moment's day and time of day in `zone` (the runtime's own when absent), or null when unreadable. */
const partsOf = (iso: string | null | undefined, zone?: string) => {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const parts: Record<string, string> = {};
  for (const part of formatterFor(zone).formatToParts(date)) parts[part.type] = part.value;
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
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' });
const ago = (count: number, unit: Intl.RelativeTimeFormatUnit, one: string) => (count <= 1 ? one : relative.format(-count, unit));

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
    if (local !== drawn) startTransition(() => setZone(local));
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
