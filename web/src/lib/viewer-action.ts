import { PAID_TIERS, UI_TEXT, canUseMemberFeatures, hasActiveMembership } from '@le/contracts';
import type { AccessSubject } from '@le/contracts';

import { paths } from '@/config/paths';

/** Who is looking, as far as what they can do next goes. */
export type ViewerKind = 'guest' | 'admin' | 'member' | 'expired' | 'trial';

/** What a signed-in person can do next; a guest has none (the screens keep their sign-in and sign-up). */
export interface ViewerAction {
  kind: 'live' | 'pending' | 'renew' | 'choose' | 'upgrade';
  label: string;
  href: string;
}

export const VIEWER_ACTIONS = {
  live: { kind: 'live', label: 'Open the live chart', href: paths.live.href },
  pending: { kind: 'pending', label: 'See your pending payment', href: paths.dashboardMember.href },
  renew: { kind: 'renew', label: 'Renew membership', href: paths.paymentMembership.href },
  choose: { kind: 'choose', label: 'Choose a membership', href: paths.paymentMembership.href },
  upgrade: { kind: 'upgrade', label: UI_TEXT.upgradeMember, href: paths.paymentMembership.href },
} as const satisfies Record<ViewerAction['kind'], ViewerAction>;

/** The top tier: an active member of it has nothing to upgrade to. */
const TOP_TIER = PAID_TIERS[PAID_TIERS.length - 1];

/** A user's kind by rights (membership dates), whatever the stored role says: a lapsed member is `expired`. */
export const viewerKindOf = (user: AccessSubject | null | undefined, now = Date.now()): ViewerKind => {
  if (!user) return 'guest';
  if (user.role === 'admin') return 'admin';
  if (canUseMemberFeatures({ ...user, membershipEnd: user.membershipEnd ?? null }, now)) return 'member';
  return user.role === 'member' ? 'expired' : 'trial';
};

/**
 * What the signed-in person can do next: an admin or active member opens the live chart; anyone else
 * with a payment waiting sees it; an expired member renews; a trial chooses a membership. Null for a guest.
 */
export const viewerActionFor = (user: AccessSubject | null | undefined, { pendingPayment = false } = {}, now = Date.now()): ViewerAction | null => {
  const kind = viewerKindOf(user, now);
  if (kind === 'guest') return null;
  if (kind === 'admin' || kind === 'member') return VIEWER_ACTIONS.live;
  if (pendingPayment) return VIEWER_ACTIONS.pending;
  return kind === 'expired' ? VIEWER_ACTIONS.renew : VIEWER_ACTIONS.choose;
};

/**
 * Whether "Upgrade Member" is offered: never to an admin, never while a payment waits for an admin,
 * never to an active member of the top tier (there is nothing above it).
 */
export const canUpgrade = (user: AccessSubject | null | undefined, { pendingPayment = false } = {}, now = Date.now()): boolean => {
  if (!user || user.role === 'admin' || pendingPayment) return false;
  return !(hasActiveMembership(user, now) && user.membershipTier?.toLowerCase() === TOP_TIER);
};

/**
 * The top bar's one action beside the account menu: the next step for a trial, an expired member or a
 * payment waiting; "Upgrade Member" for an active member below the top tier (the live chart has its own
 * link there); nothing for an admin, a top-tier member or a guest (who has SIGN IN).
 */
export const navActionFor = (user: AccessSubject | null | undefined, options: { pendingPayment?: boolean } = {}, now = Date.now()): ViewerAction | null => {
  const action = viewerActionFor(user, options, now);
  if (action?.kind !== 'live') return action;
  if (viewerKindOf(user, now) === 'admin' || !canUpgrade(user, options, now)) return null;
  return VIEWER_ACTIONS.upgrade;
};
