import type { ChatWithAdminResponse } from '@le/contracts';

import { api } from '@/lib/api-client';

export type WithAdmin = ChatWithAdminResponse;

/** GET /chat/with-admin: the member's one conversation with the admins. */
export const getWithAdmin = (signal?: AbortSignal) => api.get<WithAdmin>('/chat/with-admin', { signal });
