import { LIMITS } from '@le/contracts';

import { formatDateTime } from '@/lib/dates';

/** Spec §9: history times as DD/MM/YYYY HH:mm (24-hour, the reader's local time). */
export const formatHistoryTime = formatDateTime;

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The same checks the API makes, so most mistakes are caught before the upload starts. */
export const validateHistoryForm = (input: { title: string; description: string; image: File | null; imageRequired: boolean }) => {
  const errors: { title?: string; description?: string; image?: string } = {};
  const title = input.title.trim();
  const description = input.description.trim();
  if (!title) errors.title = 'Title is required.';
  else if ([...title].length > LIMITS.historyTitleMax) errors.title = `Title must be at most ${LIMITS.historyTitleMax} characters.`;
  if (!description) errors.description = 'Description is required.';
  else if ([...description].length > LIMITS.historyDescriptionMax) {
    errors.description = `Description must be at most ${LIMITS.historyDescriptionMax} characters.`;
  }
  if (input.image) {
    if (!(IMAGE_TYPES as readonly string[]).includes(input.image.type)) errors.image = 'Choose a JPEG, PNG or WebP image.';
    else if (input.image.size > LIMITS.uploadMaxBytes) errors.image = 'The image is too large. The maximum size is 5 MB.';
  } else if (input.imageRequired) errors.image = 'Choose an image.';
  return errors;
};
