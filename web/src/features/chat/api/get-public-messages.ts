import type { ChatMessageList } from '@le/contracts';

import { api } from '@/lib/api-client';

export type MessagePage = ChatMessageList;

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** GET /chat/public: the global room as guests and trials see it (newest first). */
export const getPublicMessages = (options: { before?: string; signal?: AbortSignal } = {}) =>
  api.get<MessagePage>(`/chat/public${query({ before: options.before })}`, { auth: false, signal: options.signal });

export { query as chatQuery };
