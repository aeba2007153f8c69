import { Box, Button, Center, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { AdminPaymentRecord } from '@le/contracts';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useState } from 'react';

import { FormAlert } from '@/components/ui/form-alert';
import { PageSpinner } from '@/components/ui/page-spinner';
import { toaster } from '@/components/ui/toaster';
import { errorMessage } from '@/lib/api-client';
import { flattenPages, updatePagedRows } from '@/lib/paged-list';
import { adminKeys } from '@/features/admin/api/keys';
import { useAdminPayments, type AdminPaymentPage, type PaymentFilter } from '@/features/admin/api/payments';
import { paymentsHeading, rejectionToast } from '@/features/admin/utils/format';
import { formatDate } from '@/lib/dates';
import { formatRupiah } from '@/lib/money';
import { LabeledSelect } from './labeled-select';
import { PaymentReviewCard } from './payment-review-card';
import { RejectPaymentDialog } from './reject-payment-dialog';
import { LoadMoreButton } from '@/components/ui/load-more-button';

const STATUS_OPTIONS = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All payments' },
] as const;

/** The queue of payments (pending first by default) with approve and reject. */
export function PaymentsSection() {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<PaymentFilter>('pending');
  const [rejecting, setRejecting] = useState<AdminPaymentRecord | null>(null);
  const query = useAdminPayments(status);
  const payments = flattenPages(query.data, 'payments');

  // Refresh and a conflict start the list over from its first page, spinner and all.
  const reload = () => void queryClient.resetQueries({ queryKey: adminKeys.paymentList(status) });

  /** A decided payment leaves the pending queue (or shows its new status) at once; the lists and numbers it changed reload. */
  const decided = (payment: AdminPaymentRecord, membersChanged: boolean) => {
    queryClient.setQueryData<InfiniteData<AdminPaymentPage>>(adminKeys.paymentList(status), (data) =>
      updatePagedRows(data, 'payments', (rows) =>
        status === 'pending' ? rows.filter((item) => item._id !== payment._id) : rows.map((item) => (item._id === payment._id ? payment : item)),
      ),
    );
    void queryClient.invalidateQueries({ queryKey: adminKeys.payments() });
    void queryClient.invalidateQueries({ queryKey: adminKeys.stats() });
    if (membersChanged) void queryClient.invalidateQueries({ queryKey: adminKeys.members() });
  };

  let body;
  if (query.isPending) body = <PageSpinner label="Loading payments" />;
  else if (!query.data) {
    body = (
      <Stack gap="3">
        <FormAlert status="error" title={errorMessage(query.error, 'The payments could not be loaded.')} />
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
              decided(approved, true);
              toaster.create({
                type: 'success',
                title: `Approved ${user.name || user.username}'s ${approved.membershipTier.toUpperCase()} ${approved.duration} payment`,
                description: `${formatRupiah(approved.amount)}: ${user.name || user.username} is a ${user.membershipTier.toUpperCase()} member until ${formatDate(user.membershipEnd)}.`,
                closable: true,
              });
            }}
          />
        ))}
        {query.isFetchNextPageError ? <FormAlert status="error" title={errorMessage(query.error, 'More payments could not be loaded.')} /> : null}
        {query.hasNextPage ? <LoadMoreButton onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage} /> : null}
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
            <LabeledSelect id="payment-status" label="Show" hideLabel value={status} options={STATUS_OPTIONS} onChange={(value) => setStatus(value as PaymentFilter)} />
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
          decided(payment, false);
          toaster.create({ type: 'info', ...rejectionToast(payment.username, payment), closable: true });
        }}
      />
    </Stack>
  );
}
