import type { ChangePasswordBody, SessionInfo } from '@le/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { profileKeys } from './keys';

/** POST /auth/change-password: proven by the current password (400 WRONG_PASSWORD); the caller's other sessions end. */
export const changePassword = (body: ChangePasswordBody) => api.post<{ message: string }>('/auth/change-password', body);

/** A new password; the other devices it signed out leave the sessions list. */
export const useChangePassword = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      queryClient.setQueryData<SessionInfo[]>(profileKeys.sessions(), (sessions) => sessions?.filter((session) => session.current));
      void queryClient.invalidateQueries({ queryKey: profileKeys.sessions() });
    },
  });
};
