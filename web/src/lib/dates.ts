import { UI_TEXT } from '@le/contracts';
import dayjs from 'dayjs';

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
