import { Button, SimpleGrid, Stack } from '@chakra-ui/react';
import { LIMITS } from '@le/contracts';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { useNavigate } from 'react-router';

import { TextLink } from '@/components/ui/button-link';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import type { AuthNavigationState } from '@/config/paths';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { nameCharactersError, reservedNameError } from '@/lib/name-rules';
import { register } from '@/features/auth/api/register';
import { emailError, passwordError } from '@/features/auth/utils/validation';
import { AuthCard } from './auth-card';

type FieldName = 'name' | 'username' | 'email' | 'password' | 'confirmPassword';
type Values = Record<FieldName, string>;
type Errors = Partial<Record<FieldName, string>>;

const USERNAME_PATTERN = /^[A-Za-z0-9_.]+$/;

const validate = (values: Values): Errors => {
  const errors: Errors = {};
  const name = values.name.trim();
  if (name === '') errors.name = 'Name is required.';
  else if (name.length > LIMITS.nameMax) errors.name = `Name must be at most ${LIMITS.nameMax} characters.`;
  // A new account is never the team's: the API refuses its words in a name or username (contract §10).
  else {
    const refused = nameCharactersError(name) ?? reservedNameError(name, 'guest');
    if (refused) errors.name = refused;
  }

  const username = values.username.trim();
  if (username === '') errors.username = 'Username is required.';
  else if (username.length < LIMITS.usernameMin || username.length > LIMITS.usernameMax)
    errors.username = `Username must be ${LIMITS.usernameMin}–${LIMITS.usernameMax} characters.`;
  else if (!USERNAME_PATTERN.test(username)) errors.username = 'Use only letters, numbers, dots and underscores.';
  else {
    const refused = reservedNameError(username, 'guest');
    if (refused) errors.username = refused;
  }

  const email = emailError(values.email);
  if (email) errors.email = email;

  const password = passwordError(values.password);
  if (password) errors.password = password;

  if (values.confirmPassword === '') errors.confirmPassword = 'Please confirm your password.';
  else if (values.confirmPassword !== values.password) errors.confirmPassword = 'Passwords do not match.';
  return errors;
};

export function RegisterForm() {
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>({ name: '', username: '', email: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const bind = (field: FieldName) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [field]: value }));
      if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    },
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const nextErrors = validate(values);
    setErrors(nextErrors);
    setServerError(null);
    if (Object.keys(nextErrors).length > 0) return;

    setSubmitting(true);
    const email = values.email.trim();
    try {
      await register({ name: values.name.trim(), username: values.username.trim(), email, password: values.password });
      navigate(paths.auth.verifyEmail.href, { state: { email, codeSent: true } satisfies AuthNavigationState });
    } catch (error) {
      setServerError(errorMessage(error, 'Registration failed. Please try again.'));
      setSubmitting(false);
    }
  };

  return (
    <AuthCard
      title="Create your account"
      subtitle="Start with a free trial after you verify your email."
      footer={
        <>
          Already have an account? <TextLink to={paths.auth.login.href}>Sign In</TextLink>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate aria-label="Register">
        <Stack gap="5">
          {serverError ? <FormAlert status="error" title={serverError} /> : null}
          <FormField label="Name" autoComplete="name" placeholder="Your full name" maxLength={LIMITS.nameMax} {...bind('name')} />
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
            <FormField
              label="Username"
              autoComplete="username"
              placeholder="e.g. gold_trader"
              maxLength={LIMITS.usernameMax}
              autoCapitalize="none"
              spellCheck={false}
              {...bind('username')}
            />
            <FormField label="Email" type="email" autoComplete="email" placeholder="you@example.com" {...bind('email')} />
          </SimpleGrid>
          <FormField
            label="Password"
            type="password"
            autoComplete="new-password"
            placeholder={`${LIMITS.passwordMin}–${LIMITS.passwordMax} characters`}
            helperText={`At least ${LIMITS.passwordMin} characters.`}
            maxLength={LIMITS.passwordMax}
            {...bind('password')}
          />
          <FormField
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            placeholder="Repeat your password"
            maxLength={LIMITS.passwordMax}
            {...bind('confirmPassword')}
          />
          <Button type="submit" colorPalette="gold" size="lg" fontWeight="bold" loading={submitting} loadingText="Creating account…">
            Register
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
