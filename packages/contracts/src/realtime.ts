/** Typed Socket.IO event maps shared by the realtime server and the web client (contract §6). */
import type { ChatEventPayload, MembershipChangedPayload, PresencePayload, SignalEventPayload } from './models';
import type { SignalAccess } from './signals';

export interface ServerToClientEvents {
  'chat:event': (event: ChatEventPayload) => void;
  'presence:changed': (payload: PresencePayload) => void;
  'session:revoked': () => void;
  /**
   * The realtime process lost Redis for a while and has it back: events may have been missed
   * without a later one showing the gap. Clients read every stream they show forward from their
   * last seq (`GET /chat/events?stream=&after=`), as after a reconnect.
   */
  'chat:resync': () => void;
  /** One event of the `signals` stream, the signal as this recipient may see it (contract §8). */
  'signal:event': (event: SignalEventPayload) => void;
  /** The user's membership changed (approval, admin edit, rights that ended): to that user's sockets (contract §9). */
  'membership:changed': (payload: MembershipChangedPayload) => void;
}

export interface ClientToServerEvents {
  ping: (ack: (reply: { at: string }) => void) => void;
}

/** Room names, one place so the API's emitter and the realtime server agree. */
export const ROOMS = {
  user: (userId: string) => `user:${userId}`,
  role: (role: string) => `role:${role}`,
  session: (sessionId: string) => `session:${sessionId}`,
  /** Sockets that see signals' levels ('levels') or everything ('full'); the rest get the redacted view. */
  signals: (access: Exclude<SignalAccess, 'none'>) => `signals:${access}`,
} as const;


/** Redis key marking a revoked session, for realtime processes that cannot read the store. */
export const REVOKED_SESSION_KEY = (sessionId: string) => `le:revoked-session:${sessionId}`;
/**
 * Redis key holding a user's role as the store has it now, set by the API when an admin changes it
 * (or a payment approval does): a standalone realtime process joins rooms by it rather than by the
 * token's older `role` claim.
 */
export const USER_ROLE_KEY = (userId: string) => `le:user-role:${userId}`;
/** As long as a token can live (7 days). */
export const REVOKED_SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;
