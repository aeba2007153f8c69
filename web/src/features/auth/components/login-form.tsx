import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';

import { ButtonLink, TextLink } from '@/components/ui/button-link';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import type { AuthNavigationState } from '@/config/paths';
import { paths, signInTarget } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { logout } from '@/lib/auth';
import { signInWith } from '@/lib/session-user';
import { useSessionStore } from '@/stores/session-store';
import { login } from '@/features/auth/api/login';
import { AuthCard } from './auth-card';

type Errors = Partial<Record<'email' | 'password', string>>;

export function LoginForm() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const location = useLocation();
  const state = (location.state ?? {}) as AuthNavigationState;
  const [email, setEmail] = useState(state.email ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const nextErrors: Errors = {};
    if (email.trim() === '') nextErrors.email = 'Email or username is required.';
    if (password === '') nextErrors.password = 'Password is required.';
    setErrors(nextErrors);
    setServerError(null);
    setUnverifiedEmail(null);
    if (Object.keys(nextErrors).length > 0) return;

    setSubmitting(true);
    try {
      const session = await login({ email: email.trim(), password });
      // Signing in over an existing session (another account) ends the old one on the server.
      if (useSessionStore.getState().token) void logout().catch(() => undefined);
      signInWith(client, session);
      navigate(signInTarget(state), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 403 && error.code === 'EMAIL_NOT_VERIFIED') {
        setUnverifiedEmail(email.trim());
        setServerError(error.serverMessage ?? 'Please verify your email before signing in.');
      } else if (error instanceof ApiError && error.status === 0) {
        setServerError('Cannot reach the server. Check your connection and try again.');
      } else {
        setServerError(errorMessage(error, 'Sign in failed. Please try again.'));
      }
      setSubmitting(false);
    }
  };

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Sign in to follow the live gold painting."
      footer={
        <>
          Don&apos;t have an account? <TextLink to={paths.auth.register.href}>Register</TextLink>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate aria-label="Sign in">
        <Stack gap="5">
          {state.notice ? <FormAlert status="success" title={state.notice} /> : null}
          {serverError ? (
            <FormAlert status="error" title={serverError}>
              {unverifiedEmail !== null ? (
                <ButtonLink
                  to={paths.auth.verifyEmail.href}
                  state={{ email: unverifiedEmail } satisfies AuthNavigationState}
                  size="xs"
                  mt="2"
                  colorPalette="gold"
                  variant="outline"
                >
                  Verify your email
                </ButtonLink>
              ) : null}
            </FormAlert>
          ) : null}
          <FormField
            name="email"
            label="Email"
            type="text"
            inputMode="email"
            autoComplete="username"
            placeholder="Email or username"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={errors.email}
            autoFocus={email === ''}
          />
          <Stack gap="2">
            <FormField
              name="password"
              label="Password"
              type="password"
              autoComplete="current-password"
              placeholder="Your password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={errors.password}
              autoFocus={email !== ''}
            />
            <Flex justify="flex-end">
              <TextLink to={paths.auth.forgotPassword.href} fontSize="sm" state={{ email: email.includes('@') ? email.trim() : undefined }}>
                Forgot password?
              </TextLink>
            </Flex>
          </Stack>
          <Button type="submit" colorPalette="gold" size="lg" fontWeight="bold" loading={submitting} loadingText="Signing in…">
            Sign In
          </Button>
          <Text fontSize="xs" color="fg.subtle" textAlign="center">
            You can sign in with your email address or your username.
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
