import type { Duration } from '@le/contracts';
import { PRICES, isPaidTier } from '@le/contracts';

export const perPeriod = (duration: Duration | null | undefined): string => (duration === 'yearly' ? '/ year' : '/ month');

/** The price-table amount of a tier and duration, or null for a tier without a price. */
export const listPrice = (tier: string, duration: Duration): number | null => {
  const key = tier.toLowerCase();
  return isPaidTier(key) ? PRICES[key as keyof typeof PRICES][duration] : null;
};

/** Spec §4: an amount that differs from the tier's price is labelled custom. */
export const isCustomAmount = (tier: string, duration: Duration, amount: number): boolean => listPrice(tier, duration) !== amount;
