import { describe, expect, it } from 'vitest';
import { newUserRecord, type UserRecord } from '../store';
import { changeMember, describeChanges, planMemberChange } from './member-changes';

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

describe('changeMember', () => {
  /** A users repository in memory; `onUpdate` runs after each write (another admin's at once). */
  const fakeUsers = (records: UserRecord[], onUpdate?: (all: Map<string, UserRecord>) => void) => {
    const all = new Map(records.map((record) => [record._id, { ...record }]));
    const users = {
      findById: async (id: string) => all.get(id) ?? null,
      countAdmins: async () => [...all.values()].filter((record) => record.role === 'admin').length,
      update: async (id: string, changes: Partial<UserRecord>) => {
        const found = all.get(id);
        if (!found) return null;
        const updated = { ...found, ...changes };
        all.set(id, updated);
        onUpdate?.(all);
        return updated;
      },
    };
    return { all, users: users as unknown as Parameters<typeof changeMember>[0] };
  };
  const admin = (id: string) => user({ _id: id, username: id, role: 'admin', membershipTier: 'admin', trialExpiresAt: null });

  it('changes a member and says what changed and which role the sockets rejoin as', async () => {
    const { users, all } = fakeUsers([admin('a1'), user()]);
    const result = await changeMember(users, { adminId: 'a1', memberId: 'u1', patch: { tier: 'pro' }, now: NOW });
    expect(result.changes[0]).toBe('role trial → member');
    expect(all.get('u1')).toMatchObject({ role: 'member', membershipTier: 'pro' });
  });

  it('refuses with the words and codes the route answered', async () => {
    const { users } = fakeUsers([admin('a1'), user(), user({ _id: 'u2', emailVerified: false, role: 'guest', membershipTier: 'None' })]);
    const refused = (patch: object, memberId = 'u1', adminId = 'a1') => changeMember(users, { adminId, memberId, patch, now: NOW });
    await expect(refused({ tier: 'pro', membershipTier: 'basic' })).rejects.toMatchObject({ kind: 'invalid', code: 'BAD_TIER' });
    await expect(refused({})).rejects.toMatchObject({ kind: 'invalid', code: 'EMPTY_CHANGE' });
    await expect(refused({ tier: 'pro' }, 'nobody')).rejects.toMatchObject({ kind: 'not_found', message: 'Member not found.' });
    await expect(refused({ tier: 'pro' }, 'u2')).rejects.toMatchObject({ kind: 'conflict', code: 'NOT_VERIFIED' });
    await expect(refused({ role: 'trial' }, 'a1')).rejects.toMatchObject({ kind: 'conflict', code: 'SELF_DEMOTION' });
  });

  it('nothing differs: nothing is written and nothing is refreshed', async () => {
    const { users } = fakeUsers([admin('a1'), user()]);
    const result = await changeMember(users, { adminId: 'a1', memberId: 'u1', patch: { role: 'trial' }, now: NOW });
    expect(result).toMatchObject({ changes: [] });
  });

  it('two admins demoting each other at once: whoever finds no admin left puts its change back', async () => {
    // a2's demotion of a1 lands right after our write of a2
    const { users, all } = fakeUsers([admin('a1'), admin('a2')], (records) => {
      const other = records.get('a1')!;
      if (records.get('a2')!.role !== 'admin') records.set('a1', { ...other, role: 'trial', membershipTier: 'trial' });
    });
    await expect(changeMember(users, { adminId: 'a1', memberId: 'a2', patch: { role: 'trial' }, now: NOW })).rejects.toMatchObject({
      kind: 'conflict',
      code: 'LAST_ADMIN',
    });
    expect(all.get('a2')).toMatchObject({ role: 'admin', membershipTier: 'admin', membershipEnd: null });
  });
});
