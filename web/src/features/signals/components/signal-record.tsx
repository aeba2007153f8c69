import { Box, Button, Center, Heading, HStack, SimpleGrid, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import type { SignalStats } from '@le/contracts';
import type { ReactNode } from 'react';

import { FormAlert } from '@/components/ui/form-alert';
import { useSignalStats } from '@/features/signals/api/signals';
import { formatFactor, formatHold, formatMonth, formatR, formatRateRange, formatWinRate, smallSampleSentence } from '@/features/signals/utils/format';
import { EquityCurve } from './equity-curve';
import { PipsText } from './pips-text';
import { StatTip } from './stat-tip';

function Panel({ children, ...props }: { children: ReactNode } & Parameters<typeof Stack>[0]) {
  return (
    <Stack gap="4" p={{ base: '4', md: '6' }} bg="bg.panel" borderWidth="1px" borderColor="border" borderRadius="2xl" minW="0" {...props}>
      {children}
    </Stack>
  );
}

function Stat({ label, value, testId, tip }: { label: string; value: ReactNode; testId: string; tip?: string }) {
  return (
    <Stack gap="1" minW="0" data-testid={testId}>
      {tip ? (
        <Box>
          <StatTip label={label} tip={tip} />
        </Box>
      ) : (
        <Text fontSize="xs" color="fg.subtle" textTransform="uppercase" letterSpacing="wider">
          {label}
        </Text>
      )}
      <Box fontSize={{ base: 'xl', md: '2xl' }} fontWeight="bold" fontFamily="mono" lineHeight="1.2">
        {value}
      </Box>
    </Stack>
  );
}

/** The one-line explanations of the further numbers (hover or tap). */
const TIPS = {
  expectancy: 'The average result of one closed signal, wins and losses together.',
  averageR: 'The average result measured in risk: pips won or lost over the distance from the entry to the stop it opened with.',
  profitFactor: 'Pips won divided by pips lost. Above 1 the wins outweigh the losses; none until a signal has lost.',
  maxDrawdown: 'The largest fall of the running total of pips from an earlier high: the worst stretch a follower sat through.',
  losingStreak: 'The most losing signals in a row.',
  averageHold: 'How long a signal stayed open on average, from its opening to its close.',
  interval: 'Where the true win rate likely lies (95% Wilson interval): the fewer closed signals, the wider it is.',
} as const;

function WinRate({ stats }: { stats: SignalStats }) {
  const sentence = smallSampleSentence(stats.closed);
  return (
    <Stack gap="2" minW="0" data-testid="stat-win-rate">
      <Text fontSize="xs" color="fg.subtle" textTransform="uppercase" letterSpacing="wider">
        Win rate
      </Text>
      <HStack gap="3" align="baseline" wrap="wrap">
        <Text fontSize={{ base: '3xl', md: '4xl' }} fontWeight="bold" fontFamily="mono" lineHeight="1" color="gold.fg">
          {formatWinRate(stats.winRate)}
        </Text>
        <Text color="fg.muted" data-testid="stat-win-rate-of">
          of {stats.closed} closed
        </Text>
      </HStack>
      {stats.winRateInterval ? (
        <HStack gap="2" wrap="wrap">
          <StatTip label="Likely range" tip={TIPS.interval} />
          <Text fontFamily="mono" fontSize="sm" data-testid="stat-win-rate-range">
            {formatRateRange(stats.winRateInterval)}
          </Text>
        </HStack>
      ) : null}
      {sentence ? (
        <Text fontSize="sm" color="fg.muted" maxW="prose" data-testid="small-sample">
          {sentence}
        </Text>
      ) : null}
    </Stack>
  );
}

function AuthorTable({ authors }: { authors: SignalStats['byAuthor'] }) {
  return (
    <Table.Root size="sm" variant="line" data-testid="signal-authors">
      <Table.Header>
        <Table.Row bg="bg.muted">
          <Table.ColumnHeader>Analyst</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Closed</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Win rate</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Pips</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end" display={{ base: 'none', sm: 'table-cell' }}>
            Per signal
          </Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {authors.map((row) => (
          <Table.Row key={row.author._id}>
            <Table.Cell maxW="40" truncate>
              {row.author.name}
            </Table.Cell>
            <Table.Cell textAlign="end" fontFamily="mono">
              {row.closed}
            </Table.Cell>
            <Table.Cell textAlign="end" fontFamily="mono">
              {formatWinRate(row.closed > 0 ? row.wins / row.closed : null)}
            </Table.Cell>
            <Table.Cell textAlign="end">
              <PipsText pips={row.pips} />
            </Table.Cell>
            <Table.Cell textAlign="end" display={{ base: 'none', sm: 'table-cell' }}>
              <PipsText pips={row.expectancy} />
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
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
        <SimpleGrid columns={{ base: 1, md: 3 }} gap={{ base: '5', md: '6' }}>
          <Box gridColumn={{ md: 'span 2' }}>
            <WinRate stats={stats} />
          </Box>
          <Stack gap="4">
            <Stat label="Total pips" value={<PipsText pips={nothingClosed ? null : stats.pips} />} testId="stat-pips" />
            <HStack gap="5" wrap="wrap" fontSize="sm" color="fg.muted" data-testid="stat-counts">
              <Text>
                <Text as="span" color="green.300" fontWeight="semibold" data-testid="stat-wins">{stats.wins}</Text> wins
              </Text>
              <Text>
                <Text as="span" color="red.300" fontWeight="semibold" data-testid="stat-losses">{stats.losses}</Text> losses
              </Text>
              <Text>
                <Text as="span" fontWeight="semibold" data-testid="stat-breakeven">{stats.breakeven}</Text> break-even
              </Text>
              <Text>
                <Text as="span" fontWeight="semibold" data-testid="stat-cancelled">{stats.cancelled}</Text> cancelled
              </Text>
            </HStack>
          </Stack>
        </SimpleGrid>
        {nothingClosed ? null : (
          <SimpleGrid columns={{ base: 2, md: 3, lg: 6 }} gap={{ base: '4', md: '6' }} pt="4" borderTopWidth="1px" borderColor="border" data-testid="stat-further">
            <Stat label="Per signal" tip={TIPS.expectancy} value={<PipsText pips={stats.expectancy} />} testId="stat-expectancy" />
            <Stat label="Average R" tip={TIPS.averageR} value={formatR(stats.averageR)} testId="stat-average-r" />
            <Stat label="Profit factor" tip={TIPS.profitFactor} value={formatFactor(stats.profitFactor)} testId="stat-profit-factor" />
            <Stat label="Max drawdown" tip={TIPS.maxDrawdown} value={<PipsText pips={stats.maxDrawdown === 0 ? 0 : -stats.maxDrawdown} />} testId="stat-max-drawdown" />
            <Stat label="Losing streak" tip={TIPS.losingStreak} value={stats.longestLosingStreak} testId="stat-losing-streak" />
            <Stat label="Average hold" tip={TIPS.averageHold} value={formatHold(stats.averageHoldMinutes)} testId="stat-average-hold" />
          </SimpleGrid>
        )}
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
                Running total of pips, first close to last
              </Text>
            </HStack>
            <EquityCurve curve={stats.curve} />
          </Panel>
          <Panel gridColumn={{ lg: 'span 2' }}>
            <Heading as="h2" size="md">
              By month
            </Heading>
            <MonthTable months={stats.byMonth} />
            {stats.byAuthor.length > 1 ? (
              <>
                <Heading as="h2" size="md" pt="2">
                  By analyst
                </Heading>
                <AuthorTable authors={stats.byAuthor} />
              </>
            ) : null}
          </Panel>
        </SimpleGrid>
      )}
    </Stack>
  );
}
