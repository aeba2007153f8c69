import { Box, Card, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { Signal } from '@le/contracts';

import { ButtonLink } from '@/components/ui/button-link';
import { paths } from '@/config/paths';
import { formatDateTime, useTimeZone } from '@/lib/dates';
import { LockIcon } from './lock-icon';
import { analysisLockText, levelsLockText } from './tier-lock';

function HiddenLevel({ label }: { label: string }) {
  return (
    <Stack gap="0.5">
      <Text fontSize="2xs" textTransform="uppercase" letterSpacing="wider" color="fg.subtle">
        {label}
      </Text>
      {/* A bar where the price would be: nothing of the level reaches this viewer. */}
      <Box h="3.5" w="16" mt="1" borderRadius="sm" bg="bg.emphasized" aria-hidden />
    </Stack>
  );
}

/**
 * An open signal whose levels this viewer may not see (they come as null): that it exists and when
 * it opened, which tier shows the levels and the analysis, and the way to that tier.
 */
export function LockedSignalCard({ signal }: { signal: Signal }) {
  const zone = useTimeZone();
  return (
    <Card.Root bg="bg.subtle" borderColor="border" borderRadius="xl" data-testid="locked-signal" data-signal-id={signal._id}>
      <Card.Body p="4" gap="3">
        <HStack justify="space-between" gap="2">
          <HStack gap="2">
            <HStack gap="1" px="2" py="0.5" borderRadius="md" bg="bg.emphasized" color="fg.muted" fontSize="xs" fontWeight="bold" letterSpacing="wider">
              <LockIcon boxSize="3" />
              <Text as="span">LOCKED</Text>
            </HStack>
            <Text fontWeight="semibold">XAU/USD</Text>
          </HStack>
          <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
            {formatDateTime(signal.openedAt, zone)}
          </Text>
        </HStack>
        <SimpleGrid columns={3} gap="3">
          <HiddenLevel label="Entry" />
          <HiddenLevel label="Stop-loss" />
          <HiddenLevel label="Targets" />
        </SimpleGrid>
        <Stack gap="1">
          <Text fontSize="sm" fontWeight="semibold" color="gold.fg" data-testid="levels-locked">
            {levelsLockText}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {analysisLockText}.
          </Text>
        </Stack>
        <ButtonLink to={paths.paymentMembership.href} size="sm" colorPalette="gold" alignSelf="flex-start">
          See memberships
        </ButtonLink>
      </Card.Body>
    </Card.Root>
  );
}
