import { type Duration, type Role } from '@le/contracts';
import type { UserRecord } from '../store';
/** What an admin may change on a member (PATCH /api/admin/members/:id). */
export interface MemberChangeInput {
    membershipTier?: string;
    duration?: Duration | null;
    /** ISO date-time, or null to clear. */
    membershipEnd?: string | null;
    role?: Role;
}
export type MembershipFields = Pick<UserRecord, 'role' | 'membershipTier' | 'duration' | 'membershipEnd'>;
/**
 * The membership fields after an admin's change, kept coherent: an admin has the tier "admin" and
 * no membership; a member has a paid tier, a duration and an end date; a trial has the tier
 * "trial" and no paid membership. A paid tier alone makes the user a member; a member without an
 * end date gets one duration from now.
 */
export declare const planMemberChange: (current: UserRecord, input: MemberChangeInput, now?: Date) => MembershipFields;
/** "role trial → member, tier trial → pro, ..." for the fields that differ; empty when none. */
export declare const describeChanges: (before: MembershipFields, after: MembershipFields) => string[];
