import { UI_TEXT } from '@le/contracts';

const timeFormat = new Intl.DateTimeFormat('id-ID', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** DD/MM/YYYY HH.mm.ss in the Indonesian locale, 24-hour (spec §9); "Tidak diketahui" when unknown. */
export const formatLogTime = (iso: string | null | undefined): string => {
  const time = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(time) ? UI_TEXT.unknownDate : timeFormat.format(new Date(time)).replace(', ', ' ');
};
