/**
 * Request and response schemas (TypeBox, JSON Schema underneath) shared by the API and its
 * clients. The API validates every body, query, params and response against these.
 */
import { Type, type Static } from 'typebox';
import { DURATIONS, EMAIL_PATTERN, LIMITS, ROLES } from './constants';

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
