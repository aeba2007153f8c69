import type { Signal, SignalEventPayload } from '@le/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { toaster } from '@/components/ui/toaster';
import { useOpenCountTitle } from '@/features/signals/hooks/use-open-count-title';
import { onSignalApplied, useSignalFeed } from '@/features/signals/api/open-signals';
import { noticeFor } from '@/features/signals/utils/format';
import { sessionUserIn } from '@/lib/session-user';

/** A notice for an event older than this (a long-missed one read on reconnection) would be news from the past. */
const NOTICE_WINDOW_MS = 10 * 60_000;

/**
 * Raise the notice an event calls for, once per event, while it is news. The admin who wrote the
 * signal got the form's own confirmation already: no second notice for their own signal.
 */
export const raiseNotice = (event: SignalEventPayload, now = Date.now(), selfId: string | null = null, previous: Signal | null = null): boolean => {
  if (now - Date.parse(event.at) > NOTICE_WINDOW_MS) return false;
  if (selfId !== null && event.signal.author._id === selfId) return false;
  const notice = noticeFor(event, previous);
  if (!notice) return false;
  toaster.create({ id: `signal-${event.seq}`, title: notice.title, description: notice.description, type: notice.type, duration: 8_000, closable: true });
  return true;
};

/**
 * Mounted once by the app shell, on every page: keeps the open signals current (the socket, with the
 * catch-up and polling fallback), raises a notice when a signal opens, its stop or targets change, or it closes, and shows the number
 * of open signals in the tab's title.
 */
export function SignalLiveLayer() {
  const { signals } = useSignalFeed();
  useOpenCountTitle(signals.length);
  const client = useQueryClient();
  useEffect(() => onSignalApplied((event, previous) => void raiseNotice(event, Date.now(), sessionUserIn(client)?._id ?? null, previous)), [client]);
  return null;
}

export default SignalLiveLayer;
