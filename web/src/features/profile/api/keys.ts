/** The profile's query keys: the signed-in user's own sessions (the user itself is `meKeys`). */
export const profileKeys = {
  all: ['profile'] as const,
  sessions: () => [...profileKeys.all, 'sessions'] as const,
};
