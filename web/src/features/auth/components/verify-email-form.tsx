import { Button, Stack } from '@chakra-ui/react';
import { LIMITS } from '@le/contracts';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { TextLink } from '../../../components/ui/button-link';
import { FormAlert } from '../../../components/ui/form-alert';
import { FormField } from '../../../components/ui/form-field';
import type { AuthNavigationState } from '../../../config/paths';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { resendCode } from '../api/resend-code';
import { verifyEmail } from '../api/verify-email';
import { useCountdown } from '../hooks/use-countdown';
import { CODE_PATTERN, isEmail } from '../utils/validation';
import { AuthCard } from './auth-card';
import { ResendCodeButton } from './resend-code-button';

const COOLDOWN_SECONDS = LIMITS.resendCooldownMs / 1000;

type Errors = Partial<Record<'email' | 'code', string>>;

export function VerifyEmailForm() {
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as AuthNavigationState;
  const [email, setEmail] = useState(state.email ?? '');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [resending, setResending] = useState(false);
  const cooldown = useCountdown(state.codeSent ? COOLDOWN_SECONDS : 0);

  const emailError = (): string | undefined => {
    if (email.trim() === '') return 'Email is required.';
    if (!isEmail(email)) return 'Enter a valid email address.';
    return undefined;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const nextErrors: Errors = {};
    const badEmail = emailError();
    if (badEmail) nextErrors.email = badEmail;
    if (code.trim() === '') nextErrors.code = 'Code is required.';
    else if (!CODE_PATTERN.test(code.trim())) nextErrors.code = `The code has ${LIMITS.resetCodeLength} digits.`;
    setErrors(nextErrors);
    setServerError(null);
    setInfo(null);
    if (Object.keys(nextErrors).length > 0) return;

    setSubmitting(true);
    try {
      const result = await verifyEmail({ email: email.trim(), code: code.trim() });
      navigate(paths.auth.login.href, {
        state: { email: email.trim(), notice: result?.message || 'Email verified. You can sign in now.' } satisfies AuthNavigationState,
      });
    } catch (error) {
      setServerError(errorMessage(error, 'Verification failed. Please check the code and try again.'));
      setSubmitting(false);
    }
  };

  const onResend = async () => {
    const badEmail = emailError();
    setErrors(badEmail ? { email: badEmail } : {});
    setServerError(null);
    setInfo(null);
    if (badEmail) return;
    setResending(true);
    try {
      const result = await resendCode({ email: email.trim(), purpose: 'verify' });
      setInfo(result?.message || 'A new code is on its way to your inbox.');
      cooldown.start(COOLDOWN_SECONDS);
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) cooldown.start(error.retryAfterSeconds ?? COOLDOWN_SECONDS);
      setServerError(errorMessage(error, 'Failed to resend code.'));
    } finally {
      setResending(false);
    }
  };

  return (
    <AuthCard
      title="Verify your email"
      subtitle={`Enter the ${LIMITS.resetCodeLength}-digit code we sent to your inbox.`}
      footer={
        <>
          Already verified? <TextLink to={paths.auth.login.href} state={{ email: email.trim() || undefined }}>Sign In</TextLink>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate aria-label="Verify email">
        <Stack gap="5">
        {serverError ? <FormAlert status="error" title={serverError} /> : null}
        {info ? <FormAlert status="success" title={info} /> : null}
        <FormField
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.email}
        />
        <FormField
          name="code"
          label="Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="123456"
          maxLength={LIMITS.resetCodeLength}
          letterSpacing="0.4em"
          fontFamily="mono"
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          error={errors.code}
          autoFocus={email !== ''}
        />
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
          <Button type="submit" colorPalette="gold" size="lg" fontWeight="bold" flex={{ base: 'none', sm: '1' }} loading={submitting} loadingText="Verifying…">
            Verify
          </Button>
          <ResendCodeButton secondsLeft={cooldown.secondsLeft} loading={resending} onClick={() => void onResend()} />
        </Stack>
        </Stack>
      </form>
    </AuthCard>
  );
}
