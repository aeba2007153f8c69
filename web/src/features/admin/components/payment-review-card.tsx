import { Box, Button, Card, Field, Flex, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { AdminPaymentRecord, PublicUser } from '@le/contracts';
import { useState } from 'react';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { PaymentStatusBadge, TierBadge } from '@/components/ui/tier-badge';
import { ApiError, errorMessage } from '@/lib/api-client';
import { approvePayment } from '@/features/admin/api/payments';
import { formatDate, formatDateTime } from '@/lib/dates';
import { formatRupiah } from '@/lib/money';
import { PaymentProof } from './payment-proof';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap="0.5" minW="0">
      <Text fontSize="xs" textTransform="uppercase" letterSpacing="wider" color="fg.subtle">
        {label}
      </Text>
      <Box fontWeight="medium" wordBreak="break-word">
        {children}
      </Box>
    </Stack>
  );
}

/** Reads the custom amount box: empty means the price-table amount. */
const parseAmount = (text: string): number | null | undefined => {
  const digits = text.replace(/[.\s]/g, '');
  if (digits === '') return undefined;
  if (!/^\d{1,9}$/.test(digits)) return null;
  const amount = Number(digits);
  return amount > 0 ? amount : null;
};

/**
 * One payment of the queue: the proof beside the expected amount, with approve and reject. `compact`
 * stacks everything in one narrow column (the inbox's side panel).
 */
