import type { LoginResponse } from '@le/contracts';

import { api } from '@/lib/api-client';

/** `email` may hold the username as well. */
export interface LoginInput {
  email: string;
  password: string;
}

export const login = (input: LoginInput) => api.post<LoginResponse>('/auth/login', input, { auth: false });
