import type { ChatMessage, ChatPostBody } from '@le/contracts';

import { api } from '@/lib/api-client';
import { CHAT_WRITE_TIMEOUT_MS } from './write-timeout';

export type PostMessageInput = ChatPostBody;

/** POST /chat → 201 {message}. */
export const postMessage = (input: PostMessageInput) => api.post<{ message: ChatMessage }>('/chat', input, { timeoutMs: CHAT_WRITE_TIMEOUT_MS });
