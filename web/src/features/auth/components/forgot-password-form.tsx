import { Button, Stack } from '@chakra-ui/react';
import { UI_TEXT } from '@le/contracts';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { TextLink } from '@/components/ui/button-link';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import type { AuthNavigationState } from '@/config/paths';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { forgotPassword } from '@/features/auth/api/forgot-password';
import { emailError } from '@/features/auth/utils/validation';
import { AuthCard } from './auth-card';

export function ForgotPasswordForm() {
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as AuthNavigationState;
  const [email, setEmail] = useState(state.email ?? '');
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The spec's own sentence here is Indonesian ("Email tidak boleh kosong."): the screen's other sentences are too.
    const nextError = emailError(email, UI_TEXT.emailEmpty, 'Format email tidak valid.');
    setError(nextError);
    setServerError(null);
    if (nextError) return;

    setSubmitting(true);
    try {
      await forgotPassword({ email: email.trim() });
      navigate(paths.auth.resetPassword.href, { state: { email: email.trim() } satisfies AuthNavigationState });
    } catch (failure) {
      setServerError(errorMessage(failure, UI_TEXT.genericError));
      setSubmitting(false);
    }
  };

  return (
    <AuthCard
      title="Forgot Password"
      subtitle="Masukkan email akun Anda, kami kirimkan kode untuk mengatur ulang kata sandi."
      footer={
        <Stack gap="2" align="center">
          <span>
            Sudah ingat? <TextLink to={paths.auth.login.href}>Sign In</TextLink>
          </span>
          <TextLink to={paths.home.href}>← Back to Home</TextLink>
        </Stack>
      }
    >
      <form onSubmit={onSubmit} noValidate aria-label="Forgot password">
        <Stack gap="5">
          {serverError ? <FormAlert status="error" title={serverError} /> : null}
          <FormField
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              if (error && event.target.value.trim() !== '') setError(null);
            }}
            onBlur={() => {
              if (email.trim() === '') setError(UI_TEXT.emailEmpty);
            }}
            error={error}
            autoFocus
          />
          <Button type="submit" colorPalette="gold" size="lg" fontWeight="bold" loading={submitting} loadingText="Sending code…">
            Send Code
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
