/**
 * What the API tells every realtime process besides room broadcasts, through Redis (the emitter's
 * `serverSideEmit`, received on the main namespace). Each is published just before the matching
 * `disconnectSockets`, on the same channel, so a process forgets what it knew about a user or a
 * session before that user's sockets drop and reconnect.
 */
export const SERVER_EVENTS = {
  /** The user's stored role or tier changed (`refreshUser`): answers about it are stale. */
  userRefreshed: 'le:user-refreshed',
  /** The session ended (`disconnectSession`: logout, revocation, password reset). */
  sessionEnded: 'le:session-ended',
} as const;

export interface RealtimeServerSideEvents {
  'le:user-refreshed': (userId: string) => void;
  'le:session-ended': (sessionId: string) => void;
}
