import { LIMITS } from '@le/contracts';

import { ApiError } from '@/lib/api-client';

/** The API's codes for a missing or wrong current password (a new email and change-password alike). */
const CURRENT_PASSWORD_CODES: readonly (string | undefined)[] = ['PASSWORD_REQUIRED', 'WRONG_PASSWORD'];

/** The server's words when it refused the current password, to show on that field; null for any other failure. */
export const currentPasswordRefusal = (failure: unknown): string | null =>
  failure instanceof ApiError && CURRENT_PASSWORD_CODES.includes(failure.code) ? (failure.serverMessage ?? 'The current password is wrong.') : null;

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The checks the API makes on a new password, and that it was typed the same twice. */
export const validatePasswordChange = (values: PasswordChange): Partial<Record<keyof PasswordChange, string>> => {
  const errors: Partial<Record<keyof PasswordChange, string>> = {};
  if (values.currentPassword === '') errors.currentPassword = 'Enter your current password.';
  if (values.newPassword === '') errors.newPassword = 'Enter a new password.';
  else if (values.newPassword.length < LIMITS.passwordMin) errors.newPassword = `Use at least ${LIMITS.passwordMin} characters.`;
  else if (values.newPassword.length > LIMITS.passwordMax) errors.newPassword = `Use at most ${LIMITS.passwordMax} characters.`;
  else if (values.newPassword === values.currentPassword) errors.newPassword = 'Choose a password different from the current one.';
  if (values.confirmPassword === '') errors.confirmPassword = 'Please confirm your new password.';
  else if (values.confirmPassword !== values.newPassword) errors.confirmPassword = 'Passwords do not match.';
  return errors;
};
