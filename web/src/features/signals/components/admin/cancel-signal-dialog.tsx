import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';

import { FormAlert } from '@/components/ui/form-alert';
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
    if (busy) return;
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
    <Dialog.Root open={open} onOpenChange={(details) => (!details.open ? dismiss() : undefined)} placement="center" role="alertdialog">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content bg="bg.panel">
            <Dialog.Header>
              <Dialog.Title>Cancel this signal?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text color="fg.muted">
                  {signal.side.toUpperCase()} XAU/USD at {formatPrice(signal.entry)} leaves the open signals and stays on the record as cancelled, without pips.
                </Text>
                {error ? <FormAlert status="error" title={error} /> : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={dismiss} disabled={busy}>
                Keep it
              </Button>
              <Button colorPalette="red" onClick={() => void confirm()} loading={busy} loadingText="Cancelling…">
                Cancel signal
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
