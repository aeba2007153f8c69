import type { LoginResponse, PublicUser } from '@le/contracts';
import { toStoredUser, type StoredUser } from './storage';

/** A signed-in trial as the API returns it, for unit tests; `overrides` change what a test is about. */
export const publicUser = (username: string, overrides: Partial<PublicUser> = {}): PublicUser => ({
  _id: `id-${username}`,
  name: username,
  username,
  email: `${username}@example.com`,
  no_telp: '',
  city: '',
  country: '',
  address: '',
  photo_profile: '',
  image_identitas: '',
  membershipTier: 'trial',
  duration: null,
  membershipEnd: null,
  graceEndsAt: null,
  trialExpiresAt: null,
  role: 'trial',
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

/** What `POST /auth/login` answers for that user. */
export const loginAs = (username: string, overrides: Partial<PublicUser> = {}): LoginResponse => ({
  token: `token-${username}`,
  sessionId: `s-${username}`,
  user: publicUser(username, overrides),
});

/** The user a browser saved for `username` (spec §4's stored fields), as the session store holds it. */
export const savedUser = (username: string, overrides: Partial<PublicUser> = {}): StoredUser => toStoredUser(publicUser(username, overrides));
