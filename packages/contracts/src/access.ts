import { LIMITS, type Role } from './constants';

/** The part of a user that decides what it may do. Dates are ISO strings or Date objects. */
export interface AccessSubject {
  role: Role;
  membershipTier?: string | null;
  membershipEnd?: string | Date | null;
  /** When the rights of a paid membership end, when later than its end (GRACE_DAYS); null or absent without grace. */
  graceEndsAt?: string | Date | null;
  trialExpiresAt?: string | Date | null;
}

const toTime = (value: string | Date | null | undefined): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? null : time;
};

export const isPaidTier = (tier: string | null | undefined): boolean =>
  tier !== null && tier !== undefined && ['basic', 'pro', 'expert'].includes(tier.toLowerCase());

/** When a paid membership's rights end: its grace's end when it has one, else its end; null without an end. */
export const rightsEndOf = (subject: AccessSubject): number | null => toTime(subject.graceEndsAt) ?? toTime(subject.membershipEnd);

/** True while the membership has ended but its grace still runs. */
export const isInGrace = (subject: AccessSubject, now = Date.now()): boolean => {
  const end = toTime(subject.membershipEnd);
  const grace = toTime(subject.graceEndsAt);
  return subject.role === 'member' && end !== null && grace !== null && end <= now && now < grace;
};

/** A membership grants rights only until its end (and its grace, contract §9), whatever the stored role says. */
export const hasActiveMembership = (subject: AccessSubject, now = Date.now()): boolean => {
  const end = rightsEndOf(subject);
  return subject.role === 'member' && isPaidTier(subject.membershipTier) && end !== null && end > now;
};

export const isTrialActive = (subject: AccessSubject, now = Date.now()): boolean => {
  const end = toTime(subject.trialExpiresAt);
  return end !== null && end > now;
};

/** Admins and members with an active membership may use member features (chart, posting). */
export const canUseMemberFeatures = (subject: AccessSubject | null, now = Date.now()): boolean =>
  subject !== null && (subject.role === 'admin' || hasActiveMembership(subject, now));

export type MembershipStatus = 'Active' | 'Trial' | 'Expired';

/** Spec §4: Active if membershipEnd is in the future; Trial with no tier and a running trial; else Expired. */
export const membershipStatus = (subject: AccessSubject, now = Date.now()): MembershipStatus => {
  const end = toTime(subject.membershipEnd);
  if (end !== null && end > now) return 'Active';
  if (!isPaidTier(subject.membershipTier) && isTrialActive(subject, now)) return 'Trial';
  return 'Expired';
};

/**
 * Spec §5: the author may edit or delete a message up to 5 minutes after sending it, that moment
 * included. The one rule for the server's decision and the screen's buttons.
 */
export const isWithinEditWindow = (createdAt: string | Date, now: string | Date | number = Date.now()): boolean => {
  const created = toTime(createdAt);
  const at = typeof now === 'number' ? now : toTime(now);
  return created !== null && at !== null && at - created <= LIMITS.editWindowMs;
};

/** The pages only an admin may open (spec §1's route table); their subpages too. */
export const ADMIN_PAGES = ['/log-activity', '/dashboard', '/manage-membership', '/manage-history', '/chat-admin'] as const;

/** Whether `page` (a path, without query) is one of the admin's pages or under one. */
export const isAdminPage = (page: string): boolean => {
  const path = page.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/';
  return ADMIN_PAGES.some((admin) => path === admin || path.startsWith(`${admin}/`));
};
