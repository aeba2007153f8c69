import type { ChatMessage } from '@le/contracts';

import { api } from '@/lib/api-client';

export interface PostMessageInput {
  content: string;
  type: 'global' | 'private';
  chatId?: string;
  replyTo?: string;
  /** Makes a retry safe: the server answers the first message again (contract §6). */
  clientId: string;
}

/** POST /chat → 201 {message}. */
export const postMessage = (input: PostMessageInput) => api.post<{ message: ChatMessage }>('/chat', input);
