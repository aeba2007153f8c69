import { isPaidTier, type Duration, type Role } from '@le/contracts';
import { badRequest, conflict, notFound } from '../lib/errors';
import type { Store, UserRecord } from '../store';
import { addPeriod } from './memberships';

/** What an admin may change on a member (PATCH /api/admin/members/:id). */
export interface MemberChangeInput {
  membershipTier?: string;
  duration?: Duration | null;
  /** ISO date-time, or null to clear. */
  membershipEnd?: string | null;
  role?: Role;
}

export type MembershipFields = Pick<UserRecord, 'role' | 'membershipTier' | 'duration' | 'membershipEnd'>;

const parseEnd = (text: string | null | undefined): Date | null | undefined => {
  if (text === undefined || text === null) return text;
  const date = new Date(text);
  const year = date.getUTCFullYear();
  if (Number.isNaN(date.getTime()) || year < 2000 || year > 2200) throw badRequest('The end date is not a valid date.', 'BAD_DATE');
  return date;
};

/**
 * The membership fields after an admin's change, kept coherent: an admin has the tier "admin" and
 * no membership; a member has a paid tier, a duration and an end date; a trial has the tier
 * "trial" and no paid membership. A paid tier alone makes the user a member; a member without an
 * end date gets one duration from now.
 */
export const planMemberChange = (current: UserRecord, input: MemberChangeInput, now = new Date()): MembershipFields => {
  const tier = input.membershipTier;
  const end = parseEnd(input.membershipEnd);
  if (input.role === 'guest') throw badRequest('A verified account cannot become a guest. Choose admin, member or trial.', 'BAD_ROLE');
  const inferred: Role | undefined =
    tier === undefined ? undefined : isPaidTier(tier) ? 'member' : tier === 'trial' ? 'trial' : tier === 'admin' ? 'admin' : undefined;
  if (tier !== undefined && inferred === undefined) throw badRequest('Unknown tier. Choose basic, pro, expert, trial or admin.', 'BAD_TIER');
  const role: Role = input.role ?? inferred ?? current.role;
  if (role === 'guest') throw badRequest('This account has not verified its email yet.', 'NOT_VERIFIED');

  if (role === 'admin') {
    if (tier !== undefined && tier !== 'admin') throw badRequest('An admin has the tier "admin".', 'TIER_ROLE_MISMATCH');
    if (end) throw badRequest('An admin has no membership end date.', 'TIER_ROLE_MISMATCH');
    return { role, membershipTier: 'admin', duration: null, membershipEnd: null };
  }
  if (role === 'trial') {
    if (tier !== undefined && tier !== 'trial') throw badRequest('A trial has the tier "trial". Choose the role member for a paid tier.', 'TIER_ROLE_MISMATCH');
    if (end) throw badRequest('A trial has no membership end date; its trial date applies.', 'TIER_ROLE_MISMATCH');
    return { role, membershipTier: 'trial', duration: null, membershipEnd: null };
  }
  // member
  const memberTier = tier ?? (isPaidTier(current.membershipTier) ? current.membershipTier : undefined);
  if (!memberTier || !isPaidTier(memberTier)) throw badRequest('A member needs a tier: basic, pro or expert.', 'TIER_ROLE_MISMATCH');
  const duration = input.duration === undefined ? (current.duration ?? 'monthly') : input.duration;
  if (duration === null) throw badRequest('A member needs a duration: monthly or yearly.', 'TIER_ROLE_MISMATCH');
  let membershipEnd: Date | null;
  if (end !== undefined) membershipEnd = end;
  else if (current.role === 'member' && current.membershipEnd) membershipEnd = current.membershipEnd;
  else membershipEnd = addPeriod(now, duration);
  if (membershipEnd === null) throw badRequest('A member needs a membership end date.', 'TIER_ROLE_MISMATCH');
  return { role, membershipTier: memberTier.toLowerCase(), duration, membershipEnd };
};

const show = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
};

/** "role trial → member, tier trial → pro, ..." for the fields that differ; empty when none. */
export const describeChanges = (before: MembershipFields, after: MembershipFields): string[] => {
  const changes: string[] = [];
  const fields: [keyof MembershipFields, string][] = [
    ['role', 'role'],
    ['membershipTier', 'tier'],
    ['duration', 'duration'],
    ['membershipEnd', 'end'],
  ];
  for (const [key, label] of fields) {
    const from = before[key];
    const to = after[key];
    const same = from instanceof Date && to instanceof Date ? from.getTime() === to.getTime() : from === to;
    if (!same) changes.push(`${label} ${show(from)} → ${show(to)}`);
  }
  return changes;
};

/** The body of PATCH /api/admin/members/:id: `tier` is contract §5's name of `membershipTier`. */
export interface MemberPatch extends MemberChangeInput {
  tier?: string;
}

export interface MemberChangeResult {
  /** The member before the change. */
  before: UserRecord;
  /** The member as stored now (unchanged when nothing differed). */
  user: UserRecord;
  /** "role trial → member, ..." for the activity log; empty when nothing changed. */
  changes: string[];
}

/**
 * An admin's change of a member's role and membership (PATCH /api/admin/members/:id). Refused: an
 * empty or self-contradicting change (invalid), an unknown member (not found), an account that has
 * not verified its email (it becomes a trial through its code), an admin removing their own admin
 * role, and the demotion of the last admin (conflict), also when two admins demote each other at
 * once: whoever finds no admin left after its write puts its change back.
 */
export const changeMember = async (
  users: Store['users'],
  { adminId, memberId, patch, now = new Date() }: { adminId: string; memberId: string; patch: MemberPatch; now?: Date },
): Promise<MemberChangeResult> => {
  const { tier, membershipTier, ...rest } = patch;
  if (tier !== undefined && membershipTier !== undefined && tier !== membershipTier) {
    throw badRequest('tier and membershipTier disagree; send one of them.', 'BAD_TIER');
  }
  const input: MemberChangeInput = { ...rest, membershipTier: membershipTier ?? tier };
  if (Object.values(input).every((value) => value === undefined)) throw badRequest('Nothing to change.', 'EMPTY_CHANGE');

  const current = await users.findById(memberId);
  if (!current) throw notFound('Member not found.');
  // An unverified account becomes a trial through its mailed code, not through the console.
  if (!current.emailVerified) throw conflict('This account has not verified its email yet.', 'NOT_VERIFIED');
  const next = planMemberChange(current, input, now);
  const changes = describeChanges(current, next);
  if (changes.length === 0) return { before: current, user: current, changes };

  const demotesAdmin = current.role === 'admin' && next.role !== 'admin';
  if (demotesAdmin && current._id === adminId) throw conflict('You cannot remove your own admin role.', 'SELF_DEMOTION');
  if (demotesAdmin && (await users.countAdmins()) <= 1) throw conflict('The last admin cannot be demoted.', 'LAST_ADMIN');

  const updated = await users.update(current._id, next);
  if (!updated) throw notFound('Member not found.');
  // Two admins demoting each other at once: whoever finds no admin left puts its change back.
  if (demotesAdmin && (await users.countAdmins()) === 0) {
    await users.update(current._id, {
      role: current.role,
      membershipTier: current.membershipTier,
      duration: current.duration,
      membershipEnd: current.membershipEnd,
    });
    throw conflict('The last admin cannot be demoted.', 'LAST_ADMIN');
  }
  return { before: current, user: updated, changes };
};
