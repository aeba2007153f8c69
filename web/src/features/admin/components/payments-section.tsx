import { Box, Button, Center, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { AdminPaymentRecord, PaymentStatus } from '@le/contracts';
import { useCallback, useEffect, useState } from 'react';

import { FormAlert } from '@/components/ui/form-alert';
import { PageSpinner } from '@/components/ui/page-spinner';
import { toaster } from '@/components/ui/toaster';
import { errorMessage } from '@/lib/api-client';
import { getAdminPayments } from '@/features/admin/api/payments';
import { formatDate, paymentsHeading } from '@/features/admin/utils/format';
import { LabeledSelect } from './labeled-select';
import { PaymentReviewCard } from './payment-review-card';
import { RejectPaymentDialog } from './reject-payment-dialog';
import { LoadMoreButton } from '@/components/ui/load-more-button';

type StatusFilter = PaymentStatus | 'all';

const STATUS_OPTIONS = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All payments' },
] as const;

/** The queue of payments (pending first by default) with approve and reject. */
export function PaymentsSection({ onMembersChanged }: { onMembersChanged: () => void }) {
  const [status, setStatus] = useState<StatusFilter>('pending');
  const [payments, setPayments] = useState<AdminPaymentRecord[]>([]);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const [rejecting, setRejecting] = useState<AdminPaymentRecord | null>(null);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setState('loading');
    setMoreError(null);
    getAdminPayments(status, { signal: controller.signal })
      .then(({ payments: found, nextCursor: next }) => {
        setPayments(found);
        setNextCursor(next);
        setState('ready');
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        setLoadError(errorMessage(failure, 'The payments could not be loaded.'));
        setState('error');
      });
    return () => controller.abort();
  }, [status, generation]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);

  const loadMore = () => {
    if (!nextCursor) return;
    setLoadingMore(true);
    setMoreError(null);
    getAdminPayments(status, { before: nextCursor })
      .then((page) => {
        setPayments((current) => {
          const known = new Set(current.map((payment) => payment._id));
          return [...current, ...page.payments.filter((payment) => !known.has(payment._id))];
        });
        setNextCursor(page.nextCursor);
      })
      .catch((failure: unknown) => setMoreError(errorMessage(failure, 'More payments could not be loaded.')))
      .finally(() => setLoadingMore(false));
  };

  const decided = (payment: AdminPaymentRecord) =>
    setPayments((current) =>
      status === 'pending' ? current.filter((item) => item._id !== payment._id) : current.map((item) => (item._id === payment._id ? payment : item)),
    );

  let body;
  if (state === 'loading') body = <PageSpinner label="Loading payments" />;
  else if (state === 'error') {
    body = (
      <Stack gap="3">
        <FormAlert status="error" title={loadError ?? 'The payments could not be loaded.'} />
        <Button alignSelf="flex-start" variant="outline" onClick={reload}>
          Try again
        </Button>
      </Stack>
    );
  } else if (payments.length === 0) {
    body = (
      <Center py="12" borderWidth="1px" borderStyle="dashed" borderColor="border" borderRadius="xl">
        <Text color="fg.muted">{status === 'pending' ? 'No payments are waiting for validation.' : 'No payments to show.'}</Text>
      </Center>
    );
  } else {
    body = (
      <Stack gap="4">
        {payments.map((payment) => (
          <PaymentReviewCard
            key={payment._id}
            payment={payment}
            onReject={setRejecting}
            onConflict={reload}
            onApproved={(approved, user) => {
              decided(approved);
              onMembersChanged();
              toaster.create({
                type: 'success',
                title: 'Payment approved',
                description: `${user.username} is a ${user.membershipTier.toUpperCase()} member until ${formatDate(user.membershipEnd)}.`,
                closable: true,
              });
            }}
          />
        ))}
        {moreError ? <FormAlert status="error" title={moreError} /> : null}
        {nextCursor ? (
          <LoadMoreButton onClick={loadMore} loading={loadingMore} />
        ) : null}
      </Stack>
    );
  }

  return (
    <Stack gap="4" as="section" aria-labelledby="payments-heading">
      <Flex justify="space-between" align={{ base: 'stretch', sm: 'flex-end' }} gap="3" direction={{ base: 'column', sm: 'row' }}>
        <Stack gap="1">
          <Heading as="h2" size="lg" id="payments-heading">
            {paymentsHeading(status)}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            Compare each transfer proof with the expected amount, then approve or reject it.
          </Text>
        </Stack>
        <Flex gap="2" align="flex-end">
          <Box minW="170px">
            <LabeledSelect id="payment-status" label="Show" hideLabel value={status} options={STATUS_OPTIONS} onChange={(value) => setStatus(value as StatusFilter)} />
          </Box>
          <Button variant="outline" onClick={reload}>
            Refresh
          </Button>
        </Flex>
      </Flex>
      {body}
      <RejectPaymentDialog
        payment={rejecting}
        onClose={() => setRejecting(null)}
        onConflict={reload}
        onRejected={(payment) => {
          setRejecting(null);
          decided(payment);
          toaster.create({ type: 'info', title: 'Payment rejected', description: payment.username, closable: true });
        }}
      />
    </Stack>
  );
}
