import { canUseMemberFeatures, isPaidTier } from '@le/contracts';
import type { MembershipChangedPayload } from '@le/contracts';

import { formatDate } from '@/lib/dates';
import type { SessionUser } from '@/lib/session-user';

export interface MembershipNotice {
  type: 'success' | 'info' | 'warning';
  title: string;
  description: string;
}

const tierName = (tier: string) => tier.toUpperCase();

/** The rights end the screen may have missed: the push comes within one lifecycle run after it. */
const RECENT_MS = 10 * 60_000;

/** Had the user member rights at `at`? Before /auth/me answered, the stored user has no dates: its paid tier says. */
const hadRights = (before: SessionUser | null, at: number): boolean => {
  if (!before || before.role === 'admin') return false;
  if (!('membershipEnd' in before)) return before.role === 'member' && isPaidTier(before.membershipTier);
  return canUseMemberFeatures({ ...before, role: before.role }, at);
};

/**
 * What to tell the user when `membership:changed` arrives (contract §9): their rights opened (an
 * approval), ended (lately: the push follows the end), or moved (a renewal, another tier). Null when
 * nothing they can do changed (an admin, an edit of an expired account).
 */

export const membershipNotice = (before: SessionUser | null, change: MembershipChangedPayload, now = Date.now()): MembershipNotice | null => {
  if (change.role === 'admin') return null;
  const until = formatDate(change.membershipEnd);
  const activeBefore = hadRights(before, now);
  if (change.canPost && !activeBefore) {
    return {
      type: 'success',
      title: 'Your membership is active',
      description: `${tierName(change.membershipTier)} until ${until}: the live chart and posting in the member room are open.`,
    };
  }
  if (change.canPost) {
    const moved = before?.membershipTier !== change.membershipTier || before?.membershipEnd !== change.membershipEnd;
    return moved ? { type: 'info', title: 'Your membership was updated', description: `${tierName(change.membershipTier)} until ${until}.` } : null;
  }
  if (activeBefore || hadRights(before, now - RECENT_MS)) {
    return {
      type: 'warning',
      title: 'Your membership has ended',
      description: 'The live chart and posting in the member room are closed until you renew. You can still message the admins.',
    };
  }
  return null;
};
