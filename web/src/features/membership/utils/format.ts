import type { Duration } from '@le/contracts';
import { PRICES, UI_TEXT, isPaidTier } from '@le/contracts';
import dayjs from 'dayjs';

const rupiah = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });

/** Rupiah as people write it: "Rp 50.000". */
export const formatRupiah = (amount: number): string => `Rp ${rupiah.format(amount)}`;

export const perPeriod = (duration: Duration | null | undefined): string => (duration === 'yearly' ? '/ year' : '/ month');

/** DD/MM/YYYY (spec §9), or "Tidak diketahui" when unknown. */
export const formatDate = (value: string | null | undefined): string => {
  if (!value) return UI_TEXT.unknownDate;
  const date = dayjs(value);
  return date.isValid() ? date.format('DD/MM/YYYY') : UI_TEXT.unknownDate;
};

/** The price-table amount of a tier and duration, or null for a tier without a price. */
export const listPrice = (tier: string, duration: Duration): number | null => {
  const key = tier.toLowerCase();
  return isPaidTier(key) ? PRICES[key as keyof typeof PRICES][duration] : null;
};

/** Spec §4: an amount that differs from the tier's price is labelled custom. */
export const isCustomAmount = (tier: string, duration: Duration, amount: number): boolean => listPrice(tier, duration) !== amount;
