import { Dialog } from '@chakra-ui/react';

import { DialogShell } from '@/components/ui/dialog-shell';

import { OpenSignalForm } from './open-signal-form';

/** The "Open signal" form in a dialog (on /live, beside the chart); it closes once the signal is open. */
export function OpenSignalDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <DialogShell open={open} onClose={onClose} title="Open signal" size="lg" scrollInside>
      <Dialog.Body pb="6">{open ? <OpenSignalForm idPrefix="open-signal-dialog" onOpened={onClose} onCancel={onClose} /> : null}</Dialog.Body>
    </DialogShell>
  );
}
