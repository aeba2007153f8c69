import type { AdminPaymentListResponse, AdminPaymentRecord, PaymentStatus, PublicUser } from '@le/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { cursorPaging } from '@/lib/paged-list';
import { adminKeys } from './keys';

/** The queue's filter: one status, or every payment. */
export type PaymentFilter = PaymentStatus | 'all';

export type AdminPaymentPage = AdminPaymentListResponse;

/** GET /admin/payments?status=&before=: newest first, a page at a time. */
export const getAdminPayments = (status: PaymentFilter, options: { before?: string | null; signal?: AbortSignal } = {}) => {
  const query = new URLSearchParams();
  if (status !== 'all') query.set('status', status);
  if (options.before) query.set('before', options.before);
  const search = query.toString();
  return api.get<AdminPaymentPage>(`/admin/payments${search ? `?${search}` : ''}`, { signal: options.signal });
};

/** The payments of one filter, a page at a time; each filter is its own list, so a page never lands in another's. */
export const useAdminPayments = (status: PaymentFilter) =>
  useInfiniteQuery({
    queryKey: adminKeys.paymentList(status),
    queryFn: ({ pageParam, signal }) => getAdminPayments(status, { before: pageParam, signal }),
    ...cursorPaging,
  });

/** GET /admin/payments?userId=: one member's payments, newest first (contract §9, the inbox's side panel). */
export const getMemberPayments = (userId: string, signal?: AbortSignal) =>
  api.get<AdminPaymentPage>(`/admin/payments?${new URLSearchParams({ userId, limit: '50' }).toString()}`, { signal });

/** The member's last 50 payments; read again on every open of their conversation. */
export const useMemberPayments = (userId: string) =>
  useQuery({
    queryKey: adminKeys.memberPayments(userId),
    queryFn: async ({ signal }) => (await getMemberPayments(userId, signal)).payments,
    staleTime: 0,
  });

/** POST /admin/payments/:id/approve: the price-table amount unless a custom one is given. 409 when already decided. */
export const approvePayment = (id: string, amount?: number) =>
  api.post<{ payment: AdminPaymentRecord; user: PublicUser }>(`/admin/payments/${id}/approve`, amount === undefined ? {} : { amount });

/** POST /admin/payments/:id/reject with an optional reason. */
export const rejectPayment = (id: string, reason?: string) =>
  api.post<{ payment: AdminPaymentRecord }>(`/admin/payments/${id}/reject`, reason ? { reason } : {});
