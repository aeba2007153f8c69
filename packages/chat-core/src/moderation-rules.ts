import { blockedTermsIn } from '@le/contracts';
import { RuleError } from '@le/event-kit';

/**
 * What moderation puts in the way of a write (contract §13), read by the caller for the actor
 * before it decides: the actor's timeout, the room's slow mode and the actor's last post in the
 * room, the blocked terms.
 */
export interface ModerationState {
  /** When the actor's timeout ends (ISO), or null. A past end is no timeout. */
  timedOutUntil: string | null;
  slowModeSeconds: number;
  /** When the actor last posted in the room (ISO), or null. */
  lastRoomPostAt: string | null;
  blockedTerms: readonly string[];
}

export const NO_MODERATION: ModerationState = { timedOutUntil: null, slowModeSeconds: 0, lastRoomPostAt: null, blockedTerms: [] };

interface Who {
  isAdmin: boolean;
}

/** A timed-out user may not post, reply or edit in the room until the timeout ends (admins are never timed out). */
export const refuseTimedOut = (actor: Who, state: ModerationState, now: string): void => {
  if (actor.isAdmin || state.timedOutUntil === null || Date.parse(state.timedOutUntil) <= Date.parse(now)) return;
  throw new RuleError('forbidden', 'You are timed out of the room for now.', 'TIMED_OUT', undefined, undefined, { until: state.timedOutUntil });
};

/** Slow mode: a non-admin's next post in the room waits `slowModeSeconds` after the previous one. */
export const refuseSlowMode = (actor: Who, state: ModerationState, now: string): void => {
  if (actor.isAdmin || state.slowModeSeconds <= 0 || state.lastRoomPostAt === null) return;
  const nextAt = Date.parse(state.lastRoomPostAt) + state.slowModeSeconds * 1000;
  const waitMs = nextAt - Date.parse(now);
  if (waitMs <= 0) return;
  const retryAfter = Math.ceil(waitMs / 1000);
  throw new RuleError('too_many_requests', `Slow mode is on: you can post again in ${retryAfter} s.`, 'SLOW_MODE', retryAfter, undefined, { retryAfter });
};

/** A non-admin's text may not contain a blocked term; the refusal names the terms found. */
export const refuseBlockedTerms = (actor: Who, state: ModerationState, content: string): void => {
  if (actor.isAdmin) return;
  const terms = blockedTermsIn(content, state.blockedTerms);
  if (terms.length === 0) return;
  throw new RuleError('invalid', `Your message contains a blocked term: ${terms.join(', ')}.`, 'BLOCKED_TERMS', undefined, undefined, { terms });
};
