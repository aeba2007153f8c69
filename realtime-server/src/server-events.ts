import type { UserRights } from './identity';

/**
 * What the API tells every realtime process besides room broadcasts, through Redis (the emitter's
 * `serverSideEmit`, received on the main namespace), on the same channel as the room moves and
 * drops that follow it: a process forgets what it knew about a user or a session first.
 */
export const SERVER_EVENTS = {
  /** The user's stored rights changed (`moveUser`): answers about them are stale, and the user's sockets here take the new rights (rooms, the moment the signals' room ends). */
  userRefreshed: 'le:user-refreshed',
  /** The session ended (`disconnectSession`: logout, revocation, password reset). */
  sessionEnded: 'le:session-ended',
} as const;

export interface RealtimeServerSideEvents {
  'le:user-refreshed': (userId: string, rights?: UserRights) => void;
  'le:session-ended': (sessionId: string) => void;
}
