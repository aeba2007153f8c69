import type { Duration, Role } from '@le/contracts';

/** What the store keeps. Dates are Date objects here; the API turns them into ISO strings. */
export interface UserRecord {
  _id: string;
  name: string;
  username: string;
  usernameLower: string;
  email: string;
  emailLower: string;
  passwordHash: string;
  emailVerified: boolean;
  role: Role;
  membershipTier: string;
  duration: Duration | null;
  membershipEnd: Date | null;
  /** Derived on read (never stored): when the rights end, `membershipEnd + GRACE_DAYS`; null without grace. */
  graceEndsAt?: Date | null;
  trialExpiresAt: Date | null;
  no_telp: string;
  city: string;
  country: string;
  address: string;
  photo_profile: string;
  image_identitas: string;
  /** A new email address waiting for its code (PUT /auth/update-profile → POST /auth/confirm-email-change). */
  pendingEmail?: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface SessionRecord {
  _id: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  /** Presence: the browser tab's last heartbeat and whether it said goodbye. */
  lastSeenAt: Date;
  online: boolean;
  userAgent: string;
  ip: string;
}

export type CodePurpose = 'verify' | 'reset' | 'email-change';

export interface CodeRecord {
  _id: string;
  userId: string;
  purpose: CodePurpose;
  codeHash: string;
  createdAt: Date;
  expiresAt: Date;
  attempts: number;
  /** Set when the code is used, burnt by wrong tries, or voided by a newer code. */
  closedAt: Date | null;
  closedReason: 'used' | 'burnt' | 'voided' | null;
}

export type NewUserFields = Pick<UserRecord, '_id' | 'name' | 'username' | 'email' | 'passwordHash' | 'emailVerified' | 'role' | 'membershipTier'> &
  Partial<Pick<UserRecord, 'trialExpiresAt'>>;

/** A new account: the given fields, an empty profile, no membership. */
export const newUserRecord = (fields: NewUserFields, now = new Date()): Omit<UserRecord, 'emailLower' | 'usernameLower'> => ({
  duration: null,
  membershipEnd: null,
  trialExpiresAt: null,
  no_telp: '',
  city: '',
  country: '',
  address: '',
  photo_profile: '',
  image_identitas: '',
  createdAt: now,
  updatedAt: now,
  ...fields,
});

/** A history post (spec §3). The image is a public file of the uploads service, by id. */
export interface HistoryRecord {
  _id: string;
  title: string;
  description: string;
  imageFileId: string;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
}

/** Spec §3 activity log entry, plus the address the server itself saw (`serverIp`). */
export interface ActivityRecord {
  _id: string;
  /** Null for a visitor who is not signed in. */
  userId: string | null;
  username: string;
  /** Lower-cased, for the case-insensitive user filter. */
  usernameLower: string;
  role: string;
  /** What the browser reported from the public IP lookup ("Unknown" on failure). */
  ipAddress: string;
  serverIp: string;
  page: string;
  message: string;
  createdAt: Date;
}
