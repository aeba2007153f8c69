import type { AdminPaymentRecord, PaymentStatus, PublicUser } from '@le/contracts';

import { api } from '../../../lib/api-client';

/** GET /admin/payments?status=: newest first. */
export const getAdminPayments = (status: PaymentStatus | 'all', signal?: AbortSignal) =>
  api.get<{ payments: AdminPaymentRecord[] }>(`/admin/payments${status === 'all' ? '' : `?status=${status}`}`, { signal });

/** POST /admin/payments/:id/approve: the price-table amount unless a custom one is given. 409 when already decided. */
export const approvePayment = (id: string, amount?: number) =>
  api.post<{ payment: AdminPaymentRecord; user: PublicUser }>(`/admin/payments/${id}/approve`, amount === undefined ? {} : { amount });

/** POST /admin/payments/:id/reject with an optional reason. */
export const rejectPayment = (id: string, reason?: string) =>
  api.post<{ payment: AdminPaymentRecord }>(`/admin/payments/${id}/reject`, reason ? { reason } : {});
