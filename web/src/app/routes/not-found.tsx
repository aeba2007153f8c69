import { Container, Heading, Stack, Text } from '@chakra-ui/react';

import { ButtonLink } from '@/components/ui/button-link';
import { paths } from '@/config/paths';

export function NotFoundRoute() {
  return (
    <Container maxW="3xl" py={{ base: '20', md: '28' }}>
      <title>Page not found — Lukis Emas</title>
      <Stack gap="5" align="center" textAlign="center">
        <Text fontSize={{ base: '6xl', md: '8xl' }} fontWeight="extrabold" lineHeight="1" color="gold.fg">
          404
        </Text>
        <Heading as="h1" size="2xl">
          Page not found
        </Heading>
        <Text color="fg.muted" maxW="md">
          The page you are looking for does not exist or has moved. Let&apos;s get you back to the gold.
        </Text>
        <ButtonLink to={paths.home.href} colorPalette="gold" size="lg">
          Back to Home
        </ButtonLink>
      </Stack>
    </Container>
  );
}
