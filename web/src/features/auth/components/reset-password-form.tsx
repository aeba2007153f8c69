import { Button, Stack } from '@chakra-ui/react';
import { LIMITS, UI_TEXT } from '@le/contracts';
import type { FormEvent } from 'react';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';

import { TextLink } from '@/components/ui/button-link';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import type { AuthNavigationState } from '@/config/paths';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { resetPassword } from '@/features/auth/api/reset-password';
import { useResendCode } from '@/features/auth/hooks/use-resend-code';
import { codeError, passwordError } from '@/features/auth/utils/validation';
import { AuthCard } from './auth-card';
import { CodeField } from './code-field';
import { ResendCodeButton } from './resend-code-button';

type Errors = Partial<Record<'code' | 'newPassword' | 'confirmPassword', string>>;

export const PASSWORDS_DIFFER = 'The two passwords do not match.';

/** Spec §2/§4: reached with the email in navigation state; without it, back to Forgot Password. */
export function ResetPasswordForm() {
  const state = (useLocation().state ?? {}) as AuthNavigationState;
  const email = typeof state.email === 'string' ? state.email.trim() : '';
  if (email === '') return <Navigate to={paths.auth.forgotPassword.href} replace />;
  return <ResetPasswordCard email={email} />;
}

function ResetPasswordCard({ email }: { email: string }) {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [showPasswords, setShowPasswords] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // The code was mailed on the previous screen: the resend countdown starts at 60 on arrival.
  const { secondsLeft, resending, resend } = useResendCode('reset', { cooldownOnArrival: true });

  useEffect(() => {
    if (success === null) return;
    const timer = window.setTimeout(
      () => navigate(paths.auth.login.href, { state: { email } satisfies AuthNavigationState }),
      LIMITS.redirectAfterResetMs,
    );
    return () => window.clearTimeout(timer);
  }, [success, email, navigate]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const nextErrors: Errors = {};
    const badCode = codeError(code);
    if (badCode) nextErrors.code = badCode;
    const badPassword = passwordError(newPassword, 'New password');
    if (badPassword) nextErrors.newPassword = badPassword;
    // Typed twice: a typo in a password nobody can see would lock the owner out again.
    if (confirmPassword === '') nextErrors.confirmPassword = 'Type the new password again.';
    else if (!badPassword && confirmPassword !== newPassword) nextErrors.confirmPassword = PASSWORDS_DIFFER;
    setErrors(nextErrors);
    setServerError(null);
    setInfo(null);
    if (Object.keys(nextErrors).length > 0) return;

    setSubmitting(true);
    try {
      const result = await resetPassword({ email, code: code.trim(), newPassword });
      setSuccess(result?.message || 'Your password has been reset.');
      setSubmitting(false);
    } catch (error) {
      setServerError(errorMessage(error, UI_TEXT.resetFailed));
      setSubmitting(false);
    }
  };

  const onResend = async () => {
    setServerError(null);
    setInfo(null);
    const outcome = await resend(email);
    if (outcome.ok) setInfo(outcome.message);
    else setServerError(outcome.message);
  };

  return (
    <AuthCard
      title="Reset Password"
      subtitle="Enter the code from your email and choose a new password."
      footer={
        <>
          Back to <TextLink to={paths.auth.login.href} state={{ email }}>Sign In</TextLink>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate aria-label="Reset password">
        <Stack gap="5">
          {success ? (
            <FormAlert status="success" title={success}>
              Redirecting you to sign in…
            </FormAlert>
          ) : null}
          {serverError ? <FormAlert status="error" title={serverError} /> : null}
          {info ? <FormAlert status="success" title={info} /> : null}
          <FormField name="email" label="Email" type="email" autoComplete="email" value={email} readOnly aria-readonly />
          <CodeField value={code} onChange={setCode} error={errors.code} autoFocus />
          <FormField
            name="newPassword"
            label="New Password"
            type={showPasswords ? 'text' : 'password'}
            autoComplete="new-password"
            placeholder={`At least ${LIMITS.passwordMin} characters`}
            maxLength={LIMITS.passwordMax}
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
            error={errors.newPassword}
          />
          <FormField
            name="confirmPassword"
            label="Confirm New Password"
            type={showPasswords ? 'text' : 'password'}
            autoComplete="new-password"
            maxLength={LIMITS.passwordMax}
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.target.value)}
            error={errors.confirmPassword}
          />
          <Button
            type="button"
            variant="ghost"
            size="sm"
            alignSelf="flex-start"
            aria-pressed={showPasswords}
            aria-controls="newPassword confirmPassword"
            onClick={() => setShowPasswords((shown) => !shown)}
          >
            {showPasswords ? 'Hide passwords' : 'Show passwords'}
          </Button>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
            <Button
              type="submit"
              colorPalette="gold"
              size="lg"
              fontWeight="bold"
              flex={{ base: 'none', sm: '1' }}
              loading={submitting}
              loadingText="Resetting…"
              disabled={success !== null}
            >
              {success !== null ? 'Password reset' : 'Reset Password'}
            </Button>
            <ResendCodeButton secondsLeft={secondsLeft} loading={resending} onClick={() => void onResend()} />
          </Stack>
        </Stack>
      </form>
    </AuthCard>
  );
}
