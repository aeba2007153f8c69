import { useState, type FormEvent } from 'react';

import { errorMessage } from '@/lib/api-client';
import { validateHistoryForm } from '@/features/history/utils/format';

export interface HistoryFormValues {
  title: string;
  description: string;
  image: File | null;
}

/**
 * A history post's form, for both the create page and the edit dialog: the fields, their checks (a field's error clears
 * as it is changed), the upload's progress and the server's refusal. `save` gets the trimmed values and reports progress.
 */
export function useHistoryForm({
  initial,
  imageRequired,
  save,
  failure,
}: {
  initial: { title: string; description: string };
  imageRequired: boolean;
  save: (values: HistoryFormValues, onProgress: (percent: number) => void) => Promise<void>;
  /** What the alert says when the server gives no reason. */
  failure: string;
}) {
  const [title, setTitle] = useState(initial.title);
  const [description, setDescription] = useState(initial.description);
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<ReturnType<typeof validateHistoryForm>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateHistoryForm({ title, description, image, imageRequired });
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return;
    setProgress(0);
    try {
      await save({ title: title.trim(), description: description.trim(), image }, setProgress);
    } catch (error) {
      setServerError(errorMessage(error, failure));
      setProgress(null);
    }
  };

  return {
    title,
    description,
    image,
    errors,
    serverError,
    progress,
    busy: progress !== null,
    onTitle: (value: string) => {
      setTitle(value);
      setErrors((current) => ({ ...current, title: undefined }));
    },
    onDescription: (value: string) => {
      setDescription(value);
      setErrors((current) => ({ ...current, description: undefined }));
    },
    onImage: (file: File | null) => {
      setImage(file);
      setErrors((current) => ({ ...current, image: undefined }));
    },
    submit,
  };
}

export type HistoryForm = ReturnType<typeof useHistoryForm>;
