import { Container, Heading, Separator, Stack, Text } from '@chakra-ui/react';
import type { PublicUser } from '@le/contracts';
import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';

import { MembersSection } from './members-section';
import { PaymentsSection } from './payments-section';
import { useSessionUser } from '@/lib/session-user';

/**
 * /manage-membership (admin): the payments queue, then the members. `?q=` (utils/links.ts, the
 * dashboard's renewals) searches the members and scrolls to them. `memberActions`: what the route adds
 * to each member's row (the moderation's time-out).
 */
export function ManageMembershipPage({ memberActions }: { memberActions?: (user: PublicUser) => ReactNode } = {}) {
  const currentUserId = useSessionUser()?._id ?? null;
  const [params] = useSearchParams();
  const initialQuery = params.get('q') ?? '';
  useEffect(() => {
    if (initialQuery) document.getElementById('members')?.scrollIntoView({ block: 'start' });
  }, [initialQuery]);
  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '6' }}>
      <title>Manage Membership — Lukis Emas</title>
      <Stack gap="8">
        <Stack gap="1">
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }} letterSpacing="tight">
            Manage Membership
          </Heading>
          <Text color="fg.muted">Validate bank-transfer payments and manage members’ tiers, end dates and roles.</Text>
        </Stack>
        <PaymentsSection />
        <Separator borderColor="border" />
        <MembersSection key={initialQuery} currentUserId={currentUserId} initialQuery={initialQuery} memberActions={memberActions} />
      </Stack>
    </Container>
  );
}
