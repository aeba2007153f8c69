import type { ChatSummary } from '@le/contracts';

import { api } from '@/lib/api-client';

export type ChatListKind = 'admin' | 'user';

/** GET /chat/admin/chats (admin) or GET /chat/user/chats (member) → {chats}. */
export const getChats = (kind: ChatListKind, signal?: AbortSignal) => api.get<{ chats: ChatSummary[] }>(`/chat/${kind}/chats`, { signal });
