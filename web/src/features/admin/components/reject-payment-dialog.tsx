import { Field, Text, Textarea } from '@chakra-ui/react';
import type { AdminPaymentRecord } from '@le/contracts';
import { useState } from 'react';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ApiError, errorMessage } from '@/lib/api-client';
import { rejectPayment } from '@/features/admin/api/payments';
import { formatRupiah } from '@/lib/money';

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
    <ConfirmDialog
      open={payment !== null}
      title="Reject this payment?"
      error={error}
      busy={busy}
      onDismiss={close}
      onConfirm={() => void confirm()}
      confirmLabel="Reject payment"
      loadingText="Rejecting…"
    >
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
    </ConfirmDialog>
  );
}
