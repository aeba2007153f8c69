import { Button, Dialog, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

import { DialogShell } from './dialog-shell';
import { FormAlert } from './form-alert';

/**
 * Asks before an action: what it will do, the server's refusal if it came, a way back and the action itself.
 * While the action is pending nothing dismisses it (the way back is disabled, Esc and the backdrop do nothing).
 */
export function ConfirmDialog({
  open,
  title,
  children,
  error,
  busy,
  onDismiss,
  onConfirm,
  dismissLabel = 'Cancel',
  confirmLabel,
  loadingText,
  palette = 'red',
  testId,
}: {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  error?: string | null;
  busy: boolean;
  onDismiss: () => void;
  onConfirm: () => void;
  dismissLabel?: string;
  confirmLabel: string;
  loadingText: string;
  palette?: 'red' | 'green' | 'gold';
  testId?: string;
}) {
  const dismiss = () => {
    if (!busy) onDismiss();
  };
  return (
    <DialogShell open={open} onClose={dismiss} title={title} alert testId={testId}>
      <Dialog.Body>
        <Stack gap="4">
          {children}
          {error ? <FormAlert status="error" title={error} /> : null}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={dismiss} disabled={busy}>
          {dismissLabel}
        </Button>
        <Button colorPalette={palette} onClick={onConfirm} loading={busy} loadingText={loadingText}>
          {confirmLabel}
        </Button>
      </Dialog.Footer>
    </DialogShell>
  );
}
