import { Badge } from '@chakra-ui/react';
import type { BadgeProps } from '@chakra-ui/react';

const tierStyles: Record<string, BadgeProps> = {
  trial: { bg: 'gray.600', color: 'white' },
  basic: { bg: 'teal.700', color: 'white' },
  pro: { bg: 'gray.950', color: 'white', borderWidth: '1px', borderColor: 'gray.600' },
  expert: { bgGradient: 'to-r', gradientFrom: 'gold.300', gradientTo: 'gold.500', color: 'gold.contrast' },
};

/**
 * The membership status badges' colours, one per status everywhere (the member's dashboard, the admin's
 * member list and inbox): a trial is grey like its tier badge, never blue.
 */
export const MEMBERSHIP_STATUS_PALETTE = { Active: 'green', Grace: 'orange', Trial: 'gray', Expired: 'red' } as const;

/** A role chip beside the tier badge says nothing new when it reads the same ("trial" and "Trial"). */
export const roleRepeatsTier = (role: string | null | undefined, tier: string | null | undefined): boolean =>
  Boolean(role && tier && role.toLowerCase() === tier.toLowerCase());

/**
 * Membership tier label (spec §2): none for admins, none for tier "None"; trial grey, pro dark,
 * expert gold, basic teal. The tier text is compared in lower case.
 */
export function TierBadge({ role, tier, ...props }: { role: string | null | undefined; tier: string | null | undefined } & BadgeProps) {
  if (role === 'admin' || !tier) return null;
  const key = tier.toLowerCase();
  if (key === 'none' || key === 'admin') return null;
  const style = tierStyles[key] ?? { bg: 'gray.700', color: 'white' };
  return (
    <Badge data-testid="tier-badge" data-tier={key} textTransform="capitalize" px="2" borderRadius="full" fontWeight="semibold" {...style} {...props}>
      {tier}
    </Badge>
  );
}
