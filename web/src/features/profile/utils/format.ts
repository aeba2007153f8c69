import { UI_TEXT } from '@le/contracts';
import dayjs from 'dayjs';

import { formatDateTime } from '@/lib/dates';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

const JUST_NOW_MS = 60_000;

/** When a device was last seen, as people say it: "just now", "5 minutes ago", "3 days ago". */
export const formatLastActive = (iso: string, now: Date = new Date()): string => {
  const time = dayjs(iso);
  if (!time.isValid()) return UI_TEXT.unknownDate;
  // A clock a little ahead of this one is still "just now", never "in a few seconds".
  if (now.getTime() - time.valueOf() < JUST_NOW_MS) return 'just now';
  return time.from(now);
};

/** When a session began, as every date of the app is written (spec §9). */
export const formatSignedIn = formatDateTime;
