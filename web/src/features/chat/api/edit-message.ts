import type { ChatMessage } from '@le/contracts';

import { api } from '@/lib/api-client';
import { CHAT_WRITE_TIMEOUT_MS } from './write-timeout';

/** PATCH /chat/:messageId {content} → 200 {message}. */
export const editMessage = (messageId: string, content: string) =>
  api.patch<{ message: ChatMessage }>(`/chat/${encodeURIComponent(messageId)}`, { content }, { timeoutMs: CHAT_WRITE_TIMEOUT_MS });
