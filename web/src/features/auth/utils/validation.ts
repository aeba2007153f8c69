import { LIMITS } from '@le/contracts';

/** Client-side checks that mirror the API's input rules, so most mistakes never leave the browser. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmail = (value: string): boolean => EMAIL_PATTERN.test(value.trim()) && value.trim().length <= LIMITS.emailMax;

export const passwordError = (value: string, label = 'Password'): string | null => {
  if (value === '') return `${label} is required.`;
  if (value.length < LIMITS.passwordMin) return `${label} must be at least ${LIMITS.passwordMin} characters.`;
  if (value.length > LIMITS.passwordMax) return `${label} must be at most ${LIMITS.passwordMax} characters.`;
  return null;
};

export const CODE_PATTERN = new RegExp(`^[0-9]{${LIMITS.resetCodeLength}}$`);
