export const brand = {
  name: 'Lukis Emas',
  short: 'LE',
  tagline: 'A live painting of gold prices',
  description:
    'Lukis Emas paints the XAU/USD market live for its members: an automated, statistics-based system that shows every buy and sell as it happens — no skills, no mentor, no guesswork.',
  defaultLogo: '/default-logo.svg',
  defaultAvatar: '/default-avatar.svg',
} as const;

/** Storage keys of spec §3. The first five are the stored session; the flag belongs to the profile notice. */
export const STORAGE_KEYS = {
  token: 'token',
  role: 'role',
  username: 'username',
  sessionId: 'sessionId',
  user: 'user',
  profileNoticeShown: 'profileNoticeShown',
  /** The signed-in user's chat messages the server never confirmed (features/chat/stores/saved-outbox.ts); removed at sign-out. */
  chatOutbox: 'chatOutbox',
} as const;

/** The keys that make up the stored session: cleared together on sign-out, watched across tabs. */
export const SESSION_STORAGE_KEYS: readonly string[] = [
  STORAGE_KEYS.token,
  STORAGE_KEYS.role,
  STORAGE_KEYS.username,
  STORAGE_KEYS.sessionId,
  STORAGE_KEYS.user,
];
