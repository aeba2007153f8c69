import { Badge, Box, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { isValidPrice, outcomeOf, pipsBetween, type SignalOutcome } from '@le/contracts';
import { useState, type FormEvent } from 'react';

import { DialogForm } from '@/components/ui/dialog-form';
import { DialogShell } from '@/components/ui/dialog-shell';
import { toaster } from '@/components/ui/toaster';
import { errorMessage } from '@/lib/api-client';
import { useCloseSignal } from '@/features/signals/api/admin';
import { SignalSideBadge as SideBadge } from '@/features/signals/components/signal-side-badge';
import { formatPrice } from '@/features/signals/utils/format';
import { formatPips, parsePrice, type SignalWithLevels } from '@/features/signals/utils/levels-draft';
import { PriceField } from './price-field';

type CloseOutcome = Exclude<SignalOutcome, 'cancelled'>;

export const OUTCOME_LABELS: Record<CloseOutcome, { label: string; meaning: string; palette: 'green' | 'red' | 'gray' }> = {
  tp: { label: 'TP', meaning: 'TP1 reached', palette: 'green' },
  sl: { label: 'SL', meaning: 'Stop-loss hit', palette: 'red' },
  manual: { label: 'Manual', meaning: 'Between stop and TP1', palette: 'gray' },
};

/** What a close at this exit would record: pips and outcome, by the contract's rules; null until the price is one. */
export const closePreview = (signal: SignalWithLevels, exitText: string): { exitPrice: number; pips: number; outcome: CloseOutcome } | null => {
  const exitPrice = parsePrice(exitText);
  if (exitPrice === null || !isValidPrice(exitPrice)) return null;
  return { exitPrice, pips: pipsBetween(signal.side, signal.entry, exitPrice), outcome: outcomeOf(signal, exitPrice) };
};

function CloseForm({ signal, onClose }: { signal: SignalWithLevels; onClose: () => void }) {
  const close = useCloseSignal();
  const [exit, setExit] = useState('');
  const [error, setError] = useState<string | null>(null);
  const preview = closePreview(signal, exit);
  const busy = close.isPending;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!preview || busy) return;
    setError(null);
    try {
      const { signal: closed } = await close.mutateAsync({ id: signal._id, exitPrice: preview.exitPrice });
      const pips = closed.pips ?? preview.pips;
      const outcome = (closed.outcome ?? preview.outcome) as CloseOutcome;
      toaster.create({ type: 'success', title: 'Signal closed', description: `${formatPips(pips, { signed: true })} · ${OUTCOME_LABELS[outcome]?.label ?? outcome}`, closable: true });
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, 'The signal could not be closed. Please try again.'));
    }
  };

  return (
    <DialogForm
      onSubmit={(event) => void submit(event)}
      label="Close signal"
      error={error}
      busy={busy}
      onCancel={onClose}
      cancelLabel="Keep open"
      submitLabel="Close signal"
      loadingText="Closing…"
      submitDisabled={!preview}
    >
      <HStack gap="2" columnGap="3" wrap="wrap" fontSize="sm" color="fg.muted">
        <SideBadge side={signal.side} />
        <Text whiteSpace="nowrap">
          Entry <Text as="span" fontFamily="mono" color="fg">{formatPrice(signal.entry)}</Text>
        </Text>
        <Text whiteSpace="nowrap">
          SL <Text as="span" fontFamily="mono" color="red.300">{formatPrice(signal.stopLoss)}</Text>
        </Text>
        <Text whiteSpace="nowrap">
          TP1 <Text as="span" fontFamily="mono" color="green.300">{formatPrice(signal.takeProfits[0] ?? null)}</Text>
        </Text>
      </HStack>
      <PriceField
        id={`close-${signal._id}-exit`}
        label="Exit price"
        value={exit}
        onChange={(value) => {
          setExit(value);
          setError(null);
        }}
        disabled={busy}
      />
      <Box borderWidth="1px" borderColor="border" borderRadius="lg" bg="bg.muted" px="3" py="2.5" aria-live="polite" data-testid="close-preview">
        {preview ? (
          <SimpleGrid columns={2} gap="3">
            <Stack gap="0.5">
              <Text fontSize="2xs" textTransform="uppercase" letterSpacing="wider" color="fg.subtle">
                Result
              </Text>
              <Text
                fontFamily="mono"
                fontWeight="semibold"
                color={preview.pips > 0 ? 'green.300' : preview.pips < 0 ? 'red.300' : 'fg'}
                data-testid="close-pips"
              >
                {formatPips(preview.pips, { signed: true })}
              </Text>
            </Stack>
            <Stack gap="0.5" align="flex-start">
              <Text fontSize="2xs" textTransform="uppercase" letterSpacing="wider" color="fg.subtle">
                Outcome
              </Text>
              <HStack gap="2" wrap="wrap">
                <Badge variant="solid" colorPalette={OUTCOME_LABELS[preview.outcome].palette} data-testid="close-outcome" data-outcome={preview.outcome}>
                  {OUTCOME_LABELS[preview.outcome].label}
                </Badge>
                <Text fontSize="xs" color="fg.muted">
                  {OUTCOME_LABELS[preview.outcome].meaning}
                </Text>
              </HStack>
            </Stack>
          </SimpleGrid>
        ) : (
          <Text fontSize="sm" color={exit.trim() ? 'red.300' : 'fg.muted'} data-testid="close-hint">
            {exit.trim()
              ? 'The exit must be a price above 0 and below 1,000,000 with at most 2 decimals.'
              : 'Type the exit price to see the pips and the outcome.'}
          </Text>
        )}
      </Box>
      <Text fontSize="xs" color="fg.subtle">
        A closed signal is final: it goes on the public record and never changes again.
      </Text>
    </DialogForm>
  );
}

/** Close an open signal at a price, previewing its pips and outcome (TP, SL or Manual) as it is typed. */
export function CloseSignalDialog({ signal, open, onClose }: { signal: SignalWithLevels; open: boolean; onClose: () => void }) {
  return (
    <DialogShell open={open} onClose={onClose} title="Close this signal?" alert>
      {open ? <CloseForm signal={signal} onClose={onClose} /> : null}
    </DialogShell>
  );
}
