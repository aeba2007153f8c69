import { describe, expect, it } from 'vitest';

import { ENDED_TIER_BADGE_STYLE, ENDED_TIER_OUTLINES, MEMBERSHIP_STATUS_STYLES, TIER_BADGE_STYLES, paymentStatusPalette, roleRepeatsTier, tierBadgeStyle } from './tier-badge';

describe('one badge style per tier and status', () => {
  it('the Trial status badge is the trial tier badge: one grey, never a second grey or blue', () => {
    expect(MEMBERSHIP_STATUS_STYLES.Trial).toBe(TIER_BADGE_STYLES.trial);
    expect(tierBadgeStyle('trial', 'Trial')).toBe(MEMBERSHIP_STATUS_STYLES.Trial);
    expect(TIER_BADGE_STYLES.trial.bg).toMatch(/^gray\./);
  });

  it('spec §2: trial grey, pro dark, expert gold; the tier text compared in lower case', () => {
    expect(tierBadgeStyle('member', 'PRO')).toBe(TIER_BADGE_STYLES.pro);
    expect(TIER_BADGE_STYLES.pro.bg).toBe('gray.950');
    expect(tierBadgeStyle('member', 'Expert')).toBe(TIER_BADGE_STYLES.expert);
    expect(TIER_BADGE_STYLES.expert.gradientFrom).toMatch(/^gold\./);
  });

  it('no badge for an admin, for tier "None" or without a tier', () => {
    expect(tierBadgeStyle('admin', 'pro')).toBeNull();
    expect(tierBadgeStyle('member', 'None')).toBeNull();
    expect(tierBadgeStyle('admin', 'admin')).toBeNull();
    expect(tierBadgeStyle('trial', null)).toBeNull();
  });

  it('every status has its own colour; a grace is a warning (amber), an ended membership red', () => {
    const looks = Object.values(MEMBERSHIP_STATUS_STYLES).map((style) => JSON.stringify(style));
    expect(new Set(looks).size).toBe(looks.length);
    expect(MEMBERSHIP_STATUS_STYLES.Grace.colorPalette).toBe('amber');
    expect(MEMBERSHIP_STATUS_STYLES.Expired.colorPalette).toBe('red');
    expect(MEMBERSHIP_STATUS_STYLES.Active.colorPalette).toBe('green');
  });

  it('the role chip is left out when it reads like the tier badge ("Trial Trial")', () => {
    expect(roleRepeatsTier('trial', 'trial')).toBe(true);
    expect(roleRepeatsTier('trial', 'Trial')).toBe(true);
    expect(roleRepeatsTier('member', 'pro')).toBe(false);
    expect(roleRepeatsTier('member', null)).toBe(false);
  });

  it('spec §4 payment status colours: approved green, pending yellow, rejected red, other grey', () => {
    expect(paymentStatusPalette('approved')).toBe('green');
    expect(paymentStatusPalette('pending')).toBe('yellow');
    expect(paymentStatusPalette('rejected')).toBe('red');
    expect(paymentStatusPalette('refunded')).toBe('gray');
    // a status named like an object's own property is still "other"
    expect(paymentStatusPalette('constructor')).toBe('gray');
  });

  it('an ended tier: no fill, its outline in the tier colour family, its text the muted text token', () => {
    expect(ENDED_TIER_BADGE_STYLE).toMatchObject({ bg: 'transparent', color: 'fg.muted' });
    expect(tierBadgeStyle('member', 'Basic', true)).toMatchObject({ bg: 'transparent', borderColor: 'teal.500' });
    expect(ENDED_TIER_OUTLINES.expert).toMatch(/^gold\./);
    expect(tierBadgeStyle('member', 'legacy', true)).toMatchObject({ bg: 'transparent', borderColor: 'border.emphasized' });
    expect(tierBadgeStyle('admin', 'pro', true)).toBeNull();
    expect(tierBadgeStyle('member', 'None', true)).toBeNull();
  });
});
