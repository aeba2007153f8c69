import { LIMITS } from '@le/contracts';
import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';
import { currentPasswordRefusal, validatePasswordChange } from './passwords';

const valid = { currentPassword: 'old password 1', newPassword: 'new password 2', confirmPassword: 'new password 2' };

describe('changing the password', () => {
  it('passes a new password of the allowed length, typed twice', () => {
    expect(validatePasswordChange(valid)).toEqual({});
    expect(validatePasswordChange({ ...valid, newPassword: 'x'.repeat(LIMITS.passwordMin), confirmPassword: 'x'.repeat(LIMITS.passwordMin) })).toEqual({});
  });

  it('asks for every field', () => {
    expect(validatePasswordChange({ currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      currentPassword: 'Enter your current password.',
      newPassword: 'Enter a new password.',
      confirmPassword: 'Please confirm your new password.',
    });
  });

  it('holds the new password to the API length rules, and to being new', () => {
    const short = 'x'.repeat(LIMITS.passwordMin - 1);
    expect(validatePasswordChange({ ...valid, newPassword: short, confirmPassword: short }).newPassword).toBe(`Use at least ${LIMITS.passwordMin} characters.`);
    const long = 'x'.repeat(LIMITS.passwordMax + 1);
    expect(validatePasswordChange({ ...valid, newPassword: long, confirmPassword: long }).newPassword).toBe(`Use at most ${LIMITS.passwordMax} characters.`);
    expect(validatePasswordChange({ ...valid, newPassword: valid.currentPassword, confirmPassword: valid.currentPassword }).newPassword).toMatch(/different/);
  });

  it('refuses a confirmation that differs', () => {
    expect(validatePasswordChange({ ...valid, confirmPassword: 'new password 3' })).toEqual({ confirmPassword: 'Passwords do not match.' });
  });

  it("puts the server's refusal of the current password on that field, and nothing else", () => {
    const wrong = new ApiError({ status: 400, code: 'WRONG_PASSWORD', message: 'The current password is wrong.' });
    expect(currentPasswordRefusal(wrong)).toBe('The current password is wrong.');
    const missing = new ApiError({ status: 400, code: 'PASSWORD_REQUIRED', message: 'Enter your current password to change the email.' });
    expect(currentPasswordRefusal(missing)).toBe('Enter your current password to change the email.');
    expect(currentPasswordRefusal(new ApiError({ status: 400, code: 'RESERVED_NAME', message: 'x' }))).toBeNull();
    expect(currentPasswordRefusal(new ApiError({ status: 0 }))).toBeNull();
    expect(currentPasswordRefusal(new Error('boom'))).toBeNull();
  });
});
