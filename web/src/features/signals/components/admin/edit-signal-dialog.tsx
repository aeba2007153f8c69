import { HStack, Text } from '@chakra-ui/react';
import type { SignalPatchBody } from '@le/contracts';
import { useState, type FormEvent } from 'react';

import { DialogForm } from '@/components/ui/dialog-form';
import { DialogShell } from '@/components/ui/dialog-shell';
import { toaster } from '@/components/ui/toaster';
import { errorMessage } from '@/lib/api-client';
import { useUpdateSignal } from '@/features/signals/api/admin';
import { SignalSideBadge as SideBadge } from '@/features/signals/components/signal-side-badge';
import { formatPrice } from '@/features/signals/utils/format';
import { priceText, readDraft, type SignalWithLevels } from '@/features/signals/utils/levels-draft';
import { AnalysisField } from './analysis-field';
import { LevelsPreview } from './levels-preview';
import { PriceField } from './price-field';
import { TakeProfitFields } from './take-profit-fields';

/** Only what changed goes to the server (the timeline then shows exactly that). */
const patchOf = (signal: SignalWithLevels, stopLoss: number, takeProfits: number[], analysis: string): SignalPatchBody => {
  const patch: SignalPatchBody = {};
  if (stopLoss !== signal.stopLoss) patch.stopLoss = stopLoss;
  if (takeProfits.length !== signal.takeProfits.length || takeProfits.some((target, i) => target !== signal.takeProfits[i])) {
    patch.takeProfits = takeProfits;
  }
  const text = analysis.trim() || null;
  if (text !== (signal.analysis ?? null)) patch.analysis = text;
  return patch;
};

function EditForm({ signal, onClose }: { signal: SignalWithLevels; onClose: () => void }) {
  const update = useUpdateSignal();
  const [stopLoss, setStopLoss] = useState(priceText(signal.stopLoss));
  const [takeProfits, setTakeProfits] = useState(signal.takeProfits.map(priceText));
  const [analysis, setAnalysis] = useState(signal.analysis ?? '');
  const [error, setError] = useState<string | null>(null);
  const reading = readDraft({ side: signal.side, entry: priceText(signal.entry), stopLoss, takeProfits }, { moving: true });
  const patch = reading.state === 'valid' ? patchOf(signal, reading.levels.stopLoss, reading.levels.takeProfits, analysis) : {};
  const changed = Object.keys(patch).length > 0;
  const busy = update.isPending;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!changed || busy) return;
    setError(null);
    try {
      await update.mutateAsync({ id: signal._id, ...patch });
      toaster.create({ type: 'success', title: 'Signal updated', description: `${signal.side.toUpperCase()} XAU/USD at ${formatPrice(signal.entry)}`, closable: true });
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, 'The signal could not be updated. Please try again.'));
    }
  };

  return (
    <DialogForm
      onSubmit={(event) => void submit(event)}
      label="Edit signal"
      error={error}
      busy={busy}
      onCancel={onClose}
      submitLabel="Save changes"
      loadingText="Saving…"
      submitDisabled={reading.state !== 'valid' || !changed}
    >
      <HStack gap="2">
        <SideBadge side={signal.side} />
        <Text fontWeight="semibold">XAU/USD</Text>
        <Text color="fg.muted" fontSize="sm">
          entry <Text as="span" fontFamily="mono">{formatPrice(signal.entry)}</Text>
        </Text>
      </HStack>
      <PriceField id={`edit-${signal._id}-stop`} label="Stop-loss" value={stopLoss} onChange={(value) => {
          setStopLoss(value);
          setError(null);
        }} disabled={busy} />
      <TakeProfitFields idPrefix={`edit-${signal._id}`} values={takeProfits} onChange={(values) => {
          setTakeProfits(values);
          setError(null);
        }} disabled={busy} />
      <LevelsPreview reading={reading} />
      <AnalysisField id={`edit-${signal._id}-analysis`} value={analysis} onChange={setAnalysis} disabled={busy} />
      <Text fontSize="xs" color="fg.subtle">
        Every change is kept on the signal&rsquo;s public timeline.
      </Text>
    </DialogForm>
  );
}

/** Move the stop, change the targets, edit the analysis of an open signal; side and entry stay. */
export function EditSignalDialog({ signal, open, onClose }: { signal: SignalWithLevels; open: boolean; onClose: () => void }) {
  return (
    <DialogShell
      open={open}
      onClose={onClose}
      title="Edit signal"
      description="Move the stop, change the targets or edit the analysis."
      size="lg"
      scrollInside
    >
      {/* Mounted while open: each opening starts from the signal as it is then. */}
      {open ? <EditForm signal={signal} onClose={onClose} /> : null}
    </DialogShell>
  );
}
