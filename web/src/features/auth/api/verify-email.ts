import type { MessageResponse } from '@le/contracts';

import { api } from '@/lib/api-client';

export const verifyEmail = (input: { email: string; code: string }) =>
  api.post<MessageResponse>('/auth/verify-email', input, { auth: false });
