import { Box, Button, Dialog, Portal, Stack } from '@chakra-ui/react';
import type { HistoryEntry } from '@le/contracts';
import { useState, type FormEvent } from 'react';

import { FormAlert } from '@/components/ui/form-alert';
import { errorMessage } from '@/lib/api-client';
import { updateHistory } from '@/features/history/api/history';
import { validateHistoryForm } from '@/features/history/utils/format';
import { HistoryTextFields } from './history-text-fields';
import { ImagePicker } from './image-picker';
import { ProgressBar } from '@/components/ui/progress-bar';

function EditForm({ entry, onCancel, onSaved }: { entry: HistoryEntry; onCancel: () => void; onSaved: (entry: HistoryEntry) => void }) {
  const [title, setTitle] = useState(entry.title);
  const [description, setDescription] = useState(entry.description);
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<ReturnType<typeof validateHistoryForm>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const saving = progress !== null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateHistoryForm({ title, description, image, imageRequired: false });
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return;
    setProgress(0);
    try {
      const { entry: saved } = await updateHistory(entry._id, { title: title.trim(), description: description.trim(), image }, setProgress);
      onSaved(saved);
    } catch (error) {
      setServerError(errorMessage(error, 'The changes could not be saved. Please try again.'));
      setProgress(null);
    }
  };

  return (
    // display: contents keeps Body and Footer the dialog's own flex children, so the body scrolls inside.
    <Box asChild display="contents">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Dialog.Body>
          <Stack gap="5">
            {serverError ? <FormAlert status="error" title={serverError} /> : null}
            <ImagePicker
              file={image}
              onChange={(file) => {
                setImage(file);
                setErrors((current) => ({ ...current, image: undefined }));
              }}
              currentImage={entry.image} error={errors.image} disabled={saving} />
            <HistoryTextFields
              title={title}
              description={description}
              onTitle={(value) => {
                setTitle(value);
                setErrors((current) => ({ ...current, title: undefined }));
              }}
              onDescription={(value) => {
                setDescription(value);
                setErrors((current) => ({ ...current, description: undefined }));
              }}
              errors={errors}
              disabled={saving}
            />
            {progress !== null && image ? <ProgressBar value={progress} label="Uploading" showStage /> : null}
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="gold" loading={saving} loadingText="Saving…">
            Save changes
          </Button>
        </Dialog.Footer>
      </form>
    </Box>
  );
}

/** Edit a history entry's title, description and, optionally, its image. */
export function EditHistoryDialog({ entry, onClose, onSaved }: { entry: HistoryEntry | null; onClose: () => void; onSaved: (entry: HistoryEntry) => void }) {
  return (
    <Dialog.Root open={entry !== null} onOpenChange={(details) => (!details.open ? onClose() : undefined)} placement="center" size="lg" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content bg="bg.panel">
            <Dialog.Header>
              <Dialog.Title>Edit history entry</Dialog.Title>
            </Dialog.Header>
            {entry ? <EditForm key={entry._id} entry={entry} onCancel={onClose} onSaved={onSaved} /> : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
