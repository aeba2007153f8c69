import { api } from '@/lib/api-client';

/** POST /chat/:chatId/read → 204. */
export const markRead = (chatId: string) => api.post<unknown>(`/chat/${encodeURIComponent(chatId)}/read`);
