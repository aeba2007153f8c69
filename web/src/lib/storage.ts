import type { PublicUser, Role } from '@le/contracts';
import { ROLES } from '@le/contracts';

import { STORAGE_KEYS } from '@/config/brand';

/** The user as kept in localStorage (spec §3): only what the shell needs before /auth/me answers. */
export type StoredUser = Pick<PublicUser, 'username' | 'email' | 'role' | 'membershipTier' | 'photo_profile'>;

/** localStorage that never throws (private mode, quota, disabled storage). */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch (error) {
      console.warn(`Could not store ${key}`, error);
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // nothing stored means nothing to remove
    }
  },
};

const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);

export const toStoredUser = (user: StoredUser): StoredUser => ({
  username: user.username,
  email: user.email,
  role: user.role,
  membershipTier: user.membershipTier,
  photo_profile: user.photo_profile,
});

/** A stored user that cannot be parsed is logged and ignored (spec §3). */
export const readStoredUser = (): StoredUser | null => {
  const raw = storage.get(STORAGE_KEYS.user);
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) throw new Error('not an object');
    const record = parsed as Record<string, unknown>;
    if (typeof record.username !== 'string') throw new Error('missing username');
    return {
      username: record.username,
      email: typeof record.email === 'string' ? record.email : '',
      role: isRole(record.role) ? record.role : 'guest',
      membershipTier: typeof record.membershipTier === 'string' ? record.membershipTier : 'None',
      photo_profile: typeof record.photo_profile === 'string' ? record.photo_profile : '',
    };
  } catch (error) {
    console.warn('Ignoring a stored user that cannot be parsed', error);
    return null;
  }
};

export const readStoredRole = (): Role | null => {
  const role = storage.get(STORAGE_KEYS.role);
  return isRole(role) ? role : null;
};
