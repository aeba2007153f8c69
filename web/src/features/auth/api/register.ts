import type { MessageResponse } from '@le/contracts';

import { api } from '@/lib/api-client';

export interface RegisterInput {
  name: string;
  username: string;
  email: string;
  password: string;
}

export const register = (input: RegisterInput) => api.post<MessageResponse>('/auth/register', input, { auth: false });
