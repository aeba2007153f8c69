import type { ChatEventRecord } from '@le/contracts';

import { api } from '@/lib/api-client';
import { chatQuery } from './get-public-messages';

export interface EventPage {
  /** Ascending seq (a log read forward). */
  events: ChatEventRecord[];
  nextCursor?: string | number | null;
}

/** GET /chat/events?stream=&after=: what happened in a stream after a seq, redacted for the caller. */
export const getEvents = (stream: string, after: number, signal?: AbortSignal) =>
  api.get<EventPage>(`/chat/events${chatQuery({ stream, after, limit: 200 })}`, { signal, redirectOnUnauthorized: false });
