import { Button, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LIMITS } from '@le/contracts';
import type { FormEvent } from 'react';
import { useState } from 'react';

import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api-client';
import { useChangePassword } from '@/features/profile/api/change-password';
import { currentPasswordRefusal, type PasswordChange, validatePasswordChange } from '@/features/profile/utils/passwords';

const EMPTY: PasswordChange = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Contract §10 change-password: proven by the current password; the other devices are signed out. */
export function ChangePasswordForm({ login }: { login: string }) {
  const change = useChangePassword();
  const [values, setValues] = useState<PasswordChange>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof PasswordChange, string>>>({});
  const [result, setResult] = useState<{ status: 'success' | 'error'; text: string } | null>(null);

  const bind = (field: keyof PasswordChange) => ({
    name: field,
    value: values[field],
    error: errors[field],
    maxLength: LIMITS.passwordMax,
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [field]: value }));
      if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    },
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setResult(null);
    const found = validatePasswordChange(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const { message } = await change.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      setValues(EMPTY);
      setResult({ status: 'success', text: message });
    } catch (failure) {
      const refusal = currentPasswordRefusal(failure);
      if (refusal) setErrors({ currentPassword: refusal });
      else setResult({ status: 'error', text: errorMessage(failure, 'Your password could not be changed. Please try again.') });
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Change password">
      <Stack gap="4">
        <Stack gap="1">
          <Text as="h3" fontWeight="semibold">
            Change password
          </Text>
          <Text color="fg.muted" fontSize="sm">
            Your other devices are signed out when the password changes.
          </Text>
        </Stack>
        {/* Lets a password manager file the new password under this account. */}
        <input type="text" name="username" autoComplete="username" value={login} readOnly hidden />
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <FormField label="Current password" type="password" autoComplete="current-password" {...bind('currentPassword')} />
          <FormField
            label="New password"
            type="password"
            autoComplete="new-password"
            helperText={`At least ${LIMITS.passwordMin} characters.`}
            {...bind('newPassword')}
          />
          <FormField label="Confirm new password" type="password" autoComplete="new-password" {...bind('confirmPassword')} />
        </SimpleGrid>
        {result ? <FormAlert status={result.status} title={result.text} /> : null}
        <Button type="submit" colorPalette="gold" variant="outline" alignSelf={{ base: 'stretch', md: 'flex-start' }} loading={change.isPending} loadingText="Changing…">
          Change password
        </Button>
      </Stack>
    </form>
  );
}
