import { Box, Button, Card, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';

import { TextLink } from '@/components/ui/button-link';
import { paths } from '@/config/paths';
import { formatDateTime, useTimeZone } from '@/lib/dates';
import { formatPrice } from '@/features/signals/utils/format';
import type { SignalWithLevels } from '@/features/signals/utils/levels-draft';
import { SignalSideBadge as SideBadge } from '@/features/signals/components/signal-side-badge';
import { analysisLockText } from './tier-lock';

/** An analysis longer than this starts folded. */
const ANALYSIS_FOLD = 280;

function Level({ label, value, tone, testId }: { label: string; value: number | null; tone?: 'stop' | 'target'; testId: string }) {
  return (
    <Stack gap="0.5" minW="0">
      <Text fontSize="2xs" textTransform="uppercase" letterSpacing="wider" color="fg.subtle">
        {label}
      </Text>
      <Text
        fontFamily="mono"
        fontWeight="semibold"
        fontSize="sm"
        color={tone === 'stop' ? 'red.300' : tone === 'target' ? 'green.300' : 'fg'}
        data-testid={testId}
      >
        {formatPrice(value)}
      </Text>
    </Stack>
  );
}

function Analysis({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const long = text.length > ANALYSIS_FOLD;
  return (
    <Stack gap="1" data-testid="signal-analysis">
      <Text fontSize="2xs" textTransform="uppercase" letterSpacing="wider" color="fg.subtle">
        Analysis
      </Text>
      <Text fontSize="sm" color="fg.muted" whiteSpace="pre-wrap" overflowWrap="anywhere" lineClamp={long && !open ? 4 : undefined}>
        {text}
      </Text>
      {long ? (
        <Button size="2xs" variant="plain" color="gold.fg" px="0" alignSelf="flex-start" onClick={() => setOpen((value) => !value)}>
          {open ? 'Show less' : 'Read more'}
        </Button>
      ) : null}
    </Stack>
  );
}

/**
 * One open signal as this viewer may see it with its levels: side, entry, stop, targets, when it
 * opened, and the analysis for those who get it. `analysisLocked` adds the line saying who does;
 * `actions` are the admin's buttons.
 */
export function OpenSignalCard({ signal, analysisLocked = false, actions }: { signal: SignalWithLevels; analysisLocked?: boolean; actions?: ReactNode }) {
  const zone = useTimeZone();
    const edited = signal.updatedAt !== signal.openedAt;
  return (
    <Card.Root
      bg="bg.subtle"
      borderColor="border"
      borderRadius="xl"
      borderLeftWidth="4px"
      borderLeftColor={signal.side === 'buy' ? 'green.500' : 'red.500'}
      data-testid="open-signal"
      data-signal-id={signal._id}
    >
      <Card.Body p="4" gap="3">
        <HStack justify="space-between" align="flex-start" gap="2">
          <HStack gap="2">
            <SideBadge side={signal.side} />
            <Text fontWeight="semibold">XAU/USD</Text>
          </HStack>
          <Stack gap="0" align="flex-end">
            <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap" data-testid="signal-opened-at">
              {formatDateTime(signal.openedAt, zone)}
            </Text>
            {edited ? (
              <Text fontSize="2xs" color="fg.subtle" whiteSpace="nowrap">
                Updated {formatDateTime(signal.updatedAt, zone)}
              </Text>
            ) : null}
          </Stack>
        </HStack>
        <SimpleGrid columns={2} gap="3">
          <Level label="Entry" value={signal.entry} testId="signal-entry" />
          <Level label="Stop-loss" value={signal.stopLoss} tone="stop" testId="signal-stop" />
        </SimpleGrid>
        <SimpleGrid columns={3} gap="3">
          {signal.takeProfits.map((target, index) => (
            <Level key={index} label={`TP${index + 1}`} value={target} tone="target" testId={`signal-tp${index + 1}`} />
          ))}
        </SimpleGrid>
        {signal.analysis ? <Analysis text={signal.analysis} /> : null}
        {analysisLocked ? (
          <Text fontSize="xs" color="fg.subtle" data-testid="analysis-locked">
            {analysisLockText}.{' '}
            <TextLink to={paths.paymentMembership.href} fontSize="xs">
              Upgrade
            </TextLink>
          </Text>
        ) : null}
        {actions ? (
          <Box pt="1" borderTopWidth="1px" borderColor="border.muted">
            {actions}
          </Box>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
