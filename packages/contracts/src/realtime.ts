/** Typed Socket.IO event maps shared by the realtime server and the web client (contract §6). */
import type {
  ChatEventPayload,
  MembershipChangedPayload,
  ModerationCountPayload,
  ModerationReportPayload,
  PaymentDecidedPayload,
  PresencePayload,
  SignalEventPayload,
  UserRestrictedPayload,
} from './models';
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
  /** A new report, to admins, with the open count (contract §13). */
  'moderation:report': (payload: ModerationReportPayload) => void;
  /** The open reports' count after a resolution, to admins. */
  'moderation:count': (payload: ModerationCountPayload) => void;
  /** The user's own timeout started or ended, to that user's sockets. */
  'user:restricted': (payload: UserRestrictedPayload) => void;
  /** An admin approved or rejected one of the user's payments (with the rejection's reason): to that user's sockets. */
  'payment:decided': (payload: PaymentDecidedPayload) => void;
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
/** As long as a token can live (7 days). */
export const REVOKED_SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;
