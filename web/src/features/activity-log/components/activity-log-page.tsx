import { Badge, Box, Button, Center, Container, Flex, Heading, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { FormAlert } from '@/components/ui/form-alert';
import { PageSpinner } from '@/components/ui/page-spinner';
import { errorMessage } from '@/lib/api-client';
import { flattenPages } from '@/lib/paged-list';
import { activityLogKeys } from '@/features/activity-log/api/keys';
import { useActivityLog, type ActivityFilters } from '@/features/activity-log/api/activity-log';
import { formatLogTime } from '@/features/activity-log/utils/format';
import { LoadMoreButton } from '@/components/ui/load-more-button';

const FILTER_DELAY_MS = 350;

/** Typing in a filter waits a moment before asking the server, so each key is not a request. */
function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

const roleColor: Record<string, string> = { admin: 'gold', member: 'green', trial: 'gray', guest: 'gray' };

const COLUMNS = ['No', 'User', 'Role', 'IP', 'Page', 'Time', 'Message'] as const;

/** /log-activity (admin): every visit and admin action, newest first (spec §2 Activity log). */
export function ActivityLogPage() {
  const [typed, setTyped] = useState<ActivityFilters>({ user: '', page: '' });
  const filters = useDebounced(typed, FILTER_DELAY_MS);
  const queryClient = useQueryClient();
  const query = useActivityLog(filters);
  const logs = flattenPages(query.data, 'logs');
  const filtered = filters.user.trim() !== '' || filters.page.trim() !== '';
  // Refresh and Try again start the log over from its newest page.
  const reload = () => void queryClient.resetQueries({ queryKey: activityLogKeys.list(filters) });

  let body;
  if (query.isPending) body = <PageSpinner label="Loading the activity log" />;
  else if (!query.data) {
    body = (
      <Stack gap="4" maxW="xl">
        <FormAlert status="error" title={errorMessage(query.error, 'The activity log could not be loaded.')} />
        <Button alignSelf="flex-start" variant="outline" onClick={reload}>
          Try again
        </Button>
      </Stack>
    );
  } else if (logs.length === 0) {
    body = (
      <Center py="16" borderWidth="1px" borderStyle="dashed" borderColor="border" borderRadius="xl">
        <Text color="fg.muted">{filtered ? 'No entries match these filters.' : 'No activity has been logged yet.'}</Text>
      </Center>
    );
  } else {
    body = (
      <Stack gap="4">
        <Stack gap="3" hideFrom="md" as="ol" listStyleType="none" aria-label="Activity log">
          {logs.map((entry, index) => (
            <Box as="li" key={entry._id} data-testid="activity-log-card" bg="bg.panel" borderWidth="1px" borderColor="border" borderRadius="xl" p="4">
              <Flex justify="space-between" align="center" gap="2" mb="2">
                <Text fontWeight="semibold" overflowWrap="anywhere" minW="0">
                  <Text as="span" color="fg.subtle" fontWeight="normal" mr="2">
                    {index + 1}
                  </Text>
                  {entry.username}
                </Text>
                <Badge colorPalette={roleColor[entry.role] ?? 'gray'} variant="subtle" textTransform="capitalize" flexShrink={0}>
                  {entry.role}
                </Badge>
              </Flex>
              <Text wordBreak="break-word">{entry.message}</Text>
              <Stack gap="0.5" mt="2" fontSize="xs" color="fg.muted">
                <Text>
                  Page <Text as="span" fontFamily="mono" wordBreak="break-all">{entry.page}</Text>
                </Text>
                <Text>
                  IP <Text as="span" fontFamily="mono">{entry.ipAddress}</Text>
                  {entry.serverIp && entry.serverIp !== entry.ipAddress ? ` (server ${entry.serverIp})` : ''}
                </Text>
                <Text>
                  Time <time dateTime={entry.createdAt}>{formatLogTime(entry.createdAt)}</time>
                </Text>
              </Stack>
            </Box>
          ))}
        </Stack>
        <Table.ScrollArea borderWidth="1px" borderColor="border" borderRadius="xl" bg="bg.panel" hideBelow="md">
          <Table.Root size="sm" variant="line" minW="900px" data-testid="activity-log-table">
            <Table.Header>
              <Table.Row bg="bg.muted">
                {COLUMNS.map((column) => (
                  <Table.ColumnHeader key={column} color="fg.muted" fontWeight="semibold" whiteSpace="nowrap">
                    {column}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {logs.map((entry, index) => (
                <Table.Row key={entry._id} data-testid="activity-log-row" bg="transparent" _hover={{ bg: 'bg.subtle' }}>
                  <Table.Cell color="fg.muted">{index + 1}</Table.Cell>
                  {/* a name never breaks mid-word: the column takes its width, the message wraps instead */}
                  <Table.Cell fontWeight="medium" whiteSpace="nowrap" data-testid="activity-log-user">
                    {entry.username}
                  </Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={roleColor[entry.role] ?? 'gray'} variant="subtle" textTransform="capitalize">
                      {entry.role}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap" fontFamily="mono" fontSize="xs">
                    <Text>{entry.ipAddress}</Text>
                    {entry.serverIp && entry.serverIp !== entry.ipAddress ? (
                      <Text color="fg.subtle" title="The address the server saw">
                        server {entry.serverIp}
                      </Text>
                    ) : null}
                  </Table.Cell>
                  <Table.Cell fontFamily="mono" fontSize="xs" whiteSpace="normal" overflowWrap="anywhere" minW="140px">
                    {entry.page}
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    <time dateTime={entry.createdAt}>{formatLogTime(entry.createdAt)}</time>
                  </Table.Cell>
                  <Table.Cell minW="260px" whiteSpace="normal" wordBreak="break-word">
                    {entry.message}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        {query.isFetchNextPageError ? <FormAlert status="error" title={errorMessage(query.error, 'More entries could not be loaded.')} /> : null}
        {query.hasNextPage ? (
          <LoadMoreButton onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage} />
        ) : (
          <Text textAlign="center" color="fg.subtle" fontSize="sm">
            {logs.length === 1 ? '1 entry' : `${logs.length} entries`} — the end of the log
          </Text>
        )}
      </Stack>
    );
  }

  return (
    <Container maxW="7xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '6' }}>
      <title>Activity Log — Lukis Emas</title>
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size={{ base: 'xl', md: '2xl' }} letterSpacing="tight">
            Activity Log
          </Heading>
          <Text color="fg.muted">Page visits and admin actions, newest first.</Text>
        </Stack>
        <Flex gap="3" direction={{ base: 'column', sm: 'row' }} role="search">
          <Box flex="1">
            <Input
              aria-label="Filter by user"
              placeholder="Filter by user"
              value={typed.user}
              maxLength={100}
              onChange={(event) => setTyped((current) => ({ ...current, user: event.target.value }))}
              bg="bg.muted"
              borderColor="border"
            />
          </Box>
          <Box flex="1">
            <Input
              aria-label="Filter by page"
              placeholder="Filter by page, e.g. /live"
              value={typed.page}
              maxLength={300}
              onChange={(event) => setTyped((current) => ({ ...current, page: event.target.value }))}
              bg="bg.muted"
              borderColor="border"
            />
          </Box>
          <Button variant="outline" onClick={reload} flexShrink={0}>
            Refresh
          </Button>
        </Flex>
        {body}
      </Stack>
    </Container>
  );
}
