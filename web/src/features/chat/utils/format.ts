import { LIMITS, UI_TEXT } from '@le/contracts';

import { formatTime as formatTimeOfDay } from '@/lib/dates';

const valid = (value: string | null | undefined): Date | null => {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

const pad = (value: number) => String(value).padStart(2, '0');

/** Spec §9: chat day headers as DD/MM/YYYY (local day); "Tidak diketahui" when unknown. */
export const formatDay = (value: string | null | undefined): string => {
  const date = valid(value);
  return date ? `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}` : UI_TEXT.unknownDate;
};

/** Spec §9: times 24-hour, the app's one format (lib/dates: HH:mm, e.g. 14:05); "Tidak diketahui" when unknown. A page the server drew writes times and days in UTC (lib/dates useLocalTimeKnown). */
export { formatDayUtc, formatTime, formatTimeUtc } from '@/lib/dates';

/** The UTC day a message belongs to, as a grouping key ('' when unknown): the server's grouping. */
export const dayKeyUtc = (value: string | null | undefined): string => valid(value)?.toISOString().slice(0, 10) ?? '';

/** The local day a message belongs to, as a grouping key ('' when unknown). */
export const dayKey = (value: string | null | undefined): string => {
  const date = valid(value);
  return date ? `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` : '';
};

/** Chat list time: today's messages by time, older ones by day. */
export const formatListTime = (value: string | null | undefined, now = new Date()): string =>
  dayKey(value) !== '' && dayKey(value) === dayKey(now.toISOString()) ? formatTimeOfDay(value) : formatDay(value);

/** Spec §4/§9: the reply preview, cut at 50 characters. */
export const replyPreview = (content: string): string =>
  content.length > LIMITS.replyPreviewChars ? `${content.slice(0, LIMITS.replyPreviewChars)}…` : content;

/** How a message body shows (spec §4): the admin sees hidden messages dimmed, everyone else the notice. */
export type MessageDisplay = { kind: 'text' | 'dimmed'; text: string } | { kind: 'hidden'; text: string } | { kind: 'deleted'; text: string };

export const messageDisplay = (message: { content: string; hidden: boolean; deleted: boolean }, viewerIsAdmin: boolean): MessageDisplay => {
  if (message.deleted) return { kind: 'deleted', text: '—' };
  if (message.hidden) return viewerIsAdmin ? { kind: 'dimmed', text: message.content } : { kind: 'hidden', text: UI_TEXT.chatHiddenMessage };
  return { kind: 'text', text: message.content };
};
