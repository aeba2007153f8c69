import { Button, HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import type { Signal } from '@le/contracts';
import { useState, type FormEvent } from 'react';

import { FormAlert } from '@/components/ui/form-alert';
import { toaster } from '@/components/ui/toaster';
import { errorMessage } from '@/lib/api-client';
import { useOpenSignal } from '@/features/signals/api/admin';
import { formatPrice } from '@/features/signals/utils/format';
import { readDraft, type LevelsDraft } from '@/features/signals/utils/levels-draft';
import { AnalysisField } from './analysis-field';
import { LevelsPreview } from './levels-preview';
import { PriceField } from './price-field';
import { SideToggle } from './side-toggle';
import { TakeProfitFields } from './take-profit-fields';

const EMPTY: LevelsDraft = { side: 'buy', entry: '', stopLoss: '', takeProfits: [''] };

/**
 * Opens a signal (admin): side, entry, stop-loss, one to three targets and an optional analysis.
 * The levels are judged as they are typed by the contract's rules, so the server's 400 is rare.
 */
export function OpenSignalForm({
  idPrefix = 'open-signal',
  onOpened,
  onCancel,
}: {
  idPrefix?: string;
  onOpened?: (signal: Signal) => void;
  /** In a dialog: a Cancel button beside the submit. */
  onCancel?: () => void;
}) {
  const open = useOpenSignal();
  const [draft, setDraft] = useState<LevelsDraft>(EMPTY);
  const [analysis, setAnalysis] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reading = readDraft(draft);
  const busy = open.isPending;

  const change = (patch: Partial<LevelsDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setError(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reading.state !== 'valid' || busy) return;
    setError(null);
    const text = analysis.trim();
    try {
      const { signal } = await open.mutateAsync({ ...reading.levels, ...(text ? { analysis: text } : {}) });
      setDraft(EMPTY);
      setAnalysis('');
      toaster.create({
        type: 'success',
        title: 'Signal opened',
        description: `${reading.levels.side.toUpperCase()} XAU/USD at ${formatPrice(reading.levels.entry)}`,
        closable: true,
      });
      onOpened?.(signal);
    } catch (failure) {
      setError(errorMessage(failure, 'The signal could not be opened. Please try again.'));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Open signal">
      <Stack gap="4">
        <SideToggle value={draft.side} onChange={(side) => change({ side })} disabled={busy} />
        <SimpleGrid columns={2} gap="3">
          <PriceField id={`${idPrefix}-entry`} label="Entry" value={draft.entry} onChange={(entry) => change({ entry })} disabled={busy} />
          <PriceField id={`${idPrefix}-stop`} label="Stop-loss" value={draft.stopLoss} onChange={(stopLoss) => change({ stopLoss })} disabled={busy} />
        </SimpleGrid>
        <TakeProfitFields idPrefix={idPrefix} values={draft.takeProfits} onChange={(takeProfits) => change({ takeProfits })} disabled={busy} />
        <LevelsPreview reading={reading} />
        <AnalysisField id={`${idPrefix}-analysis`} value={analysis} onChange={setAnalysis} disabled={busy} />
        {error ? <FormAlert status="error" title={error} /> : null}
        <HStack gap="3" justify={onCancel ? 'flex-end' : 'flex-start'}>
          {onCancel ? (
            <Button variant="outline" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
          ) : null}
          <Button
            type="submit"
            colorPalette={draft.side === 'buy' ? 'green' : 'red'}
            disabled={reading.state !== 'valid'}
            loading={busy}
            loadingText="Opening…"
            flex={{ base: onCancel ? undefined : '1', sm: 'initial' }}
          >
            Open {draft.side === 'buy' ? 'buy' : 'sell'} signal
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