export function PaymentReviewCard({
  payment,
  memberName,
  onApproved,
  onReject,
  onConflict,
  compact = false,
}: {
  payment: AdminPaymentRecord;
  /** How the screen names the payer (the inbox knows their name); the username otherwise. */
  memberName?: string;
  onApproved: (payment: AdminPaymentRecord, user: PublicUser) => void;
  onReject: (payment: AdminPaymentRecord) => void;
  onConflict: () => void;
  compact?: boolean;
}) {
  const [custom, setCustom] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pending = payment.status === 'pending';
  const differs = payment.amount !== payment.expectedAmount;
  const payer = memberName || payment.username || 'this member';

  // Approving opens rights at once and cannot be undone here: it asks first, naming what it grants.
  const askApprove = () => {
    if (parseAmount(custom) === null) {
      setError('Enter the amount received in whole Rupiah, e.g. 100000.');
      return;
    }
    setError(null);
    setConfirming(true);
  };

  const approve = async () => {
    const amount = parseAmount(custom);
    if (amount === null) return;
    setBusy(true);
    setError(null);
    try {
      const result = await approvePayment(payment._id, amount);
      setConfirming(false);
      onApproved(result.payment, result.user);
    } catch (failure) {
      setConfirming(false);
      setError(errorMessage(failure, 'The payment could not be approved. Please try again.'));
      if (failure instanceof ApiError && failure.status === 409) onConflict();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card.Root bg="bg.panel" borderColor="border" borderRadius="xl" overflow="hidden" data-testid="payment-review" data-payment-id={payment._id}>
      <Flex direction={compact ? 'column' : { base: 'column', md: 'row' }} align="stretch">
        <Box w={compact ? '100%' : { base: '100%', md: '300px' }} flexShrink={0}>
          <PaymentProof url={payment.paymentProof} username={payment.username} height={compact ? '220px' : undefined} />
        </Box>
        <Stack gap="4" p={compact ? '4' : { base: '4', md: '5' }} flex="1" minW="0">
          <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
            {/* Compact, the panel around it already names the member. */}
            {compact ? (
              <Text fontWeight="medium" fontSize="sm" color="fg.muted">
                Sent {formatDateTime(payment.paymentDate)}
              </Text>
            ) : (
              <Stack gap="0.5" minW="0">
                <Text fontWeight="semibold" fontSize="lg" wordBreak="break-all">
                  {payment.username || 'Deleted account'}
                </Text>
                <Text color="fg.muted" fontSize="sm" wordBreak="break-all">
                  {payment.email}
                </Text>
              </Stack>
            )}
            <PaymentStatusBadge status={payment.status} data-testid="payment-status" />
          </Flex>
          <SimpleGrid columns={compact ? 2 : { base: 2, lg: 4 }} gap="4">
            <Fact label="Plan">
              <HStack gap="2">
                <TierBadge role="member" tier={payment.membershipTier} />
                <Text textTransform="capitalize">{payment.duration}</Text>
              </HStack>
            </Fact>
            <Fact label="Expected">
              <Text data-testid="expected-amount">{formatRupiah(payment.expectedAmount)}</Text>
            </Fact>
            <Fact label={pending ? 'Declared' : 'Paid'}>
              <Text color={differs ? 'fg.warning' : undefined}>
                {formatRupiah(payment.amount)}
                {differs ? ' (custom)' : ''}
              </Text>
            </Fact>
            {compact ? null : <Fact label="Sent">{formatDateTime(payment.paymentDate)}</Fact>}
          </SimpleGrid>
          {!pending ? (
            <Text color="fg.muted" fontSize="sm">
              {payment.status === 'approved' ? `Approved ${formatDateTime(payment.reviewedAt)}; membership until ${formatDate(payment.expiredDate)}.` : `Rejected ${formatDateTime(payment.reviewedAt)}`}
              {(payment.rejectionReason ?? payment.reason) ? ` — ${payment.rejectionReason ?? payment.reason}` : ''}
            </Text>
          ) : (
            <Stack gap="3">
              <Flex gap="3" align={compact ? 'stretch' : { base: 'stretch', sm: 'flex-end' }} direction={compact ? 'column' : { base: 'column', sm: 'row' }}>
                <Field.Root id={`amount-${payment._id}`} maxW={compact ? undefined : { sm: '260px' }} invalid={error !== null && parseAmount(custom) === null}>
                  <Field.Label fontSize="sm">Amount received (optional)</Field.Label>
                  <Input
                    inputMode="numeric"
                    placeholder={String(payment.expectedAmount)}
                    value={custom}
                    onChange={(event) => setCustom(event.target.value)}
                    bg="bg.muted"
                    borderColor="border"
                    size="sm"
                  />
                </Field.Root>
                <HStack gap="2">
                  <Button colorPalette="green" size="sm" onClick={askApprove} loading={busy} loadingText="Approving…" flex={compact ? '1' : { base: '1', sm: 'initial' }}>
                    Approve
                  </Button>
                  <Button colorPalette="red" variant="outline" size="sm" onClick={() => onReject(payment)} disabled={busy} flex={compact ? '1' : { base: '1', sm: 'initial' }}>
                    Reject
                  </Button>
                </HStack>
              </Flex>
              <Text fontSize="xs" color="fg.subtle">
                Leave the amount empty to record the price {formatRupiah(payment.expectedAmount)}. The same tier extends an active membership from its end;
                another tier starts today.
              </Text>
            </Stack>
          )}
          {error ? <FormAlert status="error" title={error} /> : null}
        </Stack>
      </Flex>
      <ConfirmDialog
        open={confirming}
        title="Approve this payment?"
        busy={busy}
        onDismiss={() => setConfirming(false)}
        onConfirm={() => void approve()}
        confirmLabel="Approve payment"
        loadingText="Approving…"
        palette="green"
        testId="approve-confirm"
      >
        <Stack gap="2">
          <Text data-testid="approve-confirm-summary">
            {payer} becomes a {payment.membershipTier.toUpperCase()} member for {payment.duration === 'yearly' ? 'one year' : 'one month'} ({payment.duration}), for{' '}
            {formatRupiah(parseAmount(custom) ?? payment.amount)}
            {(parseAmount(custom) ?? payment.amount) !== payment.expectedAmount ? ' (custom)' : ''}.
          </Text>
          <Text color="fg.muted" fontSize="sm">
            The member&rsquo;s live chart and posting open at once. The same tier extends an active membership from its end; another tier starts today.
          </Text>
        </Stack>
      </ConfirmDialog>
    </Card.Root>
  );
}
