import { Box, Text } from '@chakra-ui/react';
import type { PaymentRecord } from '@le/contracts';
import { UI_TEXT } from '@le/contracts';
import type { ReactNode } from 'react';

import { FormAlert } from '@/components/ui/form-alert';
import { formatDate } from '@/lib/dates';
import { formatRupiah } from '@/lib/money';

/** Spec §4 "Payment Rejected" with the admin's reason (contract §9) and the way to send the proof again. */
export function RejectedPaymentAlert({ payment, action }: { payment: PaymentRecord; action?: ReactNode }) {
  return (
    <FormAlert status="error" title={UI_TEXT.paymentRejected}>
      <Box data-testid="rejected-payment">
        <Text>
          Your {payment.membershipTier.toUpperCase()} payment of {formatRupiah(payment.amount)} from {formatDate(payment.paymentDate)} could not be validated.
        </Text>
        {payment.rejectionReason ? (
          <Text mt="1" data-testid="rejection-reason">
            Reason: <b>{payment.rejectionReason}</b>
          </Text>
        ) : null}
        <Text mt="1">Check the transfer and send the proof again.</Text>
        {action ? <Box mt="3">{action}</Box> : null}
      </Box>
    </FormAlert>
  );
}
