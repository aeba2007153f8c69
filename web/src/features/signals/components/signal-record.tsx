import { Box, Button, Center, Heading, HStack, SimpleGrid, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import type { SignalStats } from '@le/contracts';
import type { ReactNode } from 'react';

import { FormAlert } from '@/components/ui/form-alert';
import { useSignalStats } from '@/features/signals/api/signals';
import { formatMonth, formatWinRate } from '@/features/signals/utils/format';
import { EquityCurve } from './equity-curve';
import { PipsText } from './pips-text';

function Panel({ children, ...props }: { children: ReactNode } & Parameters<typeof Stack>[0]) {
  return (
    <Stack gap="4" p={{ base: '4', md: '6' }} bg="bg.panel" borderWidth="1px" borderColor="border" borderRadius="2xl" minW="0" {...props}>
      {children}
    </Stack>
  );
}

function Stat({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <Stack gap="1" minW="0" data-testid={testId}>
      <Text fontSize="xs" color="fg.subtle" textTransform="uppercase" letterSpacing="wider">
        {label}
      </Text>
      <Box fontSize={{ base: 'xl', md: '2xl' }} fontWeight="bold" fontFamily="mono" lineHeight="1.2">
        {value}
      </Box>
    </Stack>
  );
}

function MonthTable({ months }: { months: SignalStats['byMonth'] }) {
  const newestFirst = [...months].sort((a, b) => (a.month < b.month ? 1 : -1));
  return (
    <Table.Root size="sm" variant="line" data-testid="signal-months">
      <Table.Header>
        <Table.Row bg="bg.muted">
          <Table.ColumnHeader>Month</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Closed</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Wins</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end" display={{ base: 'none', sm: 'table-cell' }}>
            Win rate
          </Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Pips</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {newestFirst.map((month) => (
          <Table.Row key={month.month}>
            <Table.Cell whiteSpace="nowrap">{formatMonth(month.month)}</Table.Cell>
            <Table.Cell textAlign="end" fontFamily="mono">
              {month.closed}
            </Table.Cell>
            <Table.Cell textAlign="end" fontFamily="mono">
              {month.wins}
            </Table.Cell>
            <Table.Cell textAlign="end" fontFamily="mono" display={{ base: 'none', sm: 'table-cell' }}>
              {formatWinRate(month.closed > 0 ? month.wins / month.closed : null)}
            </Table.Cell>
            <Table.Cell textAlign="end">
              <PipsText pips={month.pips} />
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

/** The track record: win rate, pips, the counts, the equity curve and the month table (contract §8). */
export function SignalRecord() {
  const query = useSignalStats();

  if (query.isPending) {
    return (
      <Center py="16" role="status" aria-label="Loading the record">
        <Spinner size="lg" color="gold.solid" />
      </Center>
    );
  }
  if (!query.data) {
    return (
      <Stack gap="3" align="flex-start">
        <FormAlert status="error" title="The record could not be loaded." />
        <Button size="sm" variant="outline" onClick={() => void query.refetch()} loading={query.isFetching}>
          Try again
        </Button>
      </Stack>
    );
  }

  const stats = query.data;
  const nothingClosed = stats.closed === 0;
  return (
    <Stack gap="5" data-testid="signal-record">
      <Panel>
        <SimpleGrid columns={{ base: 2, md: 4, lg: 7 }} gap={{ base: '4', md: '6' }}>
          <Stat label="Win rate" value={<Text color="gold.fg">{formatWinRate(stats.winRate)}</Text>} testId="stat-win-rate" />
          <Stat label="Total pips" value={<PipsText pips={nothingClosed ? null : stats.pips} />} testId="stat-pips" />
          <Stat label="Closed" value={stats.closed} testId="stat-closed" />
          <Stat label="Wins" value={<Text color="green.300">{stats.wins}</Text>} testId="stat-wins" />
          <Stat label="Losses" value={<Text color="red.300">{stats.losses}</Text>} testId="stat-losses" />
          <Stat label="Breakeven" value={stats.breakeven} testId="stat-breakeven" />
          <Stat label="Cancelled" value={<Text color="fg.muted">{stats.cancelled}</Text>} testId="stat-cancelled" />
        </SimpleGrid>
      </Panel>

      {nothingClosed ? (
        <Center py="10" px="4" borderWidth="1px" borderStyle="dashed" borderColor="border" borderRadius="2xl" data-testid="record-empty">
          <Stack gap="1" textAlign="center" maxW="md">
            <Text fontSize="lg" fontWeight="semibold">
              No closed signals yet
            </Text>
            <Text color="fg.muted">The record starts with the first close. Every result stays here, wins and losses alike.</Text>
          </Stack>
        </Center>
      ) : (
        <SimpleGrid columns={{ base: 1, lg: 5 }} gap="5">
          <Panel gridColumn={{ lg: 'span 3' }}>
            <HStack justify="space-between" align="baseline" wrap="wrap" gap="2">
              <Heading as="h2" size="md">
                Equity curve
              </Heading>
              <Text fontSize="sm" color="fg.muted">
                Cumulative pips after each close
              </Text>
            </HStack>
            <EquityCurve curve={stats.curve} />
          </Panel>
          <Panel gridColumn={{ lg: 'span 2' }}>
            <Heading as="h2" size="md">
              By month
            </Heading>
            <MonthTable months={stats.byMonth} />
          </Panel>
        </SimpleGrid>
      )}
    </Stack>
  );
}
