import { Badge, Box, Button, Card, Container, Flex, Heading, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { MODERATION, MODERATION_ACTIONS, SUGGESTED_BLOCKED_TERMS, foldForMatching, type ChatMessage, type ModerationAction, type ReportInQueue } from '@le/contracts';
import { useEffect, useState } from 'react';

import { FormAlert } from '@/components/ui/form-alert';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { PageSpinner } from '@/components/ui/page-spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, useTimeZone } from '@/lib/dates';
import { flattenPages } from '@/lib/paged-list';
import { useOpenReports } from '@/lib/open-reports';
import {
  useFilters,
  useLiftTimeout,
  useModerationLog,
  useReports,
  useResolveReport,
  useRoom,
  useSetFilters,
  useTimeouts,
  useUpdateRoom,
} from '@/features/moderation/api/moderation';
import { TimeoutForm } from './timeout-form';

const ACTION_LABEL: Record<ModerationAction, string> = {
  'message.hidden': 'Hidden',
  'message.unhidden': 'Unhidden',
  'message.deleted': 'Deleted',
  'timeout.set': 'Timed out',
  'timeout.lifted': 'Timeout lifted',
  'room.slow_mode': 'Slow mode',
  'room.pinned': 'Pinned',
  'room.unpinned': 'Unpinned',
  'filters.changed': 'Blocked terms',
  'report.resolved': 'Report resolved',
};

function Section({ title, children, testId, extra }: { title: string; children: React.ReactNode; testId: string; extra?: React.ReactNode }) {
  return (
    <Card.Root bg="bg.panel" borderColor="border" data-testid={testId}>
      <Card.Header pb="2">
        <Flex justify="space-between" align="center" gap="2" wrap="wrap">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          {extra}
        </Flex>
      </Card.Header>
      <Card.Body pt="2">{children}</Card.Body>
    </Card.Root>
  );
}

function ContextLine({ message, reported = false }: { message: ChatMessage; reported?: boolean }) {
  const zone = useTimeZone();
  return (
    <Box px="2" py="1" borderRadius="sm" bg={reported ? 'bg.warning' : undefined} borderLeftWidth={reported ? '3px' : undefined} borderColor="border.warning">
      <Text fontSize="xs" color="fg.muted">
        {message.sender.name || message.sender.username} · {formatDateTime(message.createdAt, zone)}
        {message.hidden ? ' · hidden' : ''}
      </Text>
      <Text fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word" color={message.hidden ? 'fg.muted' : undefined}>
        {message.content || '(deleted)'}
      </Text>
    </Box>
  );
}

function ReportCard({ report }: { report: ReportInQueue }) {
  const zone = useTimeZone();
  const resolve = useResolveReport();
  const [timingOut, setTimingOut] = useState(false);
  const author = report.author;
  return (
    <Box borderWidth="1px" borderColor="border" borderRadius="lg" p="3" data-testid="report" data-report-id={report._id}>
      <Stack gap="2">
        <Flex justify="space-between" gap="2" wrap="wrap">
          <Text fontSize="sm">
            <b>{report.reporter.name}</b> reported · {formatDateTime(report.createdAt, zone)}
          </Text>
          {report.status === 'resolved' && report.resolution ? (
            <Badge colorPalette="gray">
              {report.resolution.action} by {report.resolution.by.name}
            </Badge>
          ) : null}
        </Flex>
        <Text fontSize="sm" color="fg.muted">
          “{report.reason}”
        </Text>
        <Stack gap="0.5" data-testid="report-context">
          {report.context.before.map((message) => (
            <ContextLine key={message._id} message={message} />
          ))}
          {report.message ? <ContextLine message={report.message} reported /> : <Text fontSize="sm">The message was deleted.</Text>}
          {report.context.after.map((message) => (
            <ContextLine key={message._id} message={message} />
          ))}
        </Stack>
        {author ? (
          <Text fontSize="xs" color="fg.muted" data-testid="report-author">
            Author: {author.name} · {author.role} · tier {author.membershipTier || 'none'}
            {author.timedOutUntil ? ` · timed out until ${formatDateTime(author.timedOutUntil, zone)}` : ''}
            {author.earlierActions.length > 0 ? ` · earlier: ${author.earlierActions.map((entry) => ACTION_LABEL[entry.action]).join(', ')}` : ' · no earlier actions'}
          </Text>
        ) : null}
        {resolve.error ? <FormAlert status="error" title={errorMessage(resolve.error, 'Could not resolve the report.')} /> : null}
        {report.status === 'open' ? (
          timingOut && author ? (
            <TimeoutForm
              name={author.name}
              busy={resolve.isPending}
              onSubmit={(minutes, reason) => resolve.mutate({ id: report._id, action: 'timeout', minutes, reason })}
              onCancel={() => setTimingOut(false)}
            />
          ) : (
            <HStack gap="2" wrap="wrap">
              <Button size="sm" variant="outline" loading={resolve.isPending} onClick={() => resolve.mutate({ id: report._id, action: 'dismiss' })}>
                Dismiss
              </Button>
              <Button size="sm" variant="outline" colorPalette="gold" loading={resolve.isPending} onClick={() => resolve.mutate({ id: report._id, action: 'hide', reason: report.reason })}>
                Hide
              </Button>
              {author && author.role !== 'admin' ? (
                <Button size="sm" colorPalette="red" onClick={() => setTimingOut(true)}>
                  Time out
                </Button>
              ) : null}
            </HStack>
          )
        ) : null}
      </Stack>
    </Box>
  );
}

function ReportsQueue() {
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const query = useReports(status);
  const reports = flattenPages(query.data, 'reports');
  const open = useOpenReports();
  return (
    <Section
      title="Reports"
      testId="moderation-queue"
      extra={
        <HStack gap="2">
          <Badge colorPalette={open > 0 ? 'red' : 'gray'} data-testid="queue-open-count">
            {open} open
          </Badge>
          <Button size="xs" variant={status === 'open' ? 'solid' : 'outline'} onClick={() => setStatus('open')}>
            Open
          </Button>
          <Button size="xs" variant={status === 'resolved' ? 'solid' : 'outline'} onClick={() => setStatus('resolved')}>
            Resolved
          </Button>
        </HStack>
      }
    >
      {query.isPending ? (
        <PageSpinner label="Loading the reports" />
      ) : reports.length === 0 ? (
        <Text color="fg.muted">{status === 'open' ? 'No open reports.' : 'No resolved reports yet.'}</Text>
      ) : (
        <Stack gap="3">
          {reports.map((report) => (
            <ReportCard key={report._id} report={report} />
          ))}
          {query.hasNextPage ? <LoadMoreButton loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()} /> : null}
        </Stack>
      )}
    </Section>
  );
}

