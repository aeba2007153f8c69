import { Separator, Stack, Text } from '@chakra-ui/react';

import { ChangePasswordForm } from './change-password-form';
import { SessionList } from './session-list';

/** The account's keys (contract §10): the password, and every device signed in with it. */
export function SecuritySection({ login }: { login: string }) {
  return (
    <Stack as="section" aria-label="Security" bg="bg.panel" borderWidth="1px" borderColor="border" borderRadius="xl" p={{ base: '4', md: '6' }} gap="5" data-testid="security-section">
      <Stack gap="1">
        <Text as="h2" fontWeight="semibold" fontSize="lg">
          Security
        </Text>
        <Text color="fg.muted" fontSize="sm">
          Your password and the devices signed in to your account.
        </Text>
      </Stack>
      <ChangePasswordForm login={login} />
      <Separator />
      <SessionList />
    </Stack>
  );
}
