import type { MembershipChangedPayload, PaymentDecidedPayload } from '@le/contracts';
import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';

import { toaster } from '@/components/ui/toaster';
import { applyMembershipChange, meKeys } from '@/hooks/use-me';
import { useMembershipPush } from '@/lib/membership-live';
import { membershipKeys } from '@/features/membership/api/keys';
import { membershipNotice } from './membership-notice';

/**
 * One `membership:changed` (contract §9): the user's rights change everywhere at once (the /auth/me
 * data and the session store, which the composer, the /live gate and the top bar read), the payment
 * history is read again (an approval decided one), and a toast says what happened.
 */
export const handleMembershipChange = (client: QueryClient, change: MembershipChangedPayload, now = Date.now()): void => {
  const before = applyMembershipChange(client, change);
  void client.invalidateQueries({ queryKey: membershipKeys.all });
  const notice = membershipNotice(before, change, now);
  if (notice) toaster.create({ ...notice, duration: 10_000, closable: true });
};

/**
 * One `payment:decided`: the payment history is read again (the dashboard and the payment page
 * follow), and a rejection is told at once with its reason (an approval is told by its
 * `membership:changed`).
 */
export const handlePaymentDecided = (client: QueryClient, { payment }: PaymentDecidedPayload): void => {
  void client.invalidateQueries({ queryKey: membershipKeys.all });
  if (payment.status !== 'rejected') return;
  toaster.create({
    type: 'error',
    title: 'Your payment was rejected',
    description: `${payment.membershipTier.toUpperCase()} ${payment.duration}: ${reasonSentence(payment.rejectionReason)}Check the transfer and send the proof again.`,
    duration: 15_000,
    closable: true,
  });
};

/** "Reason: …. " ended once, whatever the admin's punctuation. */
const reasonSentence = (reason: string | null): string => (reason ? `Reason: ${reason}${/[.!?]$/.test(reason) ? '' : '.'} ` : '');

/**
 * Mounted once by the app shell (its own lazy chunk, with the socket): every screen follows the
 * membership live. A decision pushed while the socket was not connected (before its first
 * connection, or while a phone's network dropped) is not heard: the user's rights and payments are
 * read again on every (re)connection, so the screens show it all the same.
 */
export function MembershipLiveLayer() {
  const client = useQueryClient();
  useMembershipPush(
    (change) => handleMembershipChange(client, change),
    (decided) => handlePaymentDecided(client, decided),
    () => {
      // Only what was read: a read that failed shows its failure and its Try again, and reading it
      // here would put the screen back to loading for as long as the server is away.
      const read = (query: Query) => query.state.data !== undefined;
      void client.invalidateQueries({ queryKey: meKeys.me, predicate: read });
      void client.invalidateQueries({ queryKey: membershipKeys.all, predicate: read });
    },
  );
  return null;
}

export default MembershipLiveLayer;
