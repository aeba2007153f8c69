import { Center, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import type { Signal } from '@le/contracts';

import { TextLink } from '@/components/ui/button-link';
import { paths } from '@/config/paths';
import { formatTime, useTimeZone } from '@/lib/dates';
import { HOME_FEED_LIMIT } from '@/features/signals/api/keys';
import { useLatestSignals } from '@/features/signals/api/signals';
import { formatPips, formatPrice, isLocked, sideLabel } from '@/features/signals/utils/format';

const rowColors = (signal: Signal) => {
  if (isLocked(signal)) return { bg: 'whiteAlpha.50', color: 'fg.muted' };
  return signal.side === 'buy' ? { bg: 'green.500/12', color: 'green.300' } : { bg: 'red.500/12', color: 'red.300' };
};

/** What the right side says: pips once closed, "Cancelled", "Open", or "Locked" for a redacted open signal. */
const resultOf = (signal: Signal): { text: string; color?: string } => {
  if (signal.status === 'cancelled') return { text: 'Cancelled', color: 'fg.subtle' };
  if (signal.status === 'closed') return { text: `${formatPips(signal.pips)} pips`, color: signal.pips !== null && signal.pips < 0 ? 'red.300' : signal.pips ? 'green.300' : 'fg.muted' };
  return isLocked(signal) ? { text: 'Members only' } : { text: 'Open', color: 'gold.fg' };
};

function FeedRow({ signal }: { signal: Signal }) {
  const zone = useTimeZone();
  const colors = rowColors(signal);
  const result = resultOf(signal);
  return (
    <HStack
      justify="space-between"
      gap="3"
      px="3"
      py="2"
      borderRadius="md"
      fontSize="sm"
      fontFamily="mono"
      bg={colors.bg}
      color={colors.color}
      data-testid="feed-row"
      data-side={signal.side ?? 'locked'}
      data-status={signal.status}
    >
      <HStack gap="3" minW="0">
        <Text fontWeight="bold" minW="4.5ch">
          {signal.side ? sideLabel(signal.side) : 'LOCKED'}
        </Text>
        <Text>{formatPrice(signal.entry)}</Text>
      </HStack>
      <HStack gap="3" flexShrink={0}>
        <Text fontWeight="semibold" color={result.color}>
          {result.text}
        </Text>
        <Text color="fg.subtle" display={{ base: 'none', sm: 'block', md: 'none', xl: 'block' }}>
          {formatTime(signal.openedAt, zone)}
        </Text>
      </HStack>
    </HStack>
  );
}

/**
 * The home page's buy/sell feed (spec §1, contract §8): the latest real signals, buy green, sell red;
 * an open one this visitor may not see shows as a locked row, a closed one its pips.
 */
export function LatestSignalsFeed({ limit = HOME_FEED_LIMIT }: { limit?: number }) {
  const query = useLatestSignals(limit);

  let body;
  if (query.isPending) {
    body = (
      <Center py="4" role="status" aria-label="Loading the latest signals">
        <Spinner size="sm" color="gold.solid" />
      </Center>
    );
  } else if (!query.data) {
    body = (
      <Text fontSize="sm" color="fg.muted" py="2">
        The latest signals could not be loaded.
      </Text>
    );
  } else if (query.data.length === 0) {
    body = (
      <Stack gap="0.5" px="3" py="3" borderWidth="1px" borderStyle="dashed" borderColor="border" borderRadius="md" data-testid="feed-empty">
        <Text fontSize="sm" fontWeight="semibold">
          No signals yet
        </Text>
        <Text fontSize="sm" color="fg.muted">
          The first call shows here the moment it is made.
        </Text>
      </Stack>
    );
  } else {
    body = query.data.map((signal) => <FeedRow key={signal._id} signal={signal} />);
  }

  return (
    <Stack gap="2" mt="2" aria-label="Latest buy and sell signals" data-testid="signal-feed">
      {body}
      <TextLink to={paths.signals.href} fontSize="sm" alignSelf="flex-start">
        See the full record →
      </TextLink>
    </Stack>
  );
}
