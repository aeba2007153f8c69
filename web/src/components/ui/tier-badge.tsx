import { Badge } from '@chakra-ui/react';
import type { BadgeProps } from '@chakra-ui/react';

export type BadgeTier = 'trial' | 'basic' | 'pro' | 'expert';

/**
 * One look per tier, the one place it is decided (spec §2 "Badge colours: trial grey, pro dark, expert
 * gold"; basic teal). Every tier badge and the Trial status badge draw from here, so a trial is the same
 * grey in the menu, on /dashboard-member and in the admin's lists.
 */
export const TIER_BADGE_STYLES = {
  trial: { bg: 'gray.600', color: 'white' },
  basic: { bg: 'teal.700', color: 'white' },
  pro: { bg: 'gray.950', color: 'white', borderWidth: '1px', borderColor: 'gray.600' },
  expert: { bgGradient: 'to-r', gradientFrom: 'gold.300', gradientTo: 'gold.500', color: 'gold.contrast' },
} as const satisfies Record<BadgeTier, BadgeProps>;

/** A tier the product does not know (an old record's text): plain grey, still readable. */
const UNKNOWN_TIER_STYLE = { bg: 'gray.700', color: 'white' } as const satisfies BadgeProps;

/**
 * A tier whose membership has ended (beside the Expired badge): no fill, the tier's colour as its
 * outline and its name in fg.muted, so the text stays ≥ 4.5:1 on whatever is behind it. A faded badge
 * (opacity 0.6) took Basic's white on teal to about 3.6:1 on the menu's panel.
 */
export const ENDED_TIER_BADGE_STYLE = { bg: 'transparent', color: 'fg.muted', borderWidth: '1px' } as const satisfies BadgeProps;
export const ENDED_TIER_OUTLINES = { trial: 'gray.500', basic: 'teal.500', pro: 'gray.500', expert: 'gold.500' } as const satisfies Record<BadgeTier, string>;

export type MembershipBadgeStatus = 'Active' | 'Grace' | 'Trial' | 'Expired';

/**
 * One look per membership status everywhere (the member's dashboard and menu, the admin's member list and
 * inbox): Active green, Grace amber (a warning: the rights end soon), Expired red, and Trial the trial
 * tier's own grey, never a second grey or blue.
 */
export const MEMBERSHIP_STATUS_STYLES = {
  Active: { colorPalette: 'green', variant: 'solid' },
  Grace: { colorPalette: 'amber', variant: 'solid' },
  Trial: TIER_BADGE_STYLES.trial,
  Expired: { colorPalette: 'red', variant: 'solid' },
} as const satisfies Record<MembershipBadgeStatus, BadgeProps>;

/**
 * A payment's status (spec §4 "Payment status badge colours: approved green, pending yellow, rejected
 * red, other grey"), solid, the same on the member's history and the admin's queue and inbox panel.
 */
export const PAYMENT_STATUS_PALETTES: Readonly<Record<string, string>> = { approved: 'green', pending: 'yellow', rejected: 'red' };
export const OTHER_PAYMENT_STATUS_PALETTE = 'gray';

export const paymentStatusPalette = (status: string): string =>
  Object.hasOwn(PAYMENT_STATUS_PALETTES, status) ? PAYMENT_STATUS_PALETTES[status]! : OTHER_PAYMENT_STATUS_PALETTE;

/** A role chip beside the tier badge says nothing new when it reads the same ("trial" and "Trial"). */
export const roleRepeatsTier = (role: string | null | undefined, tier: string | null | undefined): boolean =>
  Boolean(role && tier && role.toLowerCase() === tier.toLowerCase());

/**
 * The style of a tier's badge, or null when it shows none (spec §2: none for admins, none for tier "None");
 * `ended` for a membership that has ended (ENDED_TIER_BADGE_STYLE).
 */
export const tierBadgeStyle = (role: string | null | undefined, tier: string | null | undefined, ended = false): BadgeProps | null => {
  if (role === 'admin' || !tier) return null;
  const key = tier.toLowerCase();
  if (key === 'none' || key === 'admin') return null;
  const known = Object.hasOwn(TIER_BADGE_STYLES, key);
  if (ended) return { ...ENDED_TIER_BADGE_STYLE, borderColor: known ? ENDED_TIER_OUTLINES[key as BadgeTier] : 'border.emphasized' };
  return known ? TIER_BADGE_STYLES[key as BadgeTier] : UNKNOWN_TIER_STYLE;
};

/**
 * Membership tier label (spec §2): none for admins, none for tier "None"; trial grey, pro dark,
 * expert gold, basic teal; `ended`, an outline of the same colour. The tier text is compared in lower case.
 */
export function TierBadge({
  role,
  tier,
  ended = false,
  ...props
}: { role: string | null | undefined; tier: string | null | undefined; ended?: boolean } & BadgeProps) {
  const style = tierBadgeStyle(role, tier, ended);
  if (!style || !tier) return null;
  return (
    <Badge
      data-testid="tier-badge"
      data-tier={tier.toLowerCase()}
      data-ended={ended || undefined}
      textTransform="capitalize"
      px="2"
      borderRadius="full"
      fontWeight="semibold"
      {...style}
      {...props}
    >
      {tier}
    </Badge>
  );
}

/** A membership status (spec §4 Active, Trial, Expired; contract §9 Grace) in its one look. */
export function MembershipStatusBadge({ status, ...props }: { status: MembershipBadgeStatus } & BadgeProps) {
  return (
    <Badge data-status={status} px="2" borderRadius="full" fontWeight="semibold" {...MEMBERSHIP_STATUS_STYLES[status]} {...props}>
      {status}
    </Badge>
  );
}

/** A payment's status in its one look (approved green, pending yellow, rejected red, other grey). */
export function PaymentStatusBadge({ status, ...props }: { status: string } & BadgeProps) {
  return (
    <Badge
      data-payment-status={status}
      colorPalette={paymentStatusPalette(status)}
      variant="solid"
      px="2"
      borderRadius="full"
      fontWeight="semibold"
      textTransform="capitalize"
      {...props}
    >
      {status}
    </Badge>
  );
}
