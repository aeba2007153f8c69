import { describe, expect, it } from 'vitest';
import { canUseMemberFeatures, hasActiveMembership, isInGrace, membershipStatus, rightsEndOf } from './access';

const now = Date.parse('2026-06-01T00:00:00Z');
const future = '2026-07-01T00:00:00Z';
const past = '2026-05-01T00:00:00Z';

describe('membership rules', () => {
  it('an active paid member has member rights until the end date, whatever the role says after', () => {
    const member = { role: 'member' as const, membershipTier: 'Pro', membershipEnd: future };
    expect(hasActiveMembership(member, now)).toBe(true);
    expect(canUseMemberFeatures(member, now)).toBe(true);
    expect(canUseMemberFeatures({ ...member, membershipEnd: past }, now)).toBe(false);
    expect(canUseMemberFeatures({ ...member, role: 'trial' }, now)).toBe(false);
  });

  it('admins always have member rights; guests and trials never', () => {
    expect(canUseMemberFeatures({ role: 'admin' }, now)).toBe(true);
    expect(canUseMemberFeatures({ role: 'trial', trialExpiresAt: future }, now)).toBe(false);
    expect(canUseMemberFeatures(null, now)).toBe(false);
  });

  it('status badge follows spec §4', () => {
    expect(membershipStatus({ role: 'member', membershipTier: 'basic', membershipEnd: future }, now)).toBe('Active');
    expect(membershipStatus({ role: 'trial', membershipTier: 'trial', trialExpiresAt: future }, now)).toBe('Trial');
    expect(membershipStatus({ role: 'trial', membershipTier: 'trial', trialExpiresAt: past }, now)).toBe('Expired');
    expect(membershipStatus({ role: 'member', membershipTier: 'basic', membershipEnd: past }, now)).toBe('Expired');
    expect(membershipStatus({ role: 'member', membershipTier: 'basic', membershipEnd: 'garbage' }, now)).toBe('Expired');
  });

  it('grace (contract §9): rights until graceEndsAt, the badge still by membershipEnd', () => {
    const ended = { role: 'member' as const, membershipTier: 'pro', membershipEnd: past, graceEndsAt: future };
    expect(hasActiveMembership(ended, now)).toBe(true);
    expect(canUseMemberFeatures(ended, now)).toBe(true);
    expect(isInGrace(ended, now)).toBe(true);
    expect(rightsEndOf(ended)).toBe(new Date(future).getTime());
    expect(membershipStatus(ended, now)).toBe('Expired');
    expect(hasActiveMembership({ ...ended, graceEndsAt: past }, now)).toBe(false);
    expect(isInGrace({ ...ended, membershipEnd: future }, now)).toBe(false);
    expect(isInGrace({ ...ended, graceEndsAt: null }, now)).toBe(false);
  });
});
