import { FormAlert } from '@/components/ui/form-alert';
import { ProgressBar } from '@/components/ui/progress-bar';
import type { HistoryForm } from '@/features/history/hooks/use-history-form';
import { HistoryTextFields } from './history-text-fields';
import { ImagePicker } from './image-picker';

/** The server's refusal, the image, the title and description, and the upload's bar (only while an image goes up). */
export function HistoryFormFields({ form, currentImage }: { form: HistoryForm; currentImage?: string }) {
  return (
    <>
      {form.serverError ? <FormAlert status="error" title={form.serverError} /> : null}
      <ImagePicker file={form.image} onChange={form.onImage} currentImage={currentImage} error={form.errors.image} disabled={form.busy} />
      <HistoryTextFields
        title={form.title}
        description={form.description}
        onTitle={form.onTitle}
        onDescription={form.onDescription}
        errors={form.errors}
        disabled={form.busy}
      />
      {form.progress !== null && form.image ? <ProgressBar value={form.progress} label="Uploading" showStage /> : null}
    </>
  );
}
