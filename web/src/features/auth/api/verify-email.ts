import type { VerifyEmailResponse } from '@le/contracts';

import { api } from '@/lib/api-client';

/** The contract's `{message}`; with a session beside it when the server signs the user in at once. */
export const verifyEmail = (input: { email: string; code: string }) =>
  api.post<VerifyEmailResponse>('/auth/verify-email', input, { auth: false });
