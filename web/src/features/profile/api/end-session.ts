import type { SessionInfo } from '@le/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { ApiError, api } from '@/lib/api-client';
import { profileKeys } from './keys';

/** DELETE /auth/sessions/:id: one of the caller's own sessions ends at once (204; 404 when it is not theirs or already ended). */
export const endSession = (id: string) => api.delete<void>(`/auth/sessions/${encodeURIComponent(id)}`);

/** Signs one other device out; it leaves the list at once, and the list is read again behind it. */
export const useEndSession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      try {
        await endSession(id);
      } catch (error) {
        // Already ended (signed out there, or expired): what the user asked for is done.
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
    },
    onSuccess: (_nothing, id) => {
      queryClient.setQueryData<SessionInfo[]>(profileKeys.sessions(), (sessions) => sessions?.filter((session) => session._id !== id));
      void queryClient.invalidateQueries({ queryKey: profileKeys.sessions() });
    },
  });
};
