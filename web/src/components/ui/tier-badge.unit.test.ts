import { describe, expect, it } from 'vitest';

import { MEMBERSHIP_STATUS_PALETTE, roleRepeatsTier } from './tier-badge';

describe('one badge style per tier and status', () => {
  it('a trial is grey everywhere, as its tier badge (never blue)', () => {
    expect(MEMBERSHIP_STATUS_PALETTE.Trial).toBe('gray');
  });

  it('the role chip is left out when it reads like the tier badge ("Trial Trial")', () => {
    expect(roleRepeatsTier('trial', 'trial')).toBe(true);
    expect(roleRepeatsTier('trial', 'Trial')).toBe(true);
    expect(roleRepeatsTier('member', 'pro')).toBe(false);
    expect(roleRepeatsTier('member', null)).toBe(false);
  });
});
