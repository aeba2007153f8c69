import type { AdminPaymentRecord, PaymentStatus, PublicUser } from '@le/contracts';

import { api } from '@/lib/api-client';

/** GET /admin/payments?status=&before=: newest first, a page at a time. */
export const getAdminPayments = (status: PaymentStatus | 'all', options: { before?: string | null; signal?: AbortSignal } = {}) => {
  const query = new URLSearchParams();
  if (status !== 'all') query.set('status', status);
  if (options.before) query.set('before', options.before);
  const search = query.toString();
  return api.get<{ payments: AdminPaymentRecord[]; nextCursor: string | null }>(`/admin/payments${search ? `?${search}` : ''}`, { signal: options.signal });
};

/** POST /admin/payments/:id/approve: the price-table amount unless a custom one is given. 409 when already decided. */
export const approvePayment = (id: string, amount?: number) =>
  api.post<{ payment: AdminPaymentRecord; user: PublicUser }>(`/admin/payments/${id}/approve`, amount === undefined ? {} : { amount });

/** POST /admin/payments/:id/reject with an optional reason. */
export const rejectPayment = (id: string, reason?: string) =>
  api.post<{ payment: AdminPaymentRecord }>(`/admin/payments/${id}/reject`, reason ? { reason } : {});
