import { PAID_TIERS, UI_TEXT, canUseMemberFeatures, hasActiveMembership } from '@le/contracts';
import type { AccessSubject } from '@le/contracts';

import { paths } from '@/config/paths';

/** Who is looking, as far as what they can do next goes. */
export type ViewerKind = 'guest' | 'admin' | 'member' | 'expired' | 'trial';

/** What a signed-in person can do next; a guest has none (the screens keep their sign-in and sign-up). */
export interface ViewerAction {
  kind: 'live' | 'pending' | 'renew' | 'choose' | 'upgrade' | 'extend' | 'move';
  label: string;
  href: string;
}

export const VIEWER_ACTIONS = {
  live: { kind: 'live', label: 'Open the live chart', href: paths.live.href },
  pending: { kind: 'pending', label: 'See your pending payment', href: paths.dashboardMember.href },
  renew: { kind: 'renew', label: 'Renew membership', href: paths.paymentMembership.href },
  choose: { kind: 'choose', label: 'Choose a membership', href: paths.paymentMembership.href },
  upgrade: { kind: 'upgrade', label: UI_TEXT.upgradeMember, href: paths.paymentMembership.href },
} as const satisfies Record<Exclude<ViewerAction['kind'], 'extend' | 'move'>, ViewerAction>;

const tierName = (tier: string): string => tier.charAt(0).toUpperCase() + tier.slice(1).toLowerCase();

/** Pay again for the tier held: a bank transfer never renews by itself, so it is said as what it is. */
const extendAction = (tier: string): ViewerAction => ({ kind: 'extend', label: `Extend ${tierName(tier)}`, href: `${paths.paymentMembership.href}?tier=${tier.toLowerCase()}` });
/** Pay for a higher tier (it starts at the approval, contract §9). */
const moveAction = (tier: string): ViewerAction => ({ kind: 'move', label: `Move to ${tierName(tier)}`, href: `${paths.paymentMembership.href}?tier=${tier}` });

/** The tier above `tier`, null at the top or for a tier that is not paid. */
const tierAbove = (tier: string | null | undefined): string | null => {
  const index = PAID_TIERS.findIndex((option) => option === tier?.toLowerCase());
  return index >= 0 && index < PAID_TIERS.length - 1 ? PAID_TIERS[index + 1]! : null;
};

/** The stored user before /auth/me answered carries no dates: whether the rights still run is not known yet. */
const datesUnknown = (user: AccessSubject): boolean => !('membershipEnd' in user);

/** The top tier: an active member of it has nothing to upgrade to. */
const TOP_TIER = PAID_TIERS[PAID_TIERS.length - 1];

/** A user's kind by rights (membership dates), whatever the stored role says: a lapsed member is `expired`. */
export const viewerKindOf = (user: AccessSubject | null | undefined, now = Date.now()): ViewerKind => {
  if (!user) return 'guest';
  if (user.role === 'admin') return 'admin';
  // Before /auth/me answered (the stored user has no dates), a paid member is taken at their word:
  // never told "Renew" while their membership may well run; the screens re-decide once it answers.
  if (datesUnknown(user) && user.role === 'member' && PAID_TIERS.some((tier) => tier === user.membershipTier?.toLowerCase())) return 'member';
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
 * payment waiting; "Move to <the tier above>" for an active member below the top tier (the live chart
 * has its own link there); nothing for an admin, a top-tier member or a guest (who has SIGN IN), and
 * nothing for a member while their dates load (never "Renew" to someone whose membership runs).
 */
export const navActionFor = (user: AccessSubject | null | undefined, options: { pendingPayment?: boolean } = {}, now = Date.now()): ViewerAction | null => {
  if (user && user.role === 'member' && datesUnknown(user)) return null;
  const action = viewerActionFor(user, options, now);
  if (action?.kind !== 'live') return action;
  if (viewerKindOf(user, now) === 'admin' || !canUpgrade(user, options, now)) return null;
  const above = tierAbove(user?.membershipTier);
  return above ? moveAction(above) : null;
};

/**
 * The Membership Dashboard's next steps, one per state: a trial "Upgrade Member" (spec §2); an active
 * member "Extend <tier>" and, below the top tier, "Move to <the tier above>"; none while a payment
 * waits, for an admin, or for a membership or trial that ended (its notice carries "Renew membership"
 * or "Become a member").
 */
export const membershipStepsFor = (user: AccessSubject | null | undefined, { pendingPayment = false } = {}, now = Date.now()): ViewerAction[] => {
  if (!user || user.role === 'admin' || pendingPayment || datesUnknown(user)) return [];
  const kind = viewerKindOf(user, now);
  if (kind === 'trial') return canUseTrial(user, now) ? [VIEWER_ACTIONS.upgrade] : [];
  if (kind !== 'member' || !user.membershipTier || !PAID_TIERS.some((tier) => tier === user.membershipTier?.toLowerCase())) return [];
  const above = tierAbove(user.membershipTier);
  return above ? [extendAction(user.membershipTier), moveAction(above)] : [extendAction(user.membershipTier)];
};

/** A trial whose days still run (an ended one is told by the dashboard's notice). */
const canUseTrial = (user: AccessSubject, now: number): boolean => {
  const end = user.trialExpiresAt;
  return Boolean(end && new Date(end).getTime() > now);
};
