import { Box, SimpleGrid, Text } from '@chakra-ui/react';
import type { Signal } from '@le/contracts';
import type { ReactNode } from 'react';

import { formatDateTime, useTimeZone } from '@/lib/dates';
import { formatPrice, formatTargets, outcomeLabel } from '@/features/signals/utils/format';
import { PipsText } from './pips-text';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box minW="0">
      <Text fontSize="xs" color="fg.subtle" textTransform="uppercase" letterSpacing="wider">
        {label}
      </Text>
      <Box fontFamily="mono" fontSize="sm" wordBreak="break-word">
        {children}
      </Box>
    </Box>
  );
}

/** A signal's levels and result as this viewer may see them ("—" where hidden or not yet known). */
export function SignalSummary({ signal }: { signal: Signal }) {
  const zone = useTimeZone();
  const finished = signal.status !== 'open';
  return (
    <SimpleGrid columns={{ base: 2, sm: 3 }} gap="3" data-testid="signal-summary">
      <Field label="Entry">{formatPrice(signal.entry)}</Field>
      <Field label="Stop-loss">{formatPrice(signal.stopLoss)}</Field>
      <Field label="Take-profit">{formatTargets(signal.takeProfits)}</Field>
      <Field label="Opened">{formatDateTime(signal.openedAt, zone)}</Field>
      {finished ? <Field label={signal.status === 'cancelled' ? 'Cancelled' : 'Closed'}>{signal.closedAt ? formatDateTime(signal.closedAt, zone) : '—'}</Field> : null}
      {signal.status === 'closed' ? <Field label="Exit">{formatPrice(signal.exitPrice)}</Field> : null}
      {signal.status === 'closed' ? <Field label="Outcome">{outcomeLabel(signal.outcome)}</Field> : null}
      {signal.status === 'closed' ? (
        <Field label="Pips">
          <PipsText pips={signal.pips} />
        </Field>
      ) : null}
      <Field label="By">{signal.author.name}</Field>
    </SimpleGrid>
  );
}
