import { Badge, Box, Button, Card, Container, Flex, HStack, Heading, Link, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { AdminStats } from '@le/contracts';
import type { ReactNode } from 'react';
import { Suspense, lazy } from 'react';
import { Link as RouterLink } from 'react-router';

import { ButtonLink } from '@/components/ui/button-link';
import { FormAlert } from '@/components/ui/form-alert';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { useReadError } from '@/hooks/use-read-error';
import { useAdminStats } from '@/features/admin/api/stats';
import { formatDateTime } from '@/lib/dates';
import { memberHref } from '@/features/admin/utils/links';
import { TierBadge } from '@/components/ui/tier-badge';

// recharts and the charts stay out of the dashboard's chunk: they load once the numbers are in.
const DashboardCharts = lazy(() => import('./dashboard-charts'));

/** Room kept for the charts while their chunk loads (no jump when they arrive). */
function ChartsPlaceholder() {
  return (
    <Flex gap="4" direction={{ base: 'column', lg: 'row' }} aria-busy="true" aria-label="Loading the charts">
      <Skeleton flex="2" h={{ base: '300px', md: '370px' }} borderRadius="xl" />
      <Skeleton flex="1" h={{ base: '300px', md: '370px' }} borderRadius="xl" />
    </Flex>
  );
}

/** Members whose rights end within 7 days (contract §9), soonest first, each a link to that member. */
function RenewalsDue({ renewals }: { renewals: AdminStats['renewalsDue'] }) {
  return (
    <ListCard title="Renewals due in the next 7 days" count={renewals.length} empty="No membership ends in the next 7 days.">
      {renewals.map((member) => (
        <Flex
          as="li"
          key={member._id}
          justify="space-between"
          align={{ base: 'flex-start', sm: 'center' }}
          direction={{ base: 'column', sm: 'row' }}
          gap={{ base: '1', sm: '3' }}
          data-testid="renewal-due"
        >
          <Stack gap="0.5" minW="0" flex="1" maxW="full">
            <HStack gap="2" minW="0">
              <Link asChild color="gold.fg" fontWeight="medium" truncate>
                <RouterLink to={memberHref(member.username)}>{member.name || member.username}</RouterLink>
              </Link>
              <TierBadge role="member" tier={member.membershipTier} size="sm" />
            </HStack>
            <Text fontSize="xs" color="fg.muted" truncate>
              @{member.username} · {member.email}
            </Text>
          </Stack>
          <Stack gap="0" textAlign={{ base: 'left', sm: 'right' }} fontSize="sm">
            <Text color="fg.warning" whiteSpace="nowrap">
              ends {formatDateTime(member.membershipEnd)}
            </Text>
            {member.graceEndsAt ? (
              <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
                grace until {formatDateTime(member.graceEndsAt)}
              </Text>
            ) : null}
          </Stack>
        </Flex>
      ))}
    </ListCard>
  );
}

function StatCard({ label, value, hint, testId, children }: { label: string; value: ReactNode; hint?: ReactNode; testId: string; children?: ReactNode }) {
  return (
    <Card.Root bg="bg.panel" borderColor="border" borderRadius="xl" data-testid={testId}>
      <Card.Body gap="2" p={{ base: '4', md: '5' }}>
        <Text fontSize="xs" textTransform="uppercase" letterSpacing="wider" color="fg.subtle">
          {label}
        </Text>
        <Text fontSize="3xl" fontWeight="bold" lineHeight="1" color="gold.fg" data-testid={`${testId}-value`}>
          {value}
        </Text>
        {hint ? (
          <Text fontSize="sm" color="fg.muted">
            {hint}
          </Text>
        ) : null}
        {children}
      </Card.Body>
    </Card.Root>
  );
}

function ListCard({ title, empty, children, count }: { title: string; empty: string; count: number; children: ReactNode }) {
  return (
    <Card.Root bg="bg.panel" borderColor="border" borderRadius="xl">
      <Card.Header p="5" pb="2">
        <HStack justify="space-between">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          <Badge variant="subtle">{count}</Badge>
        </HStack>
      </Card.Header>
      <Card.Body p="5" pt="2">
        {count === 0 ? (
          <Text color="fg.muted" fontSize="sm">
            {empty}
          </Text>
        ) : (
          <Stack gap="2" as="ul" listStyleType="none">
            {children}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * /dashboard (admin): members by tier, pending payments, the revenue and tier charts, renewals due,
 * trials ending soon, who is online, messages today; `children` are the sections other features add
 * below (the route composes them).
 */
export function AdminDashboardPage({ children }: { children?: ReactNode }) {
  const query = useAdminStats();
  const stats = query.data ?? null;
  const error = useReadError(query, 'The dashboard could not be loaded.');
  const updatedAt = query.dataUpdatedAt ? new Date(query.dataUpdatedAt) : null;

  const tiers = stats?.membersByTier ?? {};
  const activeMembers = (tiers.basic ?? 0) + (tiers.pro ?? 0) + (tiers.expert ?? 0);

  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '6' }}>
      <title>Dashboard — Lukis Emas</title>
      <Stack gap="6">
        <Flex justify="space-between" align={{ base: 'flex-start', sm: 'center' }} direction={{ base: 'column', sm: 'row' }} gap="3">
          <Stack gap="1">
            <Heading as="h1" size={{ base: 'xl', md: '2xl' }} letterSpacing="tight">
              Dashboard
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {updatedAt ? `Updated ${formatDateTime(updatedAt.toISOString())}` : 'The state of the community at a glance.'}
            </Text>
          </Stack>
          <Button variant="outline" onClick={() => void query.refetch()} loading={query.isFetching && stats !== null} loadingText="Refreshing…">
            Refresh
          </Button>
        </Flex>
        <HStack gap="2" wrap="wrap" as="nav" aria-label="Admin pages">
          <ButtonLink to={paths.manageMembership.href} size="sm" variant="subtle">
            Manage Membership
          </ButtonLink>
          <ButtonLink to={paths.manageHistory.href} size="sm" variant="subtle">
            Manage History
          </ButtonLink>
          <ButtonLink to={paths.logActivity.href} size="sm" variant="subtle">
            Activity Log
          </ButtonLink>
          <ButtonLink to={paths.chatAdmin.href} size="sm" variant="subtle">
            Admin Chat
          </ButtonLink>
        </HStack>
        {error ? <FormAlert status="error" title={error} /> : null}
        {!stats ? (
          error ? null : <PageSpinner label="Loading the dashboard" />
        ) : (
          <>
            <SimpleGrid columns={{ base: 2, lg: 4 }} gap={{ base: '3', md: '4' }}>
              <StatCard label="Active members" value={activeMembers} testId="stat-members">
                <HStack gap="3" wrap="wrap" fontSize="sm" color="fg.muted">
                  <Text>Basic {tiers.basic ?? 0}</Text>
                  <Text>Pro {tiers.pro ?? 0}</Text>
                  <Text>Expert {tiers.expert ?? 0}</Text>
                </HStack>
              </StatCard>
              <StatCard label="Trials" value={tiers.trial ?? 0} hint={`${tiers.expired ?? 0} expired`} testId="stat-trials" />
              <StatCard label="Pending payments" value={stats.pendingPayments} testId="stat-pending">
                <Box>
                  <ButtonLink to={paths.manageMembership.href} size="xs" variant="outline" colorPalette="gold">
                    Review payments
                  </ButtonLink>
                </Box>
              </StatCard>
              <StatCard label="Messages today" value={stats.messagesToday} hint="Since midnight (WIB)" testId="stat-messages" />
            </SimpleGrid>
            <Suspense fallback={<ChartsPlaceholder />}>
              <DashboardCharts stats={stats} />
            </Suspense>
            <RenewalsDue renewals={stats.renewalsDue} />
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <ListCard title="Online now" count={stats.onlineUsers.length} empty="Nobody is online right now.">
                {stats.onlineUsers.map((user) => (
                  <HStack as="li" key={user._id} justify="space-between" data-testid="online-user">
                    <HStack gap="2" minW="0">
                      <Box w="2" h="2" borderRadius="full" bg="green.400" flexShrink={0} aria-hidden />
                      <Text truncate>{user.username}</Text>
                    </HStack>
                    <Badge variant="subtle" textTransform="capitalize">
                      {user.role}
                    </Badge>
                  </HStack>
                ))}
              </ListCard>
              <ListCard title="Trials ending within 3 days" count={stats.trialsEndingSoon.length} empty="No trial ends in the next 3 days.">
                {stats.trialsEndingSoon.map((user) => (
                  <Flex as="li" key={user._id} justify="space-between" gap="3" wrap="wrap">
                    <Stack gap="0" minW="0">
                      <Text truncate>{user.username}</Text>
                      <Text fontSize="xs" color="fg.muted" truncate>
                        {user.email}
                      </Text>
                    </Stack>
                    <Text fontSize="sm" color="fg.warning" whiteSpace="nowrap">
                      {formatDateTime(user.trialExpiresAt)}
                    </Text>
                  </Flex>
                ))}
              </ListCard>
            </SimpleGrid>
          </>
        )}
        {children}
      </Stack>
    </Container>
  );
}
