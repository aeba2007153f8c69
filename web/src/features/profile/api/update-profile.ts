import type { PublicUser } from '@le/contracts';

import { api } from '@/lib/api-client';

/** The fields of PUT /auth/update-profile (spec §7, plus address). */
export interface ProfileInput {
  name: string;
  username: string;
  no_telp: string;
  email: string;
  city: string;
  country: string;
  address: string;
}

export interface UpdateProfileResponse {
  user: PublicUser;
  message: string;
  /** Set when the email changed: the new address waits for the code mailed to it. */
  pendingEmail?: string;
}

/** What is sent: the fields to change (an email left out stays as it is), and with a new email the current password (contract §10). */
export type UpdateProfileBody = Partial<ProfileInput> & { currentPassword?: string };

export const updateProfile = (input: UpdateProfileBody) => api.put<UpdateProfileResponse>('/auth/update-profile', input);

/** POST /auth/confirm-email-change: the code mailed to the new address makes it the account's email. */
export const confirmEmailChange = (code: string) =>
  api.post<{ user: PublicUser; message: string }>('/auth/confirm-email-change', { code });
