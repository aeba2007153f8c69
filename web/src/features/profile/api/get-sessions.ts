import type { SessionInfo, SessionList } from '@le/contracts';
import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { profileKeys } from './keys';

/** GET /auth/sessions: the caller's live sessions, the most recently seen first (contract §10). */
export const getSessions = (signal?: AbortSignal) => api.get<SessionList>('/auth/sessions', { signal });

/** Where the user is signed in; asked again on every visit, as other devices come and go meanwhile. */
export const useSessions = () =>
  useQuery({
    queryKey: profileKeys.sessions(),
    queryFn: async ({ signal }): Promise<SessionInfo[]> => (await getSessions(signal)).sessions,
    staleTime: 0,
  });
