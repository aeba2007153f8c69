import type { Duration, PaidTier, PaymentRecord } from '@le/contracts';
import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { uploadWithProgress } from '@/lib/upload';
import { membershipKeys } from './keys';

/** GET /auth/payment-history: the whole history, newest first (contract §4). */
export const getPaymentHistory = (signal?: AbortSignal) => api.get<{ payments: PaymentRecord[] }>('/auth/payment-history', { signal });

/** The signed-in user's payments, newest first; asked again on every visit, as an admin decides them meanwhile. */
export const usePaymentHistory = () =>
  useQuery({
    queryKey: membershipKeys.payments(),
    queryFn: async ({ signal }) => (await getPaymentHistory(signal)).payments,
    staleTime: 0,
  });

/** POST /payments: multipart tier, duration and the transfer proof (contract §5); 201 pending. */
export const createPayment = (
  input: { membershipTier: PaidTier; duration: Duration; proof: File },
  onProgress: (percent: number) => void,
) => {
  const form = new FormData();
  form.append('membershipTier', input.membershipTier);
  form.append('duration', input.duration);
  form.append('paymentProof', input.proof, input.proof.name);
  return uploadWithProgress<{ payment: PaymentRecord }>('/payments', form, { onProgress });
};
