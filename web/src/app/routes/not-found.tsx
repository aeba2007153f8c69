import { Container, Heading, Stack, Text } from '@chakra-ui/react';
import { data, type LoaderFunctionArgs } from 'react-router';

import { ButtonLink } from '@/components/ui/button-link';
import { paths } from '@/config/paths';
import { useSessionStore } from '@/stores/session-store';

/**
 * An unknown address is drawn with its status, 404 (a search engine keeps none); /auth/404 is a page
 * of the route table (spec §8: where unknown /auth paths are sent), answered as one.
 */
export const loader = ({ request }: LoaderFunctionArgs) => (new URL(request.url).pathname === paths.auth.notFound.href ? null : data(null, { status: 404 }));
export const clientLoader = () => null;

/**
 * The one 404 page, for an unknown public path and for /auth/404 (where every unknown /auth path
 * goes, spec §8): the same layout, words and way back. A visitor without a session may also go to
 * the sign-in screen.
 */
export default function NotFoundRoute() {
  const signedIn = useSessionStore((state) => state.token !== null);
  return (
    <Container maxW="3xl" py={{ base: '20', md: '28' }} px={{ base: '4', md: '6' }}>
      <title>Page not found — Lukis Emas</title>
      <Stack gap="5" align="center" textAlign="center" data-testid="not-found">
        <Text fontSize={{ base: '6xl', md: '8xl' }} fontWeight="extrabold" lineHeight="1" color="gold.fg" aria-hidden>
          404
        </Text>
        <Heading as="h1" size="2xl">
          Page not found
        </Heading>
        <Text color="fg.muted" maxW="md">
          The page you are looking for does not exist or has moved. Let&apos;s get you back to the gold.
        </Text>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align="stretch" w={{ base: 'full', sm: 'auto' }} maxW={{ base: 'xs', sm: 'none' }}>
          <ButtonLink to={paths.home.href} colorPalette="gold" size="lg">
            Back to Home
          </ButtonLink>
          {signedIn ? null : (
            <ButtonLink to={paths.auth.login.href} variant="outline" size="lg" borderColor="border">
              Go to Sign In
            </ButtonLink>
          )}
        </Stack>
      </Stack>
    </Container>
  );
}
