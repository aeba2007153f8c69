import type { ChatMessage, ChatPostBody } from '@le/contracts';

import { api } from '@/lib/api-client';

export type PostMessageInput = ChatPostBody;

/** POST /chat → 201 {message}. */
export const postMessage = (input: PostMessageInput) => api.post<{ message: ChatMessage }>('/chat', input);
