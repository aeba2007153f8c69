import type { MessageResponse } from '@le/contracts';

import { api } from '@/lib/api-client';

export interface ResetPasswordInput {
  email: string;
  code: string;
  newPassword: string;
}

export const resetPassword = (input: ResetPasswordInput) => api.post<MessageResponse>('/auth/reset-password', input, { auth: false });
