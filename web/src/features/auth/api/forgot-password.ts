import type { MessageResponse } from '@le/contracts';

import { api } from '@/lib/api-client';

export const forgotPassword = (input: { email: string }) => api.post<MessageResponse>('/auth/forgot-password', input, { auth: false });
