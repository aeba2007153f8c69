import { Button, Dialog, Field, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import type { AdminPaymentRecord } from '@le/contracts';
import { useState } from 'react';

import { FormAlert } from '@/components/ui/form-alert';
import { ApiError, errorMessage } from '@/lib/api-client';
import { rejectPayment } from '@/features/admin/api/payments';
import { formatRupiah } from '@/features/admin/utils/format';

const REASON_MAX = 500;

/** Rejects a payment with an optional reason for the record. */
export function RejectPaymentDialog({
  payment,
  onClose,
  onRejected,
  onConflict,
}: {
  payment: AdminPaymentRecord | null;
  onClose: () => void;
  onRejected: (payment: AdminPaymentRecord) => void;
  onConflict: () => void;
}) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (busy) return;
    setReason('');
    setError(null);
    onClose();
  };

  const confirm = async () => {
    if (!payment) return;
    setBusy(true);
    setError(null);
    try {
      const { payment: rejected } = await rejectPayment(payment._id, reason.trim() || undefined);
      setReason('');
      onRejected(rejected);
    } catch (failure) {
      setError(errorMessage(failure, 'The payment could not be rejected. Please try again.'));
      if (failure instanceof ApiError && failure.status === 409) onConflict();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open={payment !== null} onOpenChange={(details) => !details.open && close()} placement="center" role="alertdialog">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content bg="bg.panel">
            <Dialog.Header>
              <Dialog.Title>Reject this payment?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text color="fg.muted">
                  {payment ? `${payment.username} — ${payment.membershipTier.toUpperCase()} ${payment.duration}, ${formatRupiah(payment.amount)}. ` : ''}
                  The member sees &ldquo;Payment Rejected&rdquo; and may send a new proof.
                </Text>
                <Field.Root id="reject-reason">
                  <Field.Label>Reason (optional)</Field.Label>
                  <Textarea
                    value={reason}
                    onChange={(event) => setReason(event.target.value)}
                    maxLength={REASON_MAX}
                    rows={3}
                    placeholder="e.g. The transfer has not arrived"
                    bg="bg.muted"
                    borderColor="border"
                  />
                  <Field.HelperText>
                    {reason.length}/{REASON_MAX}
                  </Field.HelperText>
                </Field.Root>
                {error ? <FormAlert status="error" title={error} /> : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={close} disabled={busy}>
                Cancel
              </Button>
              <Button colorPalette="red" onClick={() => void confirm()} loading={busy} loadingText="Rejecting…">
                Reject payment
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
