import { Box, Button, Center, Flex, HStack, Heading, Input, Stack, Table, Text } from '@chakra-ui/react';
import { membershipStatus, type PublicUser, type Role } from '@le/contracts';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';

import { FormAlert } from '@/components/ui/form-alert';
import { PageSpinner } from '@/components/ui/page-spinner';
import { MembershipStatusBadge, TierBadge } from '@/components/ui/tier-badge';
import { toaster } from '@/components/ui/toaster';
import { errorMessage } from '@/lib/api-client';
import { flattenPages, updatePagedRows } from '@/lib/paged-list';
import { adminKeys } from '@/features/admin/api/keys';
import { useAdminMembers, type MemberFilters, type MemberPage } from '@/features/admin/api/members';
import { formatDate } from '@/lib/dates';
import { EditMemberDialog } from './edit-member-dialog';
import { LabeledSelect } from './labeled-select';
import { LoadMoreButton } from '@/components/ui/load-more-button';

const ROLE_FILTERS = [
  { value: '', label: 'All roles' },
  { value: 'admin', label: 'Admin' },
  { value: 'member', label: 'Member' },
  { value: 'trial', label: 'Trial' },
  { value: 'guest', label: 'Guest (unverified)' },
] as const;
const TIER_FILTERS = [
  { value: '', label: 'All tiers' },
  { value: 'basic', label: 'Basic' },
  { value: 'pro', label: 'Pro' },
  { value: 'expert', label: 'Expert' },
  { value: 'trial', label: 'Trial' },
  { value: 'None', label: 'None' },
  { value: 'admin', label: 'Admin' },
] as const;

const SEARCH_DELAY_MS = 350;

/** When the member's access ends: the membership end, or the trial date for a trial; a dash for none. */
const accessEnd = (user: PublicUser): string => {
  const end = user.role === 'trial' ? user.trialExpiresAt : user.membershipEnd;
  return end ? formatDate(end) : '—';
};

/** Members with search, role and tier filters; each row opens the edit dialog. */
/**
 * `memberActions`: what else an admin can do from a member's row, given by the page that composes
 * the console (the moderation's time-out), so this feature does not import another.
 */
