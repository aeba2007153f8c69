import { Button, Stack } from '@chakra-ui/react';
import { LIMITS } from '@le/contracts';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';

import { TextLink } from '@/components/ui/button-link';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import type { AuthNavigationState } from '@/config/paths';
import { paths } from '@/config/paths';
import { toaster } from '@/components/ui/toaster';
import { errorMessage } from '@/lib/api-client';
import { logout } from '@/lib/auth';
import { signInWith } from '@/lib/session-user';
import { useSessionStore } from '@/stores/session-store';
import { verifyEmail } from '@/features/auth/api/verify-email';
import { useResendCode } from '@/features/auth/hooks/use-resend-code';
import { codeError, emailError } from '@/features/auth/utils/validation';
import { AuthCard } from './auth-card';
import { CodeField } from './code-field';
import { ResendCodeButton } from './resend-code-button';

type Errors = Partial<Record<'email' | 'code', string>>;

export function VerifyEmailForm() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const state = (useLocation().state ?? {}) as AuthNavigationState;
  const [email, setEmail] = useState(state.email ?? '');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Right after registering a code is already on its way: the countdown starts on arrival.
  const { secondsLeft, resending, resend } = useResendCode('verify', { cooldownOnArrival: Boolean(state.codeSent) });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const nextErrors: Errors = {};
    const badEmail = emailError(email);
    if (badEmail) nextErrors.email = badEmail;
    const badCode = codeError(code);
    if (badCode) nextErrors.code = badCode;
    setErrors(nextErrors);
    setServerError(null);
    setInfo(null);
    if (Object.keys(nextErrors).length > 0) return;

    setSubmitting(true);
    try {
      const result = await verifyEmail({ email: email.trim(), code: code.trim() });
      // The code proved the address and the password was set at sign-up: go on signed in.
      if (result?.token && result.sessionId && result.user) {
        if (useSessionStore.getState().token) void logout().catch(() => undefined);
        signInWith(client, { token: result.token, sessionId: result.sessionId, user: result.user });
        toaster.create({ type: 'success', title: 'Email verified', description: 'Your trial has started. You are signed in.', closable: true });
        navigate(paths.dashboardMember.href, { replace: true });
        return;
      }
      navigate(paths.auth.login.href, {
        state: { email: email.trim(), notice: result?.message || 'Email verified. You can sign in now.' } satisfies AuthNavigationState,
      });
    } catch (error) {
      setServerError(errorMessage(error, 'Verification failed. Please check the code and try again.'));
      setSubmitting(false);
    }
  };

  const onResend = async () => {
    const badEmail = emailError(email);
    setErrors(badEmail ? { email: badEmail } : {});
    setServerError(null);
    setInfo(null);
    if (badEmail) return;
    const outcome = await resend(email.trim());
    if (outcome.ok) setInfo(outcome.message);
    else setServerError(outcome.message);
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
          <CodeField value={code} onChange={setCode} error={errors.code} autoFocus={email !== ''} />
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
            <Button
              type="submit"
              colorPalette="gold"
              size="lg"
              fontWeight="bold"
              flex={{ base: 'none', sm: '1' }}
              loading={submitting}
              loadingText="Verifying…"
            >
              Verify
            </Button>
            <ResendCodeButton secondsLeft={secondsLeft} loading={resending} onClick={() => void onResend()} />
          </Stack>
        </Stack>
      </form>
    </AuthCard>
  );
}
