import { Text } from '@chakra-ui/react';
import type { HistoryEntry } from '@le/contracts';
import { useState } from 'react';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
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
    <ConfirmDialog
      open={entry !== null}
      title="Delete this history entry?"
      error={error}
      busy={busy}
      onDismiss={() => {
        setError(null);
        onClose();
      }}
      onConfirm={() => void confirm()}
      confirmLabel="Delete"
      loadingText="Deleting…"
    >
      <Text color="fg.muted">
        &ldquo;{entry?.title}&rdquo; and its image will be removed from the public History page. This cannot be undone.
      </Text>
    </ConfirmDialog>
  );
}