function Timeouts() {
  const zone = useTimeZone();
  const query = useTimeouts();
  const lift = useLiftTimeout();
  const timeouts = query.data?.timeouts ?? [];
  return (
    <Section title="Active timeouts" testId="moderation-timeouts">
      {timeouts.length === 0 ? (
        <Text color="fg.muted">Nobody is timed out.</Text>
      ) : (
        <Stack gap="2">
          {timeouts.map((timeout) => (
            <Flex key={timeout.userId} justify="space-between" align="center" gap="2" wrap="wrap" data-testid="timeout-row">
              <Text fontSize="sm">
                <b>{timeout.user?.name}</b> until {formatDateTime(timeout.until, zone)} · {timeout.reason} · by {timeout.by.name}
              </Text>
              <Button size="sm" variant="outline" loading={lift.isPending && lift.variables === timeout.userId} onClick={() => lift.mutate(timeout.userId)}>
                Lift
              </Button>
            </Flex>
          ))}
        </Stack>
      )}
    </Section>
  );
}

function RoomSettings() {
  const room = useRoom();
  const update = useUpdateRoom();
  const [seconds, setSeconds] = useState('0');
  useEffect(() => {
    if (room.data) setSeconds(String(room.data.slowModeSeconds));
  }, [room.data]);
  const value = Number(seconds);
  const valid = Number.isInteger(value) && value >= 0 && value <= MODERATION.slowModeSecondsMax;
  const pinned = room.data?.pinnedMessage ?? null;
  return (
    <Section title="The room" testId="moderation-room">
      <Stack gap="3">
        <Stack as="form" gap="1" onSubmit={(event) => (event.preventDefault(), valid && update.mutate({ slowModeSeconds: value }))}>
          <Text fontSize="sm" fontWeight="semibold">
            Slow mode (seconds between a member’s posts, 0 = off)
          </Text>
          <HStack gap="2">
            <Input size="sm" width="28" type="number" min={0} max={MODERATION.slowModeSecondsMax} aria-label="Slow mode seconds" value={seconds} onChange={(event) => setSeconds(event.target.value)} />
            <Button type="submit" size="sm" colorPalette="gold" disabled={!valid} loading={update.isPending}>
              Save
            </Button>
          </HStack>
        </Stack>
        <Stack gap="1">
          <Text fontSize="sm" fontWeight="semibold">
            Pinned message
          </Text>
          {pinned ? (
            <Flex justify="space-between" align="center" gap="2" wrap="wrap" data-testid="moderation-pinned">
              <Text fontSize="sm" flex="1" minW="0" truncate>
                {pinned.sender.name}: {pinned.content}
              </Text>
              <Button size="sm" variant="outline" onClick={() => update.mutate({ pinnedMessageId: null })}>
                Unpin
              </Button>
            </Flex>
          ) : (
            <Text fontSize="sm" color="fg.muted">
              None. Pin a message from its menu in the room.
            </Text>
          )}
        </Stack>
        {update.error ? <FormAlert status="error" title={errorMessage(update.error, 'Could not change the room.')} /> : null}
      </Stack>
    </Section>
  );
}

