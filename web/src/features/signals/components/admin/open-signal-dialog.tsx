import { Dialog, Portal } from '@chakra-ui/react';

import { OpenSignalForm } from './open-signal-form';

/** The "Open signal" form in a dialog (on /live, beside the chart); it closes once the signal is open. */
export function OpenSignalDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => (!details.open ? onClose() : undefined)} placement="center" size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content bg="bg.panel">
            <Dialog.Header>
              <Dialog.Title>Open signal</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">{open ? <OpenSignalForm idPrefix="open-signal-dialog" onOpened={onClose} onCancel={onClose} /> : null}</Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
