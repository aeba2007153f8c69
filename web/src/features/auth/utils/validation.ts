import { EMAIL_PATTERN, LIMITS } from '@le/contracts';

/** Client-side checks that mirror the API's input rules, so most mistakes never leave the browser. */
const EMAIL_REGEX = new RegExp(EMAIL_PATTERN);

/** The one email check of the sign-in forms: required, then the API's own pattern and length. */
export const emailError = (value: string, requiredMessage = 'Email is required.', formatMessage = 'Enter a valid email address.'): string | null => {
  const email = value.trim();
  if (email === '') return requiredMessage;
  if (!EMAIL_REGEX.test(email) || email.length > LIMITS.emailMax) return formatMessage;
  return null;
};

export const passwordError = (value: string, label = 'Password'): string | null => {
  if (value === '') return `${label} is required.`;
  if (value.length < LIMITS.passwordMin) return `${label} must be at least ${LIMITS.passwordMin} characters.`;
  if (value.length > LIMITS.passwordMax) return `${label} must be at most ${LIMITS.passwordMax} characters.`;
  return null;
};

const CODE_PATTERN = new RegExp(`^[0-9]{${LIMITS.resetCodeLength}}$`);

/** The mailed code, for verify and reset alike: required, then exactly the digits the API accepts. */
export const codeError = (value: string): string | null => {
  const code = value.trim();
  if (code === '') return 'Code is required.';
  if (!CODE_PATTERN.test(code)) return `The code has ${LIMITS.resetCodeLength} digits.`;
  return null;
};
