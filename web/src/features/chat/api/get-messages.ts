import { api } from '@/lib/api-client';
import { chatQuery } from './get-public-messages';
import type { MessagePage } from './get-public-messages';

/** GET /chat (the global room) or GET /chat?chatId= (one private chat), newest first. */
export const getMessages = (options: { chatId?: string; before?: string; signal?: AbortSignal } = {}) =>
  api.get<MessagePage>(`/chat${chatQuery({ chatId: options.chatId, before: options.before })}`, { signal: options.signal });
