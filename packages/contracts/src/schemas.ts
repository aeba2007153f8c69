/**
 * Request and response schemas (TypeBox, JSON Schema underneath) shared by the API and its
 * clients. The API validates every body, query, params and response against these.
 */
import { Type, type Static } from 'typebox';
import { DURATIONS, EMAIL_PATTERN, LIMITS, PAID_TIERS, PAYMENT_STATUSES, ROLES } from './constants';

const Email = Type.String({ pattern: EMAIL_PATTERN, minLength: 3, maxLength: LIMITS.emailMax });
const Password = Type.String({ minLength: LIMITS.passwordMin, maxLength: LIMITS.passwordMax });
const Code = Type.String({ pattern: `^[0-9]{${LIMITS.resetCodeLength}}$` });
const NullableString = Type.Union([Type.String(), Type.Null()]);

export const ErrorResponse = Type.Object({ message: Type.String(), code: Type.Optional(Type.String()) });
export const MessageResponse = Type.Object({ message: Type.String() });

export const User = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  username: Type.String(),
  email: Type.String(),
  no_telp: Type.String(),
  city: Type.String(),
  country: Type.String(),
  address: Type.String(),
  photo_profile: Type.String(),
  image_identitas: Type.String(),
  membershipTier: Type.String(),
  duration: Type.Union([Type.Enum(DURATIONS), Type.Null()]),
  membershipEnd: NullableString,
  trialExpiresAt: NullableString,
  role: Type.Enum(ROLES),
  emailVerified: Type.Boolean(),
  createdAt: Type.String(),
});

export const RegisterBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: LIMITS.nameMax, pattern: '\\S' }),
    username: Type.String({
      minLength: LIMITS.usernameMin,
      maxLength: LIMITS.usernameMax,
      pattern: '^[A-Za-z0-9_.]+$',
    }),
    email: Email,
    password: Password,
  },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterBody>;

export const VerifyEmailBody = Type.Object({ email: Email, code: Code }, { additionalProperties: false });
export type VerifyEmailBody = Static<typeof VerifyEmailBody>;

export const ResendCodeBody = Type.Object(
  { email: Email, purpose: Type.Enum(['verify', 'reset']) },
  { additionalProperties: false },
);
export type ResendCodeBody = Static<typeof ResendCodeBody>;

/** `email` may hold the username as well. */
export const LoginBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: LIMITS.emailMax }),
    password: Type.String({ minLength: 1, maxLength: LIMITS.passwordMax }),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

export const LoginResponse = Type.Object({ token: Type.String(), sessionId: Type.String(), user: User });

export const ForgotPasswordBody = Type.Object({ email: Email }, { additionalProperties: false });
export type ForgotPasswordBody = Static<typeof ForgotPasswordBody>;

export const ResetPasswordBody = Type.Object(
  { email: Email, code: Code, newPassword: Password },
  { additionalProperties: false },
);
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

export const SessionBody = Type.Object(
  { sessionId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) },
  { additionalProperties: false },
);
export type SessionBody = Static<typeof SessionBody>;

export const UserResponse = Type.Object({ user: User });

export const HealthResponse = Type.Object({
  status: Type.Literal('ok'),
  store: Type.Enum(['embedded', 'mongodb']),
  realtime: Type.Enum(['local', 'redis']),
});

/* History (spec §3 history entry; contract §5). */

export const HistoryEntry = Type.Object({
  _id: Type.String(),
  image: Type.String(),
  title: Type.String(),
  description: Type.String(),
  createdAt: Type.String(),
});

export const HistoryListQuery = Type.Object(
  {
    /** The `nextCursor` of the page before. */
    before: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMITS.historyPageMax, default: LIMITS.historyPageSize })),
  },
  { additionalProperties: false },
);
export type HistoryListQuery = Static<typeof HistoryListQuery>;

export const HistoryListResponse = Type.Object({ history: Type.Array(HistoryEntry), nextCursor: NullableString });
export const HistoryEntryResponse = Type.Object({ entry: HistoryEntry });

/**
 * The JSON form of an edit (the multipart form carries the same fields plus an optional `image`).
 * Lengths are checked again after trimming; the schema only bounds what is read.
 */
export const HistoryUpdateBody = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: LIMITS.historyTitleMax * 2 })),
    description: Type.Optional(Type.String({ maxLength: LIMITS.historyDescriptionMax * 2 })),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type HistoryUpdateBody = Static<typeof HistoryUpdateBody>;

export const HistoryIdParams = Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{24}$' }) });

/* Memberships and payments (spec §3 payment history record; contract §5). */

export const Payment = Type.Object({
  _id: Type.String(),
  membershipTier: Type.String(),
  paymentDate: Type.String(),
  expiredDate: NullableString,
  amount: Type.Number(),
  duration: Type.Enum(DURATIONS),
  status: Type.Enum(PAYMENT_STATUSES),
  /** A private file URL: `/api/files/private/<id>` (owner and admins). */
  paymentProof: Type.String(),
});

export const AdminPayment = Type.Object({
  ...Payment.properties,
  userId: Type.String(),
  username: Type.String(),
  email: Type.String(),
  expectedAmount: Type.Number(),
  reason: NullableString,
  reviewedBy: NullableString,
  reviewedAt: NullableString,
});

export const PaymentResponse = Type.Object({ payment: Payment });
export const PaymentListResponse = Type.Object({ payments: Type.Array(Payment) });

/** The text fields of `POST /payments` (multipart, with the file `paymentProof`). */
export const PaymentFields = Type.Object(
  { membershipTier: Type.Enum(PAID_TIERS), duration: Type.Enum(DURATIONS) },
  { additionalProperties: false },
);
export type PaymentFields = Static<typeof PaymentFields>;

/* Profile (spec §7 PUT /auth/update-profile, plus address; contract §4). */

const ProfileText = (max: number) => Type.String({ maxLength: max });

/**
 * Every field is optional: what is sent is changed, what is left out stays. `createdAt` is in the
 * spec's request and is accepted but ignored (an account's age is not the user's to change).
 * A changed email is not applied here: a code goes to the new address (see confirm-email-change).
 */
export const UpdateProfileBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: LIMITS.nameMax, pattern: '\\S' })),
    username: Type.Optional(
      Type.String({ minLength: LIMITS.usernameMin, maxLength: LIMITS.usernameMax, pattern: '^[A-Za-z0-9_.]+$' }),
    ),
    email: Type.Optional(Email),
    no_telp: Type.Optional(Type.String({ maxLength: 30, pattern: '^[0-9+()\\-\\s]*$' })),
    city: Type.Optional(ProfileText(100)),
    country: Type.Optional(ProfileText(100)),
    address: Type.Optional(ProfileText(500)),
    createdAt: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type UpdateProfileBody = Static<typeof UpdateProfileBody>;

export const UpdateProfileResponse = Type.Object({
  user: User,
  message: Type.String(),
  /** Set when a code went to a new email address: the address that waits for its code. */
  pendingEmail: Type.Optional(Type.String()),
});

export const ConfirmEmailChangeBody = Type.Object({ code: Code }, { additionalProperties: false });
export type ConfirmEmailChangeBody = Static<typeof ConfirmEmailChangeBody>;
