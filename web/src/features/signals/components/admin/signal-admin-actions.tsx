import { Button, HStack } from '@chakra-ui/react';
import { useState } from 'react';

import { formatCountdown, useCancelWindow } from '@/features/signals/hooks/use-cancel-window';
import type { SignalWithLevels } from '@/features/signals/utils/levels-draft';
import { CancelSignalDialog } from './cancel-signal-dialog';
import { CloseSignalDialog } from './close-signal-dialog';
import { EditSignalDialog } from './edit-signal-dialog';

/** The admin's actions on one open signal: edit, close at a price, and cancel while it is under 5 minutes old. */
export function SignalAdminActions({ signal }: { signal: SignalWithLevels }) {
  const [dialog, setDialog] = useState<'edit' | 'close' | 'cancel' | null>(null);
  const cancelWindow = useCancelWindow(signal.openedAt);
  const dismiss = () => setDialog(null);

  return (
    <>
      <HStack gap="2" wrap="wrap">
        <Button size="xs" variant="outline" onClick={() => setDialog('edit')} aria-label="Edit: move stop, change targets, edit analysis">
          Edit
        </Button>
        <Button size="xs" colorPalette="gold" onClick={() => setDialog('close')}>
          Close
        </Button>
        {cancelWindow.open ? (
          <Button size="xs" variant="outline" colorPalette="red" onClick={() => setDialog('cancel')} data-testid="cancel-signal">
            Cancel · {formatCountdown(cancelWindow.secondsLeft)}
          </Button>
        ) : null}
      </HStack>
      <EditSignalDialog signal={signal} open={dialog === 'edit'} onClose={dismiss} />
      <CloseSignalDialog signal={signal} open={dialog === 'close'} onClose={dismiss} />
      <CancelSignalDialog signal={signal} open={dialog === 'cancel'} onClose={dismiss} />
    </>
  );
}
