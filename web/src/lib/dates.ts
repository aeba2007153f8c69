import { UI_TEXT } from '@le/contracts';
import dayjs from 'dayjs';

import { useTakingOver } from '@/hooks/use-taking-over';

/**
 * The one way the app writes a time of day (issue 13): 24-hour `HH:mm` with a colon, the reader's local
 * time, as Indonesians read a clock (id-ID: the hour first, no AM/PM). Every date-and-time and every
 * bare time on the screens goes through this file.
 */
export const TIME_FORMAT = 'HH:mm';

const parse = (iso: string | null | undefined) => {
  const time = iso ? dayjs(iso) : null;
  return time?.isValid() ? time : null;
};

/** Spec §9: a moment as DD/MM/YYYY HH:mm (24-hour, the reader's local time), or "Tidak diketahui". */
export const formatDateTime = (iso: string | null | undefined): string => parse(iso)?.format(`DD/MM/YYYY ${TIME_FORMAT}`) ?? UI_TEXT.unknownDate;

/** A time of day as HH:mm (24-hour, local), or "Tidak diketahui". */
export const formatTime = (iso: string | null | undefined): string => parse(iso)?.format(TIME_FORMAT) ?? UI_TEXT.unknownDate;

/** Spec §9: a day as DD/MM/YYYY (the reader's local time), or "Tidak diketahui". */
export const formatDay = (iso: string | null | undefined): string => parse(iso)?.format('DD/MM/YYYY') ?? UI_TEXT.unknownDate;

/**
 * A page the server drew (app/entry-server.tsx) knows no reader's time zone: until the app has taken
 * it over, a moment is written in UTC and says so; then, in the reader's local time. False on the
 * server and during the take-over (`hydrateRoot`), true in a page the app draws itself.
 */
export const useLocalTimeKnown = (): boolean => !useTakingOver();

/** A moment's UTC date and time as written (the server's way, see useLocalTimeKnown), or null. */
const utcParts = (iso: string | null | undefined) => {
  const written = parse(iso)?.toISOString();
  const [, year, month, day, hour, minute] = (written && /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(written)) || [];
  return year === undefined ? null : { day: `${day}/${month}/${year}`, time: `${hour}:${minute}` };
};

/** A moment's time as HH:mm UTC: the server's way of writing it (see useLocalTimeKnown). */
export const formatTimeUtc = (iso: string | null | undefined): string => {
  const parts = utcParts(iso);
  return parts ? `${parts.time} UTC` : UI_TEXT.unknownDate;
};

/** A day as DD/MM/YYYY UTC: the server's way of writing it (see useLocalTimeKnown). */
export const formatDayUtc = (iso: string | null | undefined): string => {
  const parts = utcParts(iso);
  return parts ? `${parts.day} UTC` : UI_TEXT.unknownDate;
};

/** A moment as DD/MM/YYYY HH:mm UTC: the server's way of writing it (see useLocalTimeKnown). */
export const formatDateTimeUtc = (iso: string | null | undefined): string => {
  const parts = utcParts(iso);
  return parts ? `${parts.day} ${parts.time} UTC` : UI_TEXT.unknownDate;
};
