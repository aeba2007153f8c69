import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import type { HistoryEntry } from '@le/contracts';
import { useState } from 'react';

import { FormAlert } from '@/components/ui/form-alert';
import { errorMessage } from '@/lib/api-client';
import { deleteHistory } from '@/features/history/api/history';

/** Asks before a history entry (and its image) is deleted for good. */
export function ConfirmDeleteDialog({ entry, onClose, onDeleted }: { entry: HistoryEntry | null; onClose: () => void; onDeleted: (id: string) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    if (!entry) return;
    setBusy(true);
    setError(null);
    try {
      await deleteHistory(entry._id);
      onDeleted(entry._id);
    } catch (failure) {
      setError(errorMessage(failure, 'The entry could not be deleted. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root
      open={entry !== null}
      onOpenChange={(details) => {
        if (!details.open && !busy) {
          setError(null);
          onClose();
        }
      }}
      role="alertdialog"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content bg="bg.panel">
            <Dialog.Header>
              <Dialog.Title>Delete this history entry?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text color="fg.muted">
                &ldquo;{entry?.title}&rdquo; and its image will be removed from the public History page. This cannot be undone.
              </Text>
              {error ? (
                <Text as="div" mt="4">
                  <FormAlert status="error" title={error} />
                </Text>
              ) : null}
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" disabled={busy}>
                  Cancel
                </Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="red" onClick={() => void confirm()} loading={busy} loadingText="Deleting…">
                Delete
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
