import type { HistoryEntry } from '@le/contracts';

import { DialogForm } from '@/components/ui/dialog-form';
import { DialogShell } from '@/components/ui/dialog-shell';
import { updateHistory } from '@/features/history/api/history';
import { useHistoryForm } from '@/features/history/hooks/use-history-form';
import { HistoryFormFields } from './history-form-fields';

function EditForm({ entry, onCancel, onSaved }: { entry: HistoryEntry; onCancel: () => void; onSaved: (entry: HistoryEntry) => void }) {
  const form = useHistoryForm({
    initial: entry,
    imageRequired: false,
    failure: 'The changes could not be saved. Please try again.',
    save: async (values, onProgress) => {
      const { entry: saved } = await updateHistory(entry._id, values, onProgress);
      onSaved(saved);
    },
  });
  const saving = form.busy;

  return (
    <DialogForm
      onSubmit={(event) => void form.submit(event)}
      gap="5"
      busy={saving}
      onCancel={onCancel}
      submitLabel="Save changes"
      loadingText="Saving…"
    >
      <HistoryFormFields form={form} currentImage={entry.image} />
    </DialogForm>
  );
}

/** Edit a history entry's title, description and, optionally, its image. */
export function EditHistoryDialog({ entry, onClose, onSaved }: { entry: HistoryEntry | null; onClose: () => void; onSaved: (entry: HistoryEntry) => void }) {
  return (
    <DialogShell open={entry !== null} onClose={onClose} title="Edit history entry" size="lg" scrollInside>
      {entry ? <EditForm key={entry._id} entry={entry} onCancel={onClose} onSaved={onSaved} /> : null}
    </DialogShell>
  );
}
