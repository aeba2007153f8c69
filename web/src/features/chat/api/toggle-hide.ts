import type { ChatMessage } from '@le/contracts';

import { api } from '@/lib/api-client';
import { CHAT_WRITE_TIMEOUT_MS } from './write-timeout';

/** PATCH /chat/:id/hide {context} → 200 {message}: hides a visible message, unhides a hidden one (admin). */
export const toggleHide = (messageId: string, context: string) =>
  api.patch<{ message: ChatMessage }>(`/chat/${encodeURIComponent(messageId)}/hide`, { context }, { timeoutMs: CHAT_WRITE_TIMEOUT_MS });
