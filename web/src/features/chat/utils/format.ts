import { LIMITS, UI_TEXT } from '@le/contracts';

import { dayKeyIn, formatDate, formatTime as formatTimeOfDay } from '@/lib/dates';

/** Spec §9: chat day headers as DD/MM/YYYY and times 24-hour (lib/dates: HH:mm, e.g. 14:05); "Tidak diketahui" when unknown. */
export { formatDate, formatTime } from '@/lib/dates';

/** The day a message belongs to in `zone` (the runtime's when absent), as a grouping key ('' when unknown). */
export const dayKey = dayKeyIn;

/** Chat list time: today's messages by time, older ones by day. */
export const formatListTime = (value: string | null | undefined, now = new Date()): string =>
  dayKey(value) !== '' && dayKey(value) === dayKey(now.toISOString()) ? formatTimeOfDay(value) : formatDate(value);

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
