import { ROLES, signalAccessEndsAt, signalAccessOf, type AccessSubject, type Role, type SignalAccess } from '@le/contracts';
import type { IdentityCache, SocketIdentity } from './identity';

/** What a standalone process reads from a token it verified itself: whose it is, which session, until when. */
export interface TokenClaims {
  sub: string;
  sid: string;
  /** Seconds since epoch. */
  exp: number;
}

export interface ApiConfirmationOptions {
  /** The API's base URL: `GET <apiUrl>/api/auth/me` with the token answers for it. */
  apiUrl: string;
  /** Checks the signature and expiry here, so a forged or expired token never reaches the API; throws when bad. */
  verify: (token: string) => TokenClaims;
  /**
   * A fast negative check (the API's `le:revoked-session:<sid>` key in Redis): true refuses at once.
   * Never a reason to admit; an error, or no answer within `negativeCheckMs` (default 1 s), counts
   * as "not known".
   */
  isRevoked?: (sessionId: string) => Promise<boolean>;
  negativeCheckMs?: number;
  /** How long an answer is kept per session (default 5 s), to absorb reconnect storms; 0 keeps none. */
  cacheMs?: number;
  /** How long the API may take (default 5 s) before the handshake is answered 'unavailable'. */
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
  now?: () => number;
}

export interface ApiConfirmation extends IdentityCache {
  /** For `createRealtimeServer`: null refuses ('unauthorized'), a throw is 'unavailable'. */
  authenticate(token: string | undefined): Promise<SocketIdentity | null>;
}

/** The API's verdict on a session: live, for this user with this stored role; or null, not live (401). */
type Answer = { userId: string; role: Role; subject: AccessSubject } | null;

const GUEST: SocketIdentity = { userId: null, sessionId: null, role: 'guest' };

const withTimeout = <T>(work: Promise<T>, ms: number, fallback: T): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
    timer.unref();
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
};

/**
 * How a standalone realtime process admits a signed-in socket (contract §10, fails closed): the
 * signature and expiry are checked here, Redis may say at once that the session was revoked, and
 * then the API itself answers from its store whether the session is live and what the user's role
 * is now. The token's claims never decide a role, and Redis never admits anyone.
 *
 * Answers are kept a few seconds per session. The API's `moveUser` and `disconnectSession`
 * reach every process through Redis before the sockets move or drop (`forgetUser`/`forgetSession`),
 * so the next handshake is asked afresh; while this process cannot hear Redis nothing is kept
 * (`setListening(false)`), since such a message would be missed. An answer that was under way
 * when its user or session was forgotten is not used: the API is asked again.
 */
export const confirmThroughApi = (options: ApiConfirmationOptions): ApiConfirmation => {
  const cacheMs = options.cacheMs ?? 5_000;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const negativeCheckMs = options.negativeCheckMs ?? 1_000;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const now = options.now ?? Date.now;
  const meUrl = `${options.apiUrl.replace(/\/+$/, '')}/api/auth/me`;

  const cache = new Map<string, { answer: Answer; userId: string; at: number }>();
  let lastSweep = now();
  const inFlight = new Map<string, Promise<Answer>>();
  // Each forgetting is numbered. A lookup remembers the number it started at; if its user, its
  // session or everything was forgotten after that, its answer may predate the change.
  let clock = 0;
  let everythingForgottenAt = 0;
  const usersForgottenAt = new Map<string, number>();
  const sessionsForgottenAt = new Map<string, number>();
  let listening = true;

  const staleSince = (started: number, sessionId: string, userId: string): boolean =>
    everythingForgottenAt > started || (sessionsForgottenAt.get(sessionId) ?? 0) > started || (usersForgottenAt.get(userId) ?? 0) > started;

  const ask = async (token: string): Promise<Answer> => {
    const response = await fetchImpl(meUrl, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status === 401) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`the API answered ${response.status}`);
    }
    const body = (await response.json()) as {
      user?: { _id?: unknown; role?: unknown; membershipTier?: unknown; membershipEnd?: unknown; graceEndsAt?: unknown; trialExpiresAt?: unknown };
    };
    const user = body.user;
    if (typeof user?._id !== 'string' || !ROLES.includes(user.role as Role)) throw new Error('the API answered without a user');
    const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
    const subject: AccessSubject = {
      role: user.role as Role,
      membershipTier: text(user.membershipTier),
      membershipEnd: text(user.membershipEnd),
      graceEndsAt: text(user.graceEndsAt),
      trialExpiresAt: text(user.trialExpiresAt),
    };
    return { userId: user._id, role: user.role as Role, subject };
  };

  const sweep = () => {
    const at = now();
    if (at - lastSweep < cacheMs) return;
    lastSweep = at;
    for (const [sessionId, entry] of cache) if (at - entry.at >= cacheMs) cache.delete(sessionId);
  };

  const lookup = (sessionId: string, userId: string, token: string): Promise<Answer> => {
    const running = inFlight.get(sessionId);
    if (running) return running;
    const work = (async () => {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const started = clock;
        const answer = await ask(token);
        if (staleSince(started, sessionId, userId)) continue; // changed while the API answered: ask again
        if (listening && cacheMs > 0) {
          sweep();
          cache.set(sessionId, { answer, userId, at: now() });
        }
        return answer;
      }
      throw new Error('the session kept changing while it was being confirmed');
    })().finally(() => {
      inFlight.delete(sessionId);
      // No lookup left that started before these: the records have done their work.
      if (inFlight.size === 0) {
        usersForgottenAt.clear();
        sessionsForgottenAt.clear();
      }
    });
    inFlight.set(sessionId, work);
    return work;
  };

  const forgetEverything = () => {
    clock += 1;
    everythingForgottenAt = clock;
    cache.clear();
  };

  return {
    async authenticate(token) {
      if (!token) return GUEST;
      let claims: TokenClaims;
      try {
        claims = options.verify(token);
      } catch {
        return null; // bad signature, expired, malformed
      }
      if (typeof claims.sub !== 'string' || typeof claims.sid !== 'string' || typeof claims.exp !== 'number') return null;
      if (options.isRevoked && (await withTimeout(options.isRevoked(claims.sid).catch(() => false), negativeCheckMs, false))) {
        return null;
      }
      // From here to the socket joining its rooms nothing else runs (no I/O): a forgetting that
      // arrives later is followed by the drop of this very socket.
      const cached = listening ? cache.get(claims.sid) : undefined;
      const answer = cached && now() - cached.at < cacheMs ? cached.answer : await lookup(claims.sid, claims.sub, token);
      if (!answer || answer.userId !== claims.sub) return null;
      const at = now();
      const signalAccess: SignalAccess = signalAccessOf(answer.subject, at);
      return {
        userId: answer.userId,
        sessionId: claims.sid,
        role: answer.role,
        expiresAt: claims.exp * 1000,
        signalAccess,
        signalAccessEndsAt: signalAccessEndsAt(answer.subject, at),
      };
    },

    forgetUser(userId) {
      for (const [sessionId, entry] of cache) if (entry.userId === userId) cache.delete(sessionId);
      if (inFlight.size === 0) return;
      clock += 1;
      usersForgottenAt.set(userId, clock);
    },

    forgetSession(sessionId) {
      cache.delete(sessionId);
      if (inFlight.size === 0) return;
      clock += 1;
      sessionsForgottenAt.set(sessionId, clock);
    },

    setListening(next) {
      listening = next;
      // Going deaf: what is kept may go stale unheard. Hearing again: what was asked meanwhile too.
      forgetEverything();
    },
  };
};
