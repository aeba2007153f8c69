import { Text } from '@chakra-ui/react';
import { useState } from 'react';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toaster } from '@/components/ui/toaster';
import { errorMessage } from '@/lib/api-client';
import { useCancelSignal } from '@/features/signals/api/admin';
import { formatPrice } from '@/features/signals/utils/format';
import type { SignalWithLevels } from '@/features/signals/utils/levels-draft';

/** Asks before a fresh signal is cancelled (the server refuses after 5 minutes: then it must be closed at a price). */
export function CancelSignalDialog({ signal, open, onClose }: { signal: SignalWithLevels; open: boolean; onClose: () => void }) {
  const cancel = useCancelSignal();
  const [error, setError] = useState<string | null>(null);
  const busy = cancel.isPending;

  const dismiss = () => {
    setError(null);
    onClose();
  };

  const confirm = async () => {
    setError(null);
    try {
      await cancel.mutateAsync({ id: signal._id });
      toaster.create({ type: 'info', title: 'Signal cancelled', description: `${signal.side.toUpperCase()} XAU/USD at ${formatPrice(signal.entry)}`, closable: true });
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, 'The signal could not be cancelled. Please try again.'));
    }
  };

  return (
    <ConfirmDialog
      open={open}
      title="Cancel this signal?"
      error={error}
      busy={busy}
      onDismiss={dismiss}
      onConfirm={() => void confirm()}
      dismissLabel="Keep it"
      confirmLabel="Cancel signal"
      loadingText="Cancelling…"
    >
      <Text color="fg.muted">
        {signal.side.toUpperCase()} XAU/USD at {formatPrice(signal.entry)} leaves the open signals and stays on the record as cancelled, without pips.
      </Text>
    </ConfirmDialog>
  );
}
