import type { RevokeOthersResponse, SessionInfo } from '@le/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { profileKeys } from './keys';

/** POST /auth/sessions/revoke-others: every session of the caller but this one ends; answers how many did. */
export const revokeOtherSessions = () => api.post<RevokeOthersResponse>('/auth/sessions/revoke-others');

/** "Sign out all other devices": only this device stays in the list. */
export const useRevokeOtherSessions = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSuccess: () => {
      queryClient.setQueryData<SessionInfo[]>(profileKeys.sessions(), (sessions) => sessions?.filter((session) => session.current));
      void queryClient.invalidateQueries({ queryKey: profileKeys.sessions() });
    },
  });
};
