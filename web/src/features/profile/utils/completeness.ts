import type { PublicUser } from '@le/contracts';

/** Spec §4: the fields whose emptiness raises the completeness notice. */
const REQUIRED: { key: keyof PublicUser; label: string }[] = [
  { key: 'name', label: 'full name' },
  { key: 'no_telp', label: 'phone number' },
  { key: 'address', label: 'address' },
  { key: 'username', label: 'nickname' },
  { key: 'city', label: 'city' },
  { key: 'country', label: 'country' },
  { key: 'photo_profile', label: 'profile photo' },
  { key: 'image_identitas', label: 'identity photo' },
];

/** The labels of the empty fields, in the spec's order; empty when the profile is complete. */
export const missingProfileFields = (user: Partial<PublicUser>): string[] =>
  REQUIRED.filter(({ key }) => {
    const value = user[key];
    return typeof value !== 'string' || value.trim() === '';
  }).map(({ label }) => label);
