import type { PublicUser } from '@le/contracts';
import type { UserRecord } from '../store';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** The user as clients see it: no hash, no internal keys, dates as ISO strings. */
export const toPublicUser = (user: UserRecord): PublicUser => ({
  _id: user._id,
  name: user.name,
  username: user.username,
  email: user.email,
  no_telp: user.no_telp,
  city: user.city,
  country: user.country,
  address: user.address,
  photo_profile: user.photo_profile,
  image_identitas: user.image_identitas,
  membershipTier: user.membershipTier,
  duration: user.duration,
  membershipEnd: iso(user.membershipEnd),
  graceEndsAt: iso(user.graceEndsAt ?? null),
  trialExpiresAt: iso(user.trialExpiresAt),
  role: user.role,
  emailVerified: user.emailVerified,
  createdAt: user.createdAt.toISOString(),
});
