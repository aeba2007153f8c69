import { DURATIONS, PAYMENT_STATUSES, ROLES } from '@le/contracts';
import { ErrorResponse, User } from '@le/contracts/schemas';
import { Type } from 'typebox';
import { MAX_CUSTOM_AMOUNT } from '../../services/memberships';

const NullableString = Type.Union([Type.String(), Type.Null()]);
const Id = Type.String({ pattern: '^[0-9a-f]{24}$' });

export const IdParams = Type.Object({ id: Id });

export const adminErrors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  429: ErrorResponse,
};

export const AdminPayment = Type.Object({
  _id: Type.String(),
  userId: Type.String(),
  username: Type.String(),
  email: Type.String(),
  membershipTier: Type.String(),
  duration: Type.Enum(DURATIONS),
  amount: Type.Number(),
  expectedAmount: Type.Number(),
  status: Type.Enum(PAYMENT_STATUSES),
  paymentDate: Type.String(),
  expiredDate: NullableString,
  paymentProof: Type.String(),
  reason: NullableString,
  reviewedBy: NullableString,
  reviewedAt: NullableString,
});

export const PaymentsQuery = Type.Object({
  status: Type.Optional(Type.Enum(PAYMENT_STATUSES)),
  before: Type.Optional(Type.String({ maxLength: 64 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 100 })),
});

export const ApproveBody = Type.Object(
  // A custom amount in whole Rupiah (spec §4: an amount differing from the price is "custom").
  { amount: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_CUSTOM_AMOUNT })) },
  { additionalProperties: false },
);

export const RejectBody = Type.Object(
  { reason: Type.Optional(Type.String({ maxLength: 500 })) },
  { additionalProperties: false },
);

export const MembersQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 100 })),
  role: Type.Optional(Type.Enum(ROLES)),
  tier: Type.Optional(Type.Enum(['trial', 'basic', 'pro', 'expert', 'None', 'admin'])),
  before: Type.Optional(Type.String({ maxLength: 64 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
});

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

export const MembersResponse = Type.Object({ members: Type.Array(User), nextCursor: NullableString });

export const AdminStatsResponse = Type.Object({
  membersByTier: Type.Record(Type.String(), Type.Number()),
  pendingPayments: Type.Number(),
  trialsEndingSoon: Type.Array(
    Type.Object({ _id: Type.String(), username: Type.String(), email: Type.String(), trialExpiresAt: Type.String() }),
  ),
  onlineUsers: Type.Array(Type.Object({ _id: Type.String(), username: Type.String(), role: Type.String() })),
  messagesToday: Type.Number(),
});
