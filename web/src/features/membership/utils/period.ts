import { hasActiveMembership, isInGrace, isPaidTier } from '@le/contracts';
import type { AccessSubject, Duration, PaidTier } from '@le/contracts';

import { formatDate } from '@/lib/dates';

const TIER_NAMES: Record<PaidTier, string> = { basic: 'Basic', pro: 'Pro', expert: 'Expert' };

/**
 * How the period a payment buys will run (contract §9 tier change), said before paying: another tier
 * than the current active one starts at the approval; the same tier continues from the current end
 * (in the grace: from the old end, which has passed).
 */
export const periodNote = (user: AccessSubject | null, tier: PaidTier, duration: Duration, now = Date.now()): string => {
  const active = user !== null && hasActiveMembership(user, now);
  const current = user?.membershipTier?.toLowerCase();
  if (active && isPaidTier(current) && current === tier && user.membershipEnd) {
    const end = formatDate(typeof user.membershipEnd === 'string' ? user.membershipEnd : user.membershipEnd.toISOString());
    return isInGrace(user, now) ? `Your new period continues from your old end, ${end}.` : `Your new period continues from your current end, ${end}.`;
  }
  return `Your ${TIER_NAMES[tier]} ${duration === 'yearly' ? 'year' : 'month'} starts when the payment is approved.`;
};
