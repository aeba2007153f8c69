/** The admin console: members and the dashboard's numbers. The payments queue is in payments.ts. */
import { Type } from 'typebox';
import { DURATIONS, ROLES, TIERS } from '../constants';
import { User } from './auth';
import { Cursor, NullableString } from './common';

export const MembersQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 100 })),
  role: Type.Optional(Type.Enum(ROLES)),
  tier: Type.Optional(Type.Enum(TIERS)),
  before: Type.Optional(Type.String({ maxLength: 64 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
});

export const MembersResponse = Type.Object({ members: Type.Array(User), nextCursor: Cursor });

const EditableTier = Type.Enum(['basic', 'pro', 'expert', 'trial', 'admin']);

export const MemberPatchBody = Type.Object(
  {
    membershipTier: Type.Optional(EditableTier),
    /** Contract §5 says "tier": the same as membershipTier. */
    tier: Type.Optional(EditableTier),
    duration: Type.Optional(Type.Union([Type.Enum(DURATIONS), Type.Null()])),
    membershipEnd: Type.Optional(Type.Union([Type.String({ format: 'date-time', maxLength: 40 }), Type.Null()])),
    role: Type.Optional(Type.Enum(['admin', 'member', 'trial'])),
  },
  { additionalProperties: false },
);

/** `GET /admin/stats`. */
export const AdminStatsResponse = Type.Object({
  membersByTier: Type.Record(Type.String(), Type.Number()),
  pendingPayments: Type.Number(),
  /** Trials ending within the next 3 days. */
  trialsEndingSoon: Type.Array(
    Type.Object({ _id: Type.String(), username: Type.String(), email: Type.String(), trialExpiresAt: Type.String() }),
  ),
  onlineUsers: Type.Array(Type.Object({ _id: Type.String(), username: Type.String(), role: Type.String() })),
  messagesToday: Type.Number(),
  /** Approved payments by month of approval (WIB), the last 12 months, oldest first (contract §9). */
  revenueByMonth: Type.Array(Type.Object({ month: Type.String({ pattern: '^\\d{4}-\\d{2}$' }), amount: Type.Number() })),
  /** Members whose rights end within 7 days, soonest first (contract §9). */
  renewalsDue: Type.Array(
    Type.Object({
      _id: Type.String(),
      username: Type.String(),
      name: Type.String(),
      email: Type.String(),
      membershipTier: Type.String(),
      membershipEnd: Type.String(),
      graceEndsAt: NullableString,
    }),
  ),
});
