import type { ChatSummary, ChatWithAdminResponse } from '@le/contracts';
import { LIMITS } from '@le/contracts';
import { useQuery, type QueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { lastReadFailed } from '@/lib/query-client';
import { chatKeys } from './keys';

export type WithAdmin = ChatWithAdminResponse;

/** GET /chat/with-admin: the member's one conversation with the admins. */
export const getWithAdmin = (signal?: AbortSignal) => api.get<WithAdmin>('/chat/with-admin', { signal });

/**
 * The member's conversation, who answers, and its newest page (which the screen hands to the chat
 * store's stream). A failed read is tried again at the conversation poll's pace.
 */
export const useWithAdmin = () =>
  useQuery({
    queryKey: chatKeys.withAdmin(),
    queryFn: ({ signal }) => getWithAdmin(signal),
    staleTime: 0,
    retry: false,
    refetchInterval: (query) => (lastReadFailed(query.state) ? LIMITS.conversationPollMs : false),
  });

/** The conversation was just opened (POST /chat/with-admin): the screen knows its chat at once. */
export const setWithAdminChat = (client: QueryClient, chat: ChatSummary): void => {
  client.setQueryData<WithAdmin>(chatKeys.withAdmin(), (old) => ({ messages: [], nextCursor: null, admins: [], ...old, chat }));
};
