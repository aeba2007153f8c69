import type { ChatSummary } from '@le/contracts';

import { api } from '@/lib/api-client';
import { CHAT_WRITE_TIMEOUT_MS } from './write-timeout';

/** POST /chat/with-admin → {chat}: creates the member's conversation on the first send (or returns it). */
export const openWithAdmin = () => api.post<{ chat: ChatSummary }>('/chat/with-admin', undefined, { timeoutMs: CHAT_WRITE_TIMEOUT_MS });