function BlockedTerms() {
  const filters = useFilters();
  const save = useSetFilters();
  const [adding, setAdding] = useState('');
  const terms = filters.data?.blockedTerms ?? [];
  const known = new Set(terms.map(foldForMatching));
  const suggestions = SUGGESTED_BLOCKED_TERMS.filter((term) => !known.has(foldForMatching(term)));
  const add = (term: string) => save.mutate([...terms, term]);
  return (
    <Section title="Blocked terms" testId="moderation-terms">
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted">
          A member’s message with one of these, as a whole word, is refused (any case, accents or full-width letters).
        </Text>
        <Flex gap="1.5" wrap="wrap" data-testid="blocked-terms">
          {terms.length === 0 ? <Text fontSize="sm">No blocked terms.</Text> : null}
          {terms.map((term) => (
            <Button key={term} size="xs" variant="subtle" aria-label={`Remove ${term}`} onClick={() => save.mutate(terms.filter((one) => one !== term))}>
              {term} ×
            </Button>
          ))}
        </Flex>
        <HStack as="form" gap="2" onSubmit={(event) => (event.preventDefault(), adding.trim() && (add(adding.trim()), setAdding('')))}>
          <Input size="sm" aria-label="New blocked term" placeholder="Add a term" maxLength={MODERATION.blockedTermMaxChars} value={adding} onChange={(event) => setAdding(event.target.value)} />
          <Button type="submit" size="sm" colorPalette="gold" disabled={adding.trim() === ''} loading={save.isPending}>
            Add
          </Button>
        </HStack>
        {suggestions.length > 0 ? (
          <Stack gap="1">
            <Text fontSize="xs" color="fg.muted">
              Suggested (promises of profit):
            </Text>
            <Flex gap="1.5" wrap="wrap" data-testid="suggested-terms">
              {suggestions.map((term) => (
                <Button key={term} size="xs" variant="outline" aria-label={`Add ${term}`} onClick={() => add(term)}>
                  + {term}
                </Button>
              ))}
            </Flex>
          </Stack>
        ) : null}
        {save.error ? <FormAlert status="error" title={errorMessage(save.error, 'Could not save the terms.')} /> : null}
      </Stack>
    </Section>
  );
}

function ModerationLogList() {
  const zone = useTimeZone();
  const [action, setAction] = useState<ModerationAction | null>(null);
  const query = useModerationLog(action);
  const entries = flattenPages(query.data, 'entries');
  return (
    <Section
      title="Log"
      testId="moderation-log"
      extra={
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field aria-label="Filter by action" value={action ?? ''} onChange={(event) => setAction((event.target.value || null) as ModerationAction | null)} bg="bg.muted">
            <option value="">Every action</option>
            {MODERATION_ACTIONS.map((one) => (
              <option key={one} value={one}>
                {ACTION_LABEL[one]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      }
    >
      {query.isPending ? (
        <PageSpinner label="Loading the log" />
      ) : entries.length === 0 ? (
        <Text color="fg.muted">Nothing logged{action ? ' for this action' : ''} yet.</Text>
      ) : (
        <Stack gap="0" divideY="1px" divideColor="border">
          {entries.map((entry) => (
            <Box key={entry._id} py="2" data-testid="log-entry" data-action={entry.action}>
              <Flex gap="2" wrap="wrap" align="baseline">
                <Badge size="sm" colorPalette="gold" variant="subtle">
                  {ACTION_LABEL[entry.action]}
                </Badge>
                <Text fontSize="sm">
                  <b>{entry.actor.name}</b> · {entry.target.label || '—'}
                </Text>
                <Text fontSize="xs" color="fg.muted" ms="auto">
                  {formatDateTime(entry.at, zone)}
                </Text>
              </Flex>
              {entry.reason ? (
                <Text fontSize="xs" color="fg.muted">
                  Reason: {entry.reason}
                </Text>
              ) : null}
            </Box>
          ))}
          {query.hasNextPage ? <LoadMoreButton loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()} /> : null}
        </Stack>
      )}
    </Section>
  );
}

/** /moderation (admins, contract §13): the reports queue, active timeouts, the room, blocked terms and the log. */
export function ModerationPage() {
  return (
    <Container maxW="6xl" py={{ base: '4', md: '8' }} px={{ base: '3', md: '6' }}>
      <Stack gap="5">
        <Heading as="h1" size="2xl">
          Moderation
        </Heading>
        <Flex gap="5" direction={{ base: 'column', lg: 'row' }} align="stretch">
          <Stack gap="5" flex="3" minW="0">
            <ReportsQueue />
            <ModerationLogList />
          </Stack>
          <Stack gap="5" flex="2" minW="0">
            <Timeouts />
            <RoomSettings />
            <BlockedTerms />
          </Stack>
        </Flex>
      </Stack>
    </Container>
  );
}
