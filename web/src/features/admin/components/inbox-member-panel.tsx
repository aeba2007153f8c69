import { Badge, Box, Center, Flex, HStack, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { isInGrace, isPaidTier, membershipStatus } from '@le/contracts';
import type { AdminPaymentRecord, InboxMember, PublicUser } from '@le/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { FormAlert } from '@/components/ui/form-alert';
import { MembershipStatusBadge, PaymentStatusBadge, TierBadge } from '@/components/ui/tier-badge';
import { toaster } from '@/components/ui/toaster';
import { errorMessage } from '@/lib/api-client';
import { adminKeys } from '@/features/admin/api/keys';
import { useMemberPayments } from '@/features/admin/api/payments';
import { rejectionToast } from '@/features/admin/utils/format';
import { formatDate, formatDateTime } from '@/lib/dates';
import { formatRupiah } from '@/lib/money';
import { PaymentReviewCard } from './payment-review-card';
import { RejectPaymentDialog } from './reject-payment-dialog';

/** The inbox's pending payment as the queue's record, until the member's own list has answered. */
export const pendingRecordOf = (member: InboxMember): AdminPaymentRecord | null => {
  const pending = member.pendingPayment;
  if (!pending) return null;
  return {
    _id: pending._id,
    userId: member._id,
    username: member.name,
    email: '',
    membershipTier: pending.membershipTier,
    duration: pending.duration,
    amount: pending.amount,
    expectedAmount: pending.expectedAmount,
    status: 'pending',
    paymentDate: pending.createdAt,
    expiredDate: null,
    paymentProof: pending.paymentProof,
    reason: null,
    rejectionReason: null,
    reviewedBy: null,
    reviewedAt: null,
  };
};

/** Where the member's membership stands: Active, Grace (ended, rights still on), Trial or Expired. */
export const memberStanding = (member: InboxMember, now = Date.now()): 'Active' | 'Grace' | 'Trial' | 'Expired' => {
  const subject = { ...member, role: member.role as PublicUser['role'] };
  if (isInGrace(subject, now)) return 'Grace';
  if (member.role === 'trial') return 'Trial';
  return membershipStatus(subject, now) === 'Active' ? 'Active' : 'Expired';
};

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Flex justify="space-between" gap="3" fontSize="sm">
      <Text color="fg.muted">{label}</Text>
      <Box textAlign="right" fontWeight="medium" minW="0">
        {children}
      </Box>
    </Flex>
  );
}

/**
 * Beside an inbox conversation (contract §9): who the member is (role, tier, end, grace), the payment
 * waiting for validation with its proof and the expected amount, approved (optionally with the amount
 * received) or rejected (with a reason) in place, and their payment history. `onDecided` lets the
 * screen around it refresh what it shows (the inbox's badges).
 */
