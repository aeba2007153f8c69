import { Box, Button, Dialog, Stack } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';

import { FormAlert } from './form-alert';

/**
 * A form as a dialog's body and footer: the fields, the server's refusal under them, a way back and the submit button.
 * Goes inside a DialogShell; mount it while the dialog is open so each opening starts from fresh state.
 */
export function DialogForm({
  onSubmit,
  label,
  gap = '4',
  error,
  busy,
  onCancel,
  cancelLabel = 'Cancel',
  submitLabel,
  loadingText,
  submitDisabled = false,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The form's accessible name, where the dialog's title does not already say it. */
  label?: string;
  gap?: string;
  error?: string | null;
  busy: boolean;
  onCancel: () => void;
  cancelLabel?: string;
  submitLabel: string;
  loadingText: string;
  submitDisabled?: boolean;
  children: ReactNode;
}) {
  return (
    // display: contents keeps Body and Footer the dialog's own flex children, so the body scrolls inside.
    <Box asChild display="contents">
      <form onSubmit={onSubmit} noValidate aria-label={label}>
        <Dialog.Body>
          <Stack gap={gap}>
            {children}
            {error ? <FormAlert status="error" title={error} /> : null}
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button type="submit" colorPalette="gold" disabled={submitDisabled} loading={busy} loadingText={loadingText}>
            {submitLabel}
          </Button>
        </Dialog.Footer>
      </form>
    </Box>
  );
}
