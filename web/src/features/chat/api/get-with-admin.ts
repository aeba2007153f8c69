import type { ChatMessage, ChatParticipant, ChatSummary } from '@le/contracts';

import { api } from '@/lib/api-client';

export interface WithAdmin {
  /** null before the member's first message. */
  chat: ChatSummary | null;
  messages: ChatMessage[];
  admins: ChatParticipant[];
}

/** GET /chat/with-admin: the member's one conversation with the admins. */
export const getWithAdmin = (signal?: AbortSignal) => api.get<WithAdmin>('/chat/with-admin', { signal });
