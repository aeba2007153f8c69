/** Accounts: register, verify, sign in, recover, the browser session and the own profile (contract §4). */
import { Type } from 'typebox';
import { DURATIONS, EMAIL_PATTERN, LIMITS, ROLES } from '../constants';
import { NAME_PATTERN } from '../names';
import { NullableString } from './common';

const Email = Type.String({ pattern: EMAIL_PATTERN, minLength: 3, maxLength: LIMITS.emailMax });
const Password = Type.String({ minLength: LIMITS.passwordMin, maxLength: LIMITS.passwordMax });
const Code = Type.String({ pattern: `^[0-9]{${LIMITS.resetCodeLength}}$` });
const Name = Type.String({ minLength: 1, maxLength: LIMITS.nameMax, pattern: NAME_PATTERN });
const Username = Type.String({ minLength: LIMITS.usernameMin, maxLength: LIMITS.usernameMax, pattern: '^[A-Za-z0-9_.]+$' });

/** A user as the API returns it: never a password hash or a code (this schema is the filter). */
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
  /** When the rights end, past `membershipEnd` by GRACE_DAYS (contract §9); null without grace. */
  graceEndsAt: NullableString,
  trialExpiresAt: NullableString,
  role: Type.Enum(ROLES),
  emailVerified: Type.Boolean(),
  createdAt: Type.String(),
  /** `GET /auth/me`: when the user's timeout from the room ends, null when free (contract §13). */
  timedOutUntil: Type.Optional(NullableString),
});

export const UserResponse = Type.Object({ user: User });

export const RegisterBody = Type.Object(
  { name: Name, username: Username, email: Email, password: Password },
  { additionalProperties: false },
);

export const VerifyEmailBody = Type.Object({ email: Email, code: Code }, { additionalProperties: false });

export const ResendCodeBody = Type.Object(
  { email: Email, purpose: Type.Enum(['verify', 'reset']) },
  { additionalProperties: false },
);

/** `email` may hold the username as well. */
export const LoginBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: LIMITS.emailMax }),
    password: Type.String({ minLength: 1, maxLength: LIMITS.passwordMax }),
  },
  { additionalProperties: false },
);

export const LoginResponse = Type.Object({ token: Type.String(), sessionId: Type.String(), user: User });
/**
 * `POST /auth/verify-email`: the contract's `{message}`, and a session beside it (the code proved the
 * address, the password was just set at sign-up), so the user goes on signed in.
 */
export const VerifyEmailResponse = Type.Object({
  message: Type.String(),
  token: Type.Optional(Type.String()),
  sessionId: Type.Optional(Type.String()),
  user: Type.Optional(User),
});

export const ForgotPasswordBody = Type.Object({ email: Email }, { additionalProperties: false });

export const ResetPasswordBody = Type.Object(
  { email: Email, code: Code, newPassword: Password },
  { additionalProperties: false },
);

/** The browser session of the heartbeat and the unload beacon. */
export const SessionBody = Type.Object(
  { sessionId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) },
  { additionalProperties: false },
);

/* Profile (spec §7 PUT /auth/update-profile, plus address; contract §4). */

const ProfileText = (max: number) => Type.String({ maxLength: max });

/**
 * Every field is optional: what is sent is changed, what is left out stays. `createdAt` is in the
 * spec's request and is accepted but ignored (an account's age is not the user's to change).
 * A changed email is not applied here: a code goes to the new address (see confirm-email-change).
 */
export const UpdateProfileBody = Type.Object(
  {
    name: Type.Optional(Name),
    username: Type.Optional(Username),
    email: Type.Optional(Email),
    no_telp: Type.Optional(Type.String({ maxLength: 30, pattern: '^[0-9+()\\-\\s]*$' })),
    city: Type.Optional(ProfileText(100)),
    country: Type.Optional(ProfileText(100)),
    address: Type.Optional(ProfileText(500)),
    createdAt: Type.Optional(Type.String({ maxLength: 64 })),
    /** Required with a new `email` (contract §10): a stolen token alone cannot move the account. */
    currentPassword: Type.Optional(Type.String({ minLength: 1, maxLength: LIMITS.passwordMax })),
  },
  { additionalProperties: false },
);

export const UpdateProfileResponse = Type.Object({
  user: User,
  message: Type.String(),
  /** Set when a code went to a new email address: the address that waits for its code. */
  pendingEmail: Type.Optional(Type.String()),
});

export const ConfirmEmailChangeBody = Type.Object({ code: Code }, { additionalProperties: false });
export const ConfirmEmailChangeResponse = Type.Object({ user: User, message: Type.String() });

/** `POST /auth/upload-profile` and `/auth/upload-identitas` (multipart): the stored file's URL. */
export const UploadPhotoResponse = Type.Object({ file: Type.String(), message: Type.String(), user: User });

/* Sessions and password (contract §10). */

/** One signed-in browser of the caller: where and when, never its token. */
export const SessionInfo = Type.Object({
  _id: Type.String(),
  /** The session of the request itself ("this device"). */
  current: Type.Boolean(),
  createdAt: Type.String(),
  lastSeenAt: Type.String(),
  ip: Type.String(),
  userAgent: Type.String(),
});

export const SessionList = Type.Object({ sessions: Type.Array(SessionInfo) });

export const RevokeOthersResponse = Type.Object({ revoked: Type.Integer({ minimum: 0 }) });

export const ChangePasswordBody = Type.Object(
  { currentPassword: Type.String({ minLength: 1, maxLength: LIMITS.passwordMax }), newPassword: Password },
  { additionalProperties: false },
);
