import { useQuery } from '@tanstack/react-query';

import { membershipKeys } from '@/features/membership/api/keys';
import { getPaymentHistory } from '@/features/membership/api/payments';
import { useSessionStore } from '@/stores/session-store';
import { useSessionRole } from '@/lib/session-user';

/**
 * Whether the signed-in trial or member has a payment waiting for an admin (the newest of their
 * payments, the membership feature's query and cache): the pages and the top bar offer it as the next
 * step instead of paying again. Asked only of those who pay; false meanwhile.
 */
export function usePendingPayment(): boolean {
  const token = useSessionStore((state) => state.token);
  const role = useSessionRole();
  const payments = useQuery({
    queryKey: membershipKeys.payments(),
    queryFn: async ({ signal }) => (await getPaymentHistory(signal)).payments,
    enabled: Boolean(token) && (role === 'trial' || role === 'member'),
  });
  return payments.data?.[0]?.status === 'pending';
}
