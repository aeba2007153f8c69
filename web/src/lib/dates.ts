import { UI_TEXT } from '@le/contracts';
import dayjs from 'dayjs';

/** Spec §9: a moment as DD/MM/YYYY HH:mm (24-hour, the reader's local time), or "Tidak diketahui". */
export const formatDateTime = (iso: string): string => {
  const time = dayjs(iso);
  return time.isValid() ? time.format('DD/MM/YYYY HH:mm') : UI_TEXT.unknownDate;
};

/** Spec §9: a day as DD/MM/YYYY (the reader's local time), or "Tidak diketahui". */
export const formatDay = (iso: string | null | undefined): string => {
  const time = iso ? dayjs(iso) : null;
  return time?.isValid() ? time.format('DD/MM/YYYY') : UI_TEXT.unknownDate;
};
