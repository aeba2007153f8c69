import type { AccessSubject, PaidTier } from '@le/contracts';
import { PAID_TIERS, canUseMemberFeatures, signalAccessOf } from '@le/contracts';

/**
 * What a paid tier gives, row by row, for the comparison on /payment-membership. Each row asks the
 * rule the product itself applies (`canUseMemberFeatures` for the chart and the member room,
 * `signalAccessOf` for the signals, contract §8) about an active member of the tier, so the page
 * says what the product does: change a rule and the comparison follows.
 */
export interface TierFeature {
  key: 'chart' | 'room' | 'admins' | 'levels' | 'analysis';
  /** The row as the comparison shows it. */
  label: string;
  /**
   * The same, as a tier's "plus ..." (see tierSummary), or null when no tier adds it (every
   * signed-in user has it, a trial too), so a tier's summary never claims it.
   */
  adds: string | null;
  /** Whether this active member has it. */
  has: (member: AccessSubject, now: number) => boolean;
}

export const TIER_FEATURES: readonly TierFeature[] = [
  { key: 'chart', label: 'Live gold chart (XAU/USD)', adds: 'the live chart', has: canUseMemberFeatures },
  { key: 'room', label: 'Post and reply in the member room', adds: 'the member room', has: canUseMemberFeatures },
  // Contract §9: every signed-in user writes to the admins (a trial too); no tier decides it, so no
  // tier's summary says it adds it.
  { key: 'admins', label: 'Private chat with the admins', adds: null, has: () => true },
  {
    // Contract §8: an open signal's side is hidden with its levels (viewSignalFor), so the row names it.
    key: 'levels',
    label: "Open signals' direction, entry, stop-loss and targets, live",
    adds: "the open signals' direction and levels",
    has: (member, now) => signalAccessOf(member, now) !== 'none',
  },
  {
    key: 'analysis',
    label: "The admins' analysis of every signal",
    adds: "the admins' analysis",
    has: (member, now) => signalAccessOf(member, now) === 'full',
  },
];

const DAY = 86_400_000;

/** A member of `tier` whose membership runs (the comparison is about what paying gives). */
const activeMemberOf = (tier: PaidTier, now: number): AccessSubject => ({
  role: 'member',
  membershipTier: tier,
  membershipEnd: new Date(now + 30 * DAY),
  graceEndsAt: null,
});

export interface TierFeatureRow {
  key: TierFeature['key'];
  label: string;
  included: boolean;
}

/** Every row of the comparison for one tier, included or not. */
export const tierFeatureRows = (tier: PaidTier, now = Date.now()): TierFeatureRow[] =>
  TIER_FEATURES.map(({ key, label, has }) => ({ key, label, included: has(activeMemberOf(tier, now), now) }));

/** A paid tier as a name in a sentence: "Pro". */
export const tierName = (tier: PaidTier): string => tier.charAt(0).toUpperCase() + tier.slice(1);

const joined = (parts: string[]): string =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;

/**
 * One line on what a tier adds to the tier below it ("Everything in Basic, plus the open signals'
 * direction and levels."); the first tier names what paying gives, leaving out what everyone has.
 */
export const tierSummary = (tier: PaidTier, now = Date.now()): string => {
  const index = PAID_TIERS.indexOf(tier);
  const mine = TIER_FEATURES.filter((feature) => feature.adds !== null && feature.has(activeMemberOf(tier, now), now));
  const adds = (features: TierFeature[]) => joined(features.map((feature) => feature.adds!));
  if (index === 0) return `${adds(mine).replace(/^./, (first) => first.toUpperCase())}.`;
  const below = PAID_TIERS[index - 1]!;
  const added = mine.filter((feature) => !feature.has(activeMemberOf(below, now), now));
  return added.length > 0 ? `Everything in ${tierName(below)}, plus ${adds(added)}.` : `Everything in ${tierName(below)}.`;
};
