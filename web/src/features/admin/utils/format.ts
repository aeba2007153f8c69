import type { AdminPaymentRecord } from '@le/contracts';

import type { PaymentFilter } from '@/features/admin/api/payments';
import { formatRupiah } from '@/lib/money';

const parse = (iso: string | null | undefined): Date | null => {
  const time = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(time) ? null : new Date(time);
};

/** The yyyy-mm-dd an `<input type="date">` shows for an ISO time, in local time. */
export const toDateInput = (iso: string | null | undefined): string => {
  const date = parse(iso);
  if (!date) return '';
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

/** The end of that local day as an ISO time: a membership ending "on 31/12" lasts through the 31st. */
export const fromDateInput = (value: string): string | null => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T23:59:59`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
};

/** The payments list's heading names what the filter shows ("All payments" under All). */
export const paymentsHeading = (status: PaymentFilter): string =>
  ({ pending: 'Pending payments', approved: 'Approved payments', rejected: 'Rejected payments', all: 'All payments' })[status];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A `YYYY-MM` of the stats: "Mar" on an axis, "Mar 2026" in full. */
export const formatMonth = (month: string, withYear = false): string => {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const name = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !name) return month;
  return withYear ? `${name} ${match[1]}` : name;
};

/** The toast after a rejection: whose payment, what it was, and the reason the member will see. */
export const rejectionToast = (name: string, payment: AdminPaymentRecord): { title: string; description: string } => ({
  title: `Rejected ${name}'s ${payment.membershipTier.toUpperCase()} ${payment.duration} payment`,
  description: `${formatRupiah(payment.amount)}. ${payment.rejectionReason ? `Reason sent to the member: ${payment.rejectionReason}` : 'No reason given.'}`,
});
