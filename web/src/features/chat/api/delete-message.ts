import { api } from '@/lib/api-client';

/** DELETE /chat/:messageId → 200 or 204. */
export const deleteMessage = (messageId: string) => api.delete<unknown>(`/chat/${encodeURIComponent(messageId)}`);