export function MembersSection({
  currentUserId,
  initialQuery = '',
  memberActions,
}: {
  currentUserId: string | null;
  initialQuery?: string;
  memberActions?: (user: PublicUser) => ReactNode;
}) {
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState(initialQuery);
  const [filters, setFilters] = useState<MemberFilters>({ q: initialQuery, role: '', tier: '' });
  const [editing, setEditing] = useState<PublicUser | null>(null);
  const query = useAdminMembers(filters);
  const members = flattenPages(query.data, 'members');

  useEffect(() => {
    const timer = window.setTimeout(() => setFilters((current) => (current.q === typed ? current : { ...current, q: typed })), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);

  /** The saved member shows at once; every member list and the numbers reload behind it. */
  const saved = (user: PublicUser) => {
    queryClient.setQueryData<InfiniteData<MemberPage>>(adminKeys.memberList(filters), (data) =>
      updatePagedRows(data, 'members', (rows) => rows.map((row) => (row._id === user._id ? user : row))),
    );
    void queryClient.invalidateQueries({ queryKey: adminKeys.members() });
    void queryClient.invalidateQueries({ queryKey: adminKeys.stats() });
  };

  let body;
  if (query.isPending) body = <PageSpinner label="Loading members" />;
  else if (!query.data) {
    body = (
      <Stack gap="3">
        <FormAlert status="error" title={errorMessage(query.error, 'The members could not be loaded.')} />
        <Button alignSelf="flex-start" variant="outline" onClick={() => void queryClient.resetQueries({ queryKey: adminKeys.memberList(filters) })}>
          Try again
        </Button>
      </Stack>
    );
  } else if (members.length === 0) {
    body = (
      <Center py="12" borderWidth="1px" borderStyle="dashed" borderColor="border" borderRadius="xl">
        <Text color="fg.muted">No members match.</Text>
      </Center>
    );
  } else {
    body = (
      <Stack gap="4">
        <Stack gap="3" hideFrom="md" as="ul" listStyleType="none" aria-label="Members">
          {members.map((user) => {
            const status = user.role === 'admin' || user.role === 'guest' ? null : membershipStatus(user);
            return (
              <Box as="li" key={user._id} data-testid="member-card" data-username={user.username} bg="bg.panel" borderWidth="1px" borderColor="border" borderRadius="xl" p="4">
                <Flex justify="space-between" align="flex-start" gap="3">
                  <Stack gap="0.5" minW="0">
                    <Text fontWeight="semibold" truncate>
                      {user.username}
                    </Text>
                    <Text color="fg.muted" fontSize="xs" truncate>
                      {user.email}
                    </Text>
                  </Stack>
                  <HStack gap="2" flexShrink={0}>
                    {memberActions && user.role !== 'admin' && user.role !== 'guest' ? memberActions(user) : null}
                    <Button size="xs" variant="outline" onClick={() => setEditing(user)} disabled={user.role === 'guest'} aria-label={`Edit ${user.username}`}>
                      Edit
                    </Button>
                  </HStack>
                </Flex>
                <Flex gap="2" mt="3" align="center" wrap="wrap" fontSize="sm">
                  <Text textTransform="capitalize" color="fg.muted">
                    {user.role}
                  </Text>
                  <TierBadge role={user.role} tier={user.membershipTier} />
                  {status ? <MembershipStatusBadge status={status} /> : null}
                  {status ? (
                    <Text color="fg.muted" ms="auto">
                      ends {accessEnd(user)}
                    </Text>
                  ) : null}
                </Flex>
              </Box>
            );
          })}
        </Stack>
        <Table.ScrollArea borderWidth="1px" borderColor="border" borderRadius="xl" bg="bg.panel" hideBelow="md">
          <Table.Root size="sm" minW="760px" data-testid="members-table">
            <Table.Header>
              <Table.Row bg="bg.muted">
                {['Member', 'Role', 'Tier', 'Status', 'Ends', ''].map((column) => (
                  <Table.ColumnHeader key={column} color="fg.muted" fontWeight="semibold">
                    {column}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {members.map((user) => {
                const status = user.role === 'admin' || user.role === 'guest' ? null : membershipStatus(user);
                return (
                  <Table.Row key={user._id} data-testid="member-row" data-username={user.username} bg="transparent" _hover={{ bg: 'bg.subtle' }}>
                    <Table.Cell maxW="280px">
                      <Text fontWeight="medium" truncate>
                        {user.username}
                      </Text>
                      <Text color="fg.muted" fontSize="xs" truncate>
                        {user.name} · {user.email}
                      </Text>
                    </Table.Cell>
                    <Table.Cell textTransform="capitalize">{user.role}</Table.Cell>
                    <Table.Cell>
                      <TierBadge role={user.role} tier={user.membershipTier} />
                      {user.role === 'admin' ? <Text color="fg.subtle">admin</Text> : null}
                    </Table.Cell>
                    <Table.Cell>
                      {status ? (
                        <MembershipStatusBadge status={status} />
                      ) : (
                        <Text color="fg.subtle">—</Text>
                      )}
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{accessEnd(user)}</Table.Cell>
                    <Table.Cell textAlign="end">
                      <HStack gap="2" justify="flex-end">
                        {memberActions && user.role !== 'admin' && user.role !== 'guest' ? memberActions(user) : null}
                        <Button size="xs" variant="outline" onClick={() => setEditing(user)} disabled={user.role === 'guest'} aria-label={`Edit ${user.username}`}>
                          Edit
                        </Button>
                      </HStack>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        {query.isFetchNextPageError ? <FormAlert status="error" title={errorMessage(query.error, 'More members could not be loaded.')} /> : null}
        {query.hasNextPage ? <LoadMoreButton onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage} /> : null}
      </Stack>
    );
  }

  return (
    <Stack gap="4" as="section" aria-labelledby="members-heading" id="members" scrollMarginTop="24">
      <Stack gap="1">
        <Heading as="h2" size="lg" id="members-heading">
          Members
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Search by username, email or name; change a tier, end date or role.
        </Text>
      </Stack>
      <Flex gap="3" direction={{ base: 'column', md: 'row' }} align={{ md: 'flex-end' }} role="search">
        <Box flex="2">
          <Input
            aria-label="Search members"
            placeholder="Search username, email or name"
            value={typed}
            maxLength={100}
            onChange={(event) => setTyped(event.target.value)}
            bg="bg.muted"
            borderColor="border"
          />
        </Box>
        <Flex gap="3" flex="1">
          <Box flex="1">
            <LabeledSelect
              id="member-role"
              label="Role"
              hideLabel
              value={filters.role}
              options={ROLE_FILTERS}
              onChange={(value) => setFilters((current) => ({ ...current, role: value as Role | '' }))}
            />
          </Box>
          <Box flex="1">
            <LabeledSelect id="member-tier" label="Tier" hideLabel value={filters.tier} options={TIER_FILTERS} onChange={(value) => setFilters((current) => ({ ...current, tier: value }))} />
          </Box>
        </Flex>
      </Flex>
      {body}
      <EditMemberDialog
        user={editing}
        currentUserId={currentUserId}
        onClose={() => setEditing(null)}
        onSaved={(user) => {
          setEditing(null);
          saved(user);
          toaster.create({ type: 'success', title: 'Member updated', description: user.username, closable: true });
        }}
      />
    </Stack>
  );
}
