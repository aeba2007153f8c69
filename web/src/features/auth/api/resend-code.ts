import type { MessageResponse } from '@le/contracts';

import { api } from '@/lib/api-client';

export type CodePurpose = 'verify' | 'reset';

/** 429 inside the cooldown; the ApiError then carries `retryAfterSeconds`. */
export const resendCode = (input: { email: string; purpose: CodePurpose }) =>
  api.post<MessageResponse>('/auth/resend-code', input, { auth: false });
