import type { Role, SignalAccess } from '@le/contracts';

/** Who a socket belongs to; a guest has no user. */
export interface SocketIdentity {
  userId: string | null;
  sessionId: string | null;
  role: Role;
  /** When the token stops being valid (ms since epoch): the socket is dropped then. */
  expiresAt?: number;
  /** What the user may see of signals (contract §8), from the stored membership; none when absent. */
  signalAccess?: SignalAccess;
  /** When that access ends by itself (the membership's end, ms since epoch): the socket leaves its room then. */
  signalAccessEndsAt?: number | null;
}

/** What a user's stored membership opens: the role's room and the signals' room, until when. */
export interface UserRights {
  role: Role;
  signalAccess: SignalAccess;
  /** When the signal access ends by itself (ms since epoch), null when it does not. */
  signalAccessEndsAt: number | null;
}

/** Answers `authenticate` keeps, told when they go stale (see `confirmThroughApi`). */
export interface IdentityCache {
  /** The API refreshed this user (role or tier changed). */
  forgetUser(userId: string): void;
  /** The API ended this session. */
  forgetSession(sessionId: string): void;
  /** False while this process cannot hear Redis, where those messages come from: keep nothing then. */
  setListening(listening: boolean): void;
}