export function InboxMemberPanel({ member, onDecided }: { member: InboxMember; onDecided?: () => void }) {
  const queryClient = useQueryClient();
  const payments = useMemberPayments(member._id);
  const [rejecting, setRejecting] = useState<AdminPaymentRecord | null>(null);
  const standing = memberStanding(member);
  const history = payments.data ?? null;
  // The member's own list is the fresher; the inbox's copy shows meanwhile.
  const pending = history ? (history.find((payment) => payment.status === 'pending') ?? null) : pendingRecordOf(member);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.payments() });
    void queryClient.invalidateQueries({ queryKey: adminKeys.stats() });
    void queryClient.invalidateQueries({ queryKey: adminKeys.members() });
    onDecided?.();
  };

  return (
    <Stack gap="5" p="4" data-testid="inbox-member-panel" data-member-id={member._id}>
      <Stack gap="3">
        <HStack justify="space-between" align="flex-start" gap="2">
          <Stack gap="0.5" minW="0">
            <Heading as="h2" size="md" truncate>
              {member.name || 'Member'}
            </Heading>
            <HStack gap="2" wrap="wrap">
              <Badge variant="subtle" textTransform="capitalize" data-testid="member-role">
                {member.role}
              </Badge>
              {isPaidTier(member.membershipTier) ? <TierBadge role={member.role} tier={member.membershipTier} size="sm" /> : null}
            </HStack>
          </Stack>
          <MembershipStatusBadge status={standing} data-testid="member-standing" />
        </HStack>
        <Stack gap="1.5">
          <Fact label={member.membershipEnd === null ? 'Membership' : standing === 'Active' ? 'Membership ends' : 'Membership ended'}>
            <Text data-testid="member-end">{member.membershipEnd === null ? 'None yet' : formatDate(member.membershipEnd)}</Text>
          </Fact>
          {member.graceEndsAt ? (
            <Fact label="Grace until">
              <Text color={standing === 'Grace' ? 'fg.warning' : undefined} data-testid="member-grace">
                {formatDate(member.graceEndsAt)}
              </Text>
            </Fact>
          ) : null}
        </Stack>
      </Stack>

      <Stack gap="3">
        <Heading as="h3" size="sm">
          Pending payment
        </Heading>
        {pending ? (
          <Box data-testid="member-pending-payment">
            <PaymentReviewCard
              key={pending._id}
              compact
              payment={pending}
              memberName={member.name}
              onReject={setRejecting}
              onConflict={refresh}
              onApproved={(approved, user) => {
                refresh();
                toaster.create({
                  type: 'success',
                  title: `Approved ${user.name || user.username}'s ${approved.membershipTier.toUpperCase()} ${approved.duration} payment`,
                  description: `${formatRupiah(approved.amount)}: ${user.name || user.username} is a ${user.membershipTier.toUpperCase()} member until ${formatDate(user.membershipEnd)}.`,
                  closable: true,
                });
              }}
            />
          </Box>
        ) : (
          <Text color="fg.muted" fontSize="sm" data-testid="no-pending-payment">
            No payment is waiting for validation.
          </Text>
        )}
      </Stack>

      <Stack gap="3">
        <Heading as="h3" size="sm">
          Payment history
        </Heading>
        {history === null ? (
          payments.error ? (
            <FormAlert status="error" title={errorMessage(payments.error, 'The payments could not be loaded.')} />
          ) : (
            <Center py="4">
              <Spinner color="gold.solid" size="sm" aria-label="Loading the payments" />
            </Center>
          )
        ) : history.length === 0 ? (
          <Text color="fg.muted" fontSize="sm">
            No payments yet.
          </Text>
        ) : (
          <Stack gap="2" as="ul" listStyleType="none" data-testid="member-payment-history">
            {history.map((payment) => (
              <Stack as="li" key={payment._id} gap="1" p="3" bg="bg.muted" borderRadius="md" fontSize="sm" data-status={payment.status}>
                <Flex justify="space-between" gap="2">
                  <Text>
                    <Text as="span" fontWeight="semibold" textTransform="uppercase">
                      {payment.membershipTier}
                    </Text>{' '}
                    <Text as="span" color="fg.muted">
                      {payment.duration}
                    </Text>
                  </Text>
                  <PaymentStatusBadge status={payment.status} size="sm" />
                </Flex>
                <Flex justify="space-between" gap="2" color="fg.muted">
                  <Text>{formatDateTime(payment.paymentDate)}</Text>
                  <Text color="fg">
                    {formatRupiah(payment.amount)}
                    {payment.amount !== payment.expectedAmount ? ' (custom)' : ''}
                  </Text>
                </Flex>
                {payment.status === 'rejected' && payment.rejectionReason ? (
                  <Text color="red.200" fontSize="xs">
                    Reason: {payment.rejectionReason}
                  </Text>
                ) : null}
              </Stack>
            ))}
          </Stack>
        )}
      </Stack>

      <RejectPaymentDialog
        payment={rejecting}
        onClose={() => setRejecting(null)}
        onConflict={refresh}
        onRejected={(payment) => {
          setRejecting(null);
          refresh();
          toaster.create({ type: 'info', ...rejectionToast(member.name || payment.username, payment), closable: true });
        }}
      />
    </Stack>
  );
}
