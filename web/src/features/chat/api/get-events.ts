import type { ChatEventList } from '@le/contracts';

import { api } from '@/lib/api-client';
import { chatQuery } from './get-public-messages';

export type EventPage = ChatEventList;

/** GET /chat/events?stream=&after=: what happened in a stream after a seq, redacted for the caller. */
export const getEvents = (stream: string, after: number, signal?: AbortSignal) =>
  api.get<EventPage>(`/chat/events${chatQuery({ stream, after, limit: 200 })}`, { signal, redirectOnUnauthorized: false });
