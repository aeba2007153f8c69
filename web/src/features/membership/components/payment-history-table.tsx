import { Badge, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import type { PaymentRecord } from '@le/contracts';
import { useState } from 'react';

import { PaymentStatusBadge } from '@/components/ui/tier-badge';
import { isCustomAmount } from '@/features/membership/utils/format';
import { formatDate } from '@/lib/dates';
import { formatRupiah } from '@/lib/money';
import { ProofDialog } from './proof-dialog';

/** Why a rejected payment was rejected (contract §9), under its status. */
function RejectionReason({ payment }: { payment: PaymentRecord }) {
  if (payment.status !== 'rejected' || !payment.rejectionReason) return null;
  return (
    <Text fontSize="xs" color="red.200" mt="1" whiteSpace="normal" maxW={{ md: '64' }} data-testid="payment-rejection-reason">
      Reason: {payment.rejectionReason}
    </Text>
  );
}

/**
 * What the payment's period comes to: its end once approved; before that nothing is valid yet (a
 * bank transfer counts once an admin has seen it arrive), and a rejected one never starts.
 */
const periodEnd = (payment: PaymentRecord): string =>
  payment.status === 'approved' ? formatDate(payment.expiredDate) : payment.status === 'pending' ? 'After approval' : 'Not started';

/** The payment history of spec §2 Membership Dashboard, newest first, with the reason of each rejection. */
export function PaymentHistoryTable({ payments }: { payments: PaymentRecord[] }) {
  const [proof, setProof] = useState<string | null>(null);
  if (payments.length === 0) {
    return <Text color="fg.muted">No payments yet.</Text>;
  }
  return (
    <>
      {/* Under md the six columns would not fit 375 px: the same records as cards, status in sight. */}
      <Table.ScrollArea borderWidth="1px" borderColor="border" borderRadius="lg" display={{ base: 'none', md: 'block' }}>
        <Table.Root size="sm" variant="line" minW="640px" data-testid="payment-history">
          <Table.Header>
            <Table.Row bg="bg.muted">
              <Table.ColumnHeader>Sent</Table.ColumnHeader>
              <Table.ColumnHeader>Plan</Table.ColumnHeader>
              <Table.ColumnHeader>Amount</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
              <Table.ColumnHeader>Membership until</Table.ColumnHeader>
              <Table.ColumnHeader>Proof</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {payments.map((payment) => (
              <Table.Row key={payment._id} data-status={payment.status}>
                <Table.Cell>{formatDate(payment.paymentDate)}</Table.Cell>
                <Table.Cell>
                  <Text as="span" fontWeight="semibold" textTransform="uppercase">
                    {payment.membershipTier}
                  </Text>{' '}
                  <Text as="span" color="fg.muted">
                    {payment.duration === 'yearly' ? 'yearly' : 'monthly'}
                  </Text>
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  {formatRupiah(payment.amount)}
                  {isCustomAmount(payment.membershipTier, payment.duration, payment.amount) ? (
                    <Badge ml="2" colorPalette="purple" variant="subtle" borderRadius="full">
                      custom
                    </Badge>
                  ) : null}
                </Table.Cell>
                <Table.Cell>
                  <PaymentStatusBadge status={payment.status} data-testid="payment-status" />
                  <RejectionReason payment={payment} />
                </Table.Cell>
                <Table.Cell color={payment.status === 'approved' ? undefined : 'fg.muted'}>{periodEnd(payment)}</Table.Cell>
                <Table.Cell>
                  <Button size="xs" variant="outline" onClick={() => setProof(payment.paymentProof)} disabled={!payment.paymentProof}>
                    View
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <Stack gap="3" display={{ base: 'flex', md: 'none' }} data-testid="payment-history-cards">
        {payments.map((payment) => (
          <Stack key={payment._id} gap="2" bg="bg.panel" borderWidth="1px" borderColor="border" borderRadius="lg" p="4" data-status={payment.status}>
            <HStack justify="space-between" gap="3">
              <Text>
                <Text as="span" fontWeight="semibold" textTransform="uppercase">
                  {payment.membershipTier}
                </Text>{' '}
                <Text as="span" color="fg.muted">
                  {payment.duration === 'yearly' ? 'yearly' : 'monthly'}
                </Text>
              </Text>
              <PaymentStatusBadge status={payment.status} />
            </HStack>
            <RejectionReason payment={payment} />
            <HStack justify="space-between" gap="3" fontSize="sm">
              <Text color="fg.muted">
                {payment.status === 'approved' ? 'Paid' : 'Sent'} {formatDate(payment.paymentDate)}
              </Text>
              <Text whiteSpace="nowrap" fontWeight="medium">
                {formatRupiah(payment.amount)}
                {isCustomAmount(payment.membershipTier, payment.duration, payment.amount) ? (
                  <Badge ml="2" colorPalette="purple" variant="subtle" borderRadius="full">
                    custom
                  </Badge>
                ) : null}
              </Text>
            </HStack>
            <HStack justify="space-between" gap="3" fontSize="sm">
              <Text color="fg.muted">{payment.status === 'approved' ? `Membership until ${periodEnd(payment)}` : periodEnd(payment)}</Text>
              <Button
                size="xs"
                variant="outline"
                onClick={() => setProof(payment.paymentProof)}
                disabled={!payment.paymentProof}
                aria-label={`View proof of the ${formatDate(payment.paymentDate)} payment`}
              >
                View
              </Button>
            </HStack>
          </Stack>
        ))}
      </Stack>
      <ProofDialog url={proof} onClose={() => setProof(null)} />
    </>
  );
}
