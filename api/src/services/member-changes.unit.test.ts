import { describe, expect, it } from 'vitest';
import { newUserRecord, type UserRecord } from '../store';
import { describeChanges, planMemberChange } from './member-changes';

const NOW = new Date('2030-01-31T10:00:00.000Z');

const user = (overrides: Partial<UserRecord> = {}): UserRecord => ({
  ...newUserRecord({
    _id: 'u1',
    name: 'Sari',
    username: 'sari',
    email: 'sari@example.com',
    passwordHash: 'x',
    emailVerified: true,
    role: 'trial',
    membershipTier: 'trial',
    trialExpiresAt: new Date('2030-02-03T00:00:00.000Z'),
  }),
  emailLower: 'sari@example.com',
  usernameLower: 'sari',
  ...overrides,
});

describe('planMemberChange', () => {
  it('a paid tier alone makes a trial a member for one period from now (month end clamped)', () => {
    expect(planMemberChange(user(), { membershipTier: 'pro' }, NOW)).toEqual({
      role: 'member',
      membershipTier: 'pro',
      duration: 'monthly',
      membershipEnd: new Date('2030-02-28T10:00:00.000Z'),
    });
    expect(planMemberChange(user(), { membershipTier: 'expert', duration: 'yearly' }, NOW).membershipEnd).toEqual(new Date('2031-01-31T10:00:00.000Z'));
  });

  it("keeps a member's end date when only the tier changes, and takes a given one", () => {
    const end = new Date('2030-06-01T00:00:00.000Z');
    const member = user({ role: 'member', membershipTier: 'basic', duration: 'monthly', membershipEnd: end });
    expect(planMemberChange(member, { membershipTier: 'pro' }, NOW)).toMatchObject({ membershipTier: 'pro', membershipEnd: end });
    expect(planMemberChange(member, { membershipEnd: '2031-01-01T00:00:00.000Z' }, NOW).membershipEnd).toEqual(new Date('2031-01-01T00:00:00.000Z'));
  });

  it('an admin has the tier admin and no membership; a trial the tier trial', () => {
    const member = user({ role: 'member', membershipTier: 'pro', duration: 'yearly', membershipEnd: NOW });
    expect(planMemberChange(member, { role: 'admin' }, NOW)).toEqual({ role: 'admin', membershipTier: 'admin', duration: null, membershipEnd: null });
    expect(planMemberChange(member, { role: 'trial' }, NOW)).toEqual({ role: 'trial', membershipTier: 'trial', duration: null, membershipEnd: null });
  });

  it.each([
    [{ role: 'member' as const }, 'A member needs a tier'],
    [{ role: 'trial' as const, membershipTier: 'pro' }, 'A trial has the tier'],
    [{ role: 'admin' as const, membershipTier: 'basic' }, 'An admin has the tier'],
    [{ role: 'guest' as const }, 'cannot become a guest'],
    [{ membershipTier: 'gold' }, 'Unknown tier'],
    [{ membershipTier: 'pro', duration: null }, 'needs a duration'],
    [{ membershipTier: 'pro', membershipEnd: 'not a date' }, 'not a valid date'],
    [{ membershipTier: 'pro', membershipEnd: '1970-01-01T00:00:00.000Z' }, 'not a valid date'],
  ])('refuses %o', (input, message) => {
    expect(() => planMemberChange(user(), input, NOW)).toThrow(message);
  });
});

describe('describeChanges', () => {
  it('names only what differs, dates as days, missing values as a dash', () => {
    const before = { role: 'trial' as const, membershipTier: 'trial', duration: null, membershipEnd: null };
    const after = { role: 'member' as const, membershipTier: 'pro', duration: 'monthly' as const, membershipEnd: new Date('2030-02-28T10:00:00.000Z') };
    expect(describeChanges(before, after)).toEqual(['role trial → member', 'tier trial → pro', 'duration — → monthly', 'end — → 2030-02-28']);
    expect(describeChanges(after, { ...after, membershipEnd: new Date(after.membershipEnd.getTime()) })).toEqual([]);
  });
});
