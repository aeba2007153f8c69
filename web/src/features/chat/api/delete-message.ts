import { api } from '@/lib/api-client';
import { CHAT_WRITE_TIMEOUT_MS } from './write-timeout';

/** DELETE /chat/:messageId → 200 or 204. */
export const deleteMessage = (messageId: string) => api.delete<unknown>(`/chat/${encodeURIComponent(messageId)}`, { timeoutMs: CHAT_WRITE_TIMEOUT_MS });
