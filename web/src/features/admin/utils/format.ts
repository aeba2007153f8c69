import type { PaymentFilter } from '@/features/admin/api/payments';

const rupiahFormat = new Intl.NumberFormat('id-ID');

/** "Rp 100.000". */
export const formatRupiah = (amount: number): string => `Rp ${rupiahFormat.format(amount)}`;

const dateFormat = new Intl.DateTimeFormat('id-ID', { day: '2-digit', month: '2-digit', year: 'numeric' });

const parse = (iso: string | null | undefined): Date | null => {
  const time = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(time) ? null : new Date(time);
};

/** DD/MM/YYYY HH:mm, 24-hour, like every time in the app; "Tidak diketahui" when unknown. */
export { formatDateTime } from '@/lib/dates';

/** DD/MM/YYYY, or a dash when there is no date. */
export const formatDate = (iso: string | null | undefined): string => {
  const date = parse(iso);
  return date ? dateFormat.format(date) : '—';
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

const compactRupiahFormat = new Intl.NumberFormat('id-ID', { notation: 'compact', maximumFractionDigits: 1 });

/** An axis's Rupiah amount, short as Indonesians write it: "50 rb", "1,5 jt" (the chart says the currency). */
export const formatAmountShort = (amount: number): string => compactRupiahFormat.format(amount).replace(/\u00a0/g, ' ');

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A `YYYY-MM` of the stats: "Mar" on an axis, "Mar 2026" in full. */
export const formatMonth = (month: string, withYear = false): string => {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const name = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !name) return month;
  return withYear ? `${name} ${match[1]}` : name;
};
