import { Box, Button, Center, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { signalAccessOf, type Signal } from '@le/contracts';
import { useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';

import { FormAlert } from '@/components/ui/form-alert';
import { OnDemand, onDemand, usePreloadWhenIdle } from '@/components/ui/on-demand';
import { LoadMoreButton } from '@/components/ui/load-more-button';
import { PageSpinner } from '@/components/ui/page-spinner';
import { formatDateTime, useTimeZone } from '@/lib/dates';
import { flattenPages } from '@/lib/paged-list';
import type { SignalFilters as Filters } from '@/features/signals/api/keys';
import { useSignal, useSignalList } from '@/features/signals/api/signals';
import { formatPrice, formatTargets, HIDDEN, isLocked, LEVELS_HIDDEN, outcomeLabel } from '@/features/signals/utils/format';
import { PipsText } from './pips-text';
import { SignalFilters } from './signal-filters';
import { SignalSideBadge } from './signal-side-badge';
import { SignalStatusBadge } from './signal-status-badge';
import { useSessionUser } from '@/lib/session-user';
import { useWantedOnce } from '@/hooks/use-wanted-once';

// A signal's timeline is not in the page's start: it loads once the page is live (or at once when the
// address names a signal), so that opening a row does not wait on the network.
const { Part: SignalTimelineDialog, preload: preloadTimeline } = onDemand(() => import('./signal-timeline-dialog').then((module) => module.SignalTimelineDialog));

const onEnter = (open: () => void) => (event: KeyboardEvent) => {
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    open();
  }
};

const emptyText = (filters: Filters, levelsHidden: boolean): string => {
  // Without the levels, an open signal's side is part of what is hidden: the side filter shows finished ones.
  if (levelsHidden && filters.side) {
    return filters.status === 'open'
      ? 'Open signals cannot be filtered by side without their levels (Pro and Expert).'
      : `No finished ${filters.side} signals yet. Open ones show their side to Pro and Expert members.`;
  }
  if (filters.status === 'open') return 'No open signals right now.';
  if (filters.status === 'closed') return 'No closed signals yet.';
  return filters.side ? `No ${filters.side} signals yet.` : 'No signals yet.';
};

function SignalTable({ signals, onOpen }: { signals: Signal[]; onOpen: (signal: Signal) => void }) {
  const zone = useTimeZone();
  return (
    <Table.ScrollArea borderWidth="1px" borderColor="border" borderRadius="xl" display={{ base: 'none', md: 'block' }}>
      <Table.Root size="sm" variant="line" interactive data-testid="signal-table">
        <Table.Header>
          <Table.Row bg="bg.muted">
            <Table.ColumnHeader>Side</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Entry</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">SL</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">TP</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader>Outcome</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Pips</Table.ColumnHeader>
            <Table.ColumnHeader>Opened</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {signals.map((signal) => (
            <Table.Row
              key={signal._id}
              cursor="pointer"
              tabIndex={0}
              aria-label={`Open the timeline of the signal opened ${formatDateTime(signal.openedAt, zone)}`}
              onClick={() => onOpen(signal)}
              onKeyDown={onEnter(() => onOpen(signal))}
              _focusVisible={{ outline: '2px solid', outlineColor: 'gold.focusRing', outlineOffset: '-2px' }}
              data-testid="signal-row"
              data-status={signal.status}
            >
              <Table.Cell>
                <SignalSideBadge side={signal.side} title={isLocked(signal) ? LEVELS_HIDDEN : undefined} />
              </Table.Cell>
              <Table.Cell textAlign="end" fontFamily="mono">
                {formatPrice(signal.entry)}
              </Table.Cell>
              <Table.Cell textAlign="end" fontFamily="mono">
                {formatPrice(signal.stopLoss)}
              </Table.Cell>
              <Table.Cell textAlign="end" fontFamily="mono">
                {formatTargets(signal.takeProfits)}
              </Table.Cell>
              <Table.Cell>
                <SignalStatusBadge status={signal.status} />
              </Table.Cell>
              <Table.Cell color={signal.status === 'closed' ? 'fg' : 'fg.subtle'}>{signal.status === 'closed' ? outcomeLabel(signal.outcome) : HIDDEN}</Table.Cell>
              <Table.Cell textAlign="end">
                <PipsText pips={signal.pips} />
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap" color="fg.muted" fontFamily="mono">
                {formatDateTime(signal.openedAt, zone)}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function Level({ label, value }: { label: string; value: string }) {
  return (
    <Box minW="0">
      <Text fontSize="2xs" color="fg.subtle" textTransform="uppercase" letterSpacing="wider">
        {label}
      </Text>
      <Text fontFamily="mono" fontSize="sm" wordBreak="break-word">
        {value}
      </Text>
    </Box>
  );
}

function SignalCards({ signals, onOpen }: { signals: Signal[]; onOpen: (signal: Signal) => void }) {
  const zone = useTimeZone();
  return (
    <Stack gap="3" display={{ base: 'flex', md: 'none' }} data-testid="signal-cards">
      {signals.map((signal) => (
        <Stack
          key={signal._id}
          gap="3"
          p="4"
          bg="bg.panel"
          borderWidth="1px"
          borderColor="border"
          borderRadius="xl"
          cursor="pointer"
          role="button"
          tabIndex={0}
          // Named by what it shows (side, status, levels, time), as axe's label-content rule asks of a button.
          aria-description="Opens the signal's timeline"
          onClick={() => onOpen(signal)}
          onKeyDown={onEnter(() => onOpen(signal))}
          _hover={{ borderColor: 'gold.muted' }}
          _focusVisible={{ outline: '2px solid', outlineColor: 'gold.focusRing' }}
          data-testid="signal-card"
          data-status={signal.status}
        >
          <HStack justify="space-between" gap="2">
            <HStack gap="2">
              <SignalSideBadge side={signal.side} />
              <SignalStatusBadge status={signal.status} />
              {signal.status === 'closed' && signal.outcome ? (
                <Text fontSize="xs" color="fg.muted">
                  {outcomeLabel(signal.outcome)}
                </Text>
              ) : null}
            </HStack>
            {signal.pips !== null ? <PipsText pips={signal.pips} suffix=" pips" fontSize="sm" /> : null}
          </HStack>
          <SimpleGrid columns={3} gap="2">
            <Level label="Entry" value={formatPrice(signal.entry)} />
            <Level label="SL" value={formatPrice(signal.stopLoss)} />
            <Level label="TP" value={formatTargets(signal.takeProfits)} />
          </SimpleGrid>
          {isLocked(signal) ? (
            <Text fontSize="xs" color="fg.muted">
              {LEVELS_HIDDEN}
            </Text>
          ) : null}
          <Text fontSize="xs" color="fg.subtle" fontFamily="mono">
            Opened {formatDateTime(signal.openedAt, zone)}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}

/** Every signal, newest first, under the chosen filters; each opens its timeline. */
export function SignalList() {
  const [filters, setFilters] = useState<Filters>({ status: 'all', side: null });
  const [selected, setSelected] = useState<Signal | null>(null);
  // `?signal=<id>` (a notification's link) opens that signal's timeline.
  const [params, setParams] = useSearchParams();
  const linked = params.get('signal');
  const linkedSignal = useSignal(linked);
  const shown = selected ?? (linked ? (linkedSignal.data?.signal ?? null) : null);
  const timelineWanted = useWantedOnce(shown !== null);
  usePreloadWhenIdle(preloadTimeline);
  const close = () => {
    setSelected(null);
    if (linked) {
      setParams(
        (current) => {
          current.delete('signal');
          return current;
        },
        { replace: true },
      );
    }
  };
  const query = useSignalList(filters);
  const signals = flattenPages(query.data, 'signals');
  const user = useSessionUser();
  const levelsHidden = signalAccessOf(user ? { ...user, membershipEnd: user.membershipEnd ?? null, graceEndsAt: user.graceEndsAt ?? null } : null) === 'none';

  let body;
  if (query.isPending) body = <PageSpinner label="Loading signals" />;
  else if (!query.data) {
    body = (
      <Stack gap="3" align="flex-start">
        <FormAlert status="error" title="The signals could not be loaded." />
        <Button size="sm" variant="outline" onClick={() => void query.refetch()} loading={query.isFetching}>
          Try again
        </Button>
      </Stack>
    );
  } else if (signals.length === 0) {
    body = (
      <Center py="14" px="4" borderWidth="1px" borderStyle="dashed" borderColor="border" borderRadius="xl" data-testid="signals-empty">
        <Text color="fg.muted" fontSize="lg" textAlign="center">
          {emptyText(filters, levelsHidden)}
        </Text>
      </Center>
    );
  } else {
    body = (
      <Stack gap="5">
        <SignalTable signals={signals} onOpen={setSelected} />
        <SignalCards signals={signals} onOpen={setSelected} />
        {query.isFetchNextPageError ? <FormAlert status="error" title="More signals could not be loaded." /> : null}
        {query.hasNextPage ? <LoadMoreButton onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage} /> : null}
      </Stack>
    );
  }

  return (
    <Stack gap="5">
      <SignalFilters filters={filters} onChange={setFilters} />
      {body}
      {timelineWanted ? (
        <OnDemand onFailed={close}>
          <SignalTimelineDialog signal={shown} onClose={close} />
        </OnDemand>
      ) : null}
    </Stack>
  );
}
