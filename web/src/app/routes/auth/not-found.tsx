import { Stack, Text } from '@chakra-ui/react';

import { ButtonLink } from '@/components/ui/button-link';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';

export function AuthNotFoundRoute() {
  return (
    <AuthCard title="Page not found" subtitle="This sign-in page does not exist.">
      <Stack gap="5" align="center" textAlign="center">
        <Text fontSize="6xl" fontWeight="extrabold" lineHeight="1" color="gold.fg">
          404
        </Text>
        <ButtonLink to={paths.home.href} colorPalette="gold" size="lg" w="full">
          Back to Home
        </ButtonLink>
        <ButtonLink to={paths.auth.login.href} variant="ghost" size="sm">
          Go to Sign In
        </ButtonLink>
      </Stack>
    </AuthCard>
  );
}
