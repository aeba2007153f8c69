import { PAID_TIERS, signalAccessOf } from '@le/contracts';
import { describe, expect, it } from 'vitest';

import { TIER_FEATURES, tierFeatureRows, tierName, tierSummary } from './tier-features';

const included = (tier: (typeof PAID_TIERS)[number]) =>
  Object.fromEntries(tierFeatureRows(tier).map((row) => [row.key, row.included]));

describe('the tier comparison is the product rules (contract §8 who sees what)', () => {
  it('every paid tier: the live chart, the member room and the admins', () => {
    for (const tier of PAID_TIERS) expect(included(tier), tier).toMatchObject({ chart: true, room: true, admins: true });
  });

  it("basic sees neither the open signals' levels nor the analysis; pro the levels; expert both", () => {
    expect(included('basic')).toMatchObject({ levels: false, analysis: false });
    expect(included('pro')).toMatchObject({ levels: true, analysis: false });
    expect(included('expert')).toMatchObject({ levels: true, analysis: true });
  });

  it('the signal rows ask signalAccessOf about an active member, not a table of their own', () => {
    const levels = TIER_FEATURES.find((feature) => feature.key === 'levels')!;
    const analysis = TIER_FEATURES.find((feature) => feature.key === 'analysis')!;
    const now = Date.now();
    const ended = { role: 'member' as const, membershipTier: 'expert', membershipEnd: new Date(now - 1000), graceEndsAt: null };
    // an ended expert sees nothing: the rule's own answer, which a hand-written row would not know
    expect(signalAccessOf(ended, now)).toBe('none');
    expect(levels.has(ended, now)).toBe(false);
    expect(analysis.has(ended, now)).toBe(false);
    const admin = { role: 'admin' as const };
    expect(analysis.has(admin, now)).toBe(true);
  });

  it('each tier says what it adds to the one below, never what every signed-in user has (the admins, a trial too)', () => {
    expect(tierSummary('basic')).toBe('The live chart and the member room.');
    expect(tierSummary('pro')).toBe("Everything in Basic, plus the open signals' direction and levels.");
    expect(tierSummary('expert')).toBe("Everything in Pro, plus the admins' analysis.");
    const everyone = TIER_FEATURES.filter((feature) => feature.adds === null).map((feature) => feature.key);
    expect(everyone).toEqual(['admins']);
  });

  it("the levels row names all an open signal hides below pro (contract §8: side, entry, stopLoss, takeProfits)", () => {
    const levels = TIER_FEATURES.find((feature) => feature.key === 'levels')!;
    for (const word of ['direction', 'entry', 'stop-loss', 'targets']) expect(levels.label).toContain(word);
    expect(levels.adds).toContain('direction');
  });

  it('a tier by name', () => {
    expect(PAID_TIERS.map(tierName)).toEqual(['Basic', 'Pro', 'Expert']);
  });
});
