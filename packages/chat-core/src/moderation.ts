import { MODERATION, tidyTerm, foldForMatching, type ModerationAction, type ReportAction } from '@le/contracts';
import type { Actor } from './commands';
import { refuse } from '@le/event-kit';
import { GLOBAL_STREAM, type ChatEvent, type NewChatEvent, type RoomUpdatedData } from './events';
import type { MessageDoc } from './projections';

/**
 * Moderation of the live room (contract §13). The room's settings are events of the global
 * stream (`room.updated`, each carrying the settings whole), so clients catch up by seq. Reports,
 * timeouts and the blocked terms are records the API keeps beside the events; their decisions are
 * here, pure, with the time and the ids given by the caller.
 */
export type RoomSettings = RoomUpdatedData;

export const INITIAL_ROOM: RoomSettings = { slowModeSeconds: 0, pinnedMessageId: null };

export const evolveRoom = (room: RoomSettings, event: ChatEvent): RoomSettings =>
  event.type === 'room.updated' ? { slowModeSeconds: event.data.slowModeSeconds, pinnedMessageId: event.data.pinnedMessageId } : room;

export const foldRoom = (events: readonly ChatEvent[]): RoomSettings =>
  [...events].sort((a, b) => a.seq - b.seq).reduce(evolveRoom, INITIAL_ROOM);

const adminOnly = (actor: Actor, what: string): void => {
  if (!actor.isAdmin) refuse('forbidden', 'ADMIN_ONLY', `Only an admin can ${what}.`);
};

export interface UpdateRoom {
  type: 'UpdateRoom';
  actor: Actor;
  slowModeSeconds?: number;
  /** A message of the room to pin, or null to unpin; absent leaves the pin as it is. */
  pinnedMessageId?: string | null;
  now: string;
}

/** Slow mode and the pinned message (one at a time): a `room.updated` event, or null when nothing changes. */
export const decideUpdateRoom = (command: UpdateRoom, state: { room: RoomSettings; pinned: MessageDoc | null }): NewChatEvent | null => {
  adminOnly(command.actor, 'change the room');
  const next: RoomSettings = { ...state.room };
  if (command.slowModeSeconds !== undefined) {
    const seconds = command.slowModeSeconds;
    if (!Number.isInteger(seconds) || seconds < 0 || seconds > MODERATION.slowModeSecondsMax) {
      refuse('invalid', 'BAD_SLOW_MODE', `Slow mode is 0 to ${MODERATION.slowModeSecondsMax} seconds.`);
    }
    next.slowModeSeconds = seconds;
  }
  if (command.pinnedMessageId !== undefined) {
    if (command.pinnedMessageId !== null) {
      const { pinned } = state;
      if (!pinned || pinned._id !== command.pinnedMessageId || pinned.stream !== GLOBAL_STREAM || pinned.deleted) {
        refuse('not_found', 'MESSAGE_NOT_FOUND', 'Message not found in the room.');
      }
      if (pinned!.hidden) refuse('conflict', 'MESSAGE_HIDDEN', 'A hidden message cannot be pinned.');
    }
    next.pinnedMessageId = command.pinnedMessageId;
  }
  if (next.slowModeSeconds === state.room.slowModeSeconds && next.pinnedMessageId === state.room.pinnedMessageId) return null;
  return { type: 'room.updated', stream: GLOBAL_STREAM, actorId: command.actor._id, at: command.now, data: next };
};

/** The log's entries for one change of the room: slow mode and the pin are logged apart. */
export const roomChanges = (before: RoomSettings, after: RoomSettings): { action: ModerationAction; value: string | null }[] => [
  ...(before.slowModeSeconds !== after.slowModeSeconds ? [{ action: 'room.slow_mode' as const, value: String(after.slowModeSeconds) }] : []),
  ...(before.pinnedMessageId !== after.pinnedMessageId
    ? [{ action: after.pinnedMessageId ? ('room.pinned' as const) : ('room.unpinned' as const), value: after.pinnedMessageId ?? before.pinnedMessageId }]
    : []),
];

/* Reports. */

export interface Resolution {
  action: ReportAction;
  by: string;
  at: string;
  reason: string | null;
  /** For a timeout: its length. */
  minutes: number | null;
}

export interface ReportRecord {
  _id: string;
  messageId: string;
  /** The reported message's author, for the queue's "earlier actions against them". */
  authorId: string;
  reporterId: string;
  reason: string;
  createdAt: string;
  status: 'open' | 'resolved';
  resolution: Resolution | null;
}

export interface FileReport {
  type: 'FileReport';
  actor: Actor;
  reportId: string;
  messageId: string;
  reason: string;
  now: string;
}

const boundedText = (text: string | undefined | null, max: number, what: string, code: string, required: boolean): string | null => {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return required ? refuse('invalid', code, `${what} is required.`) : null;
  if ([...trimmed].length > max) refuse('invalid', code, `${what} can be at most ${max} characters.`);
  return trimmed;
};

/** Anyone signed in reports a message of the room, once, never their own. */
export const decideReport = (command: FileReport, state: { message: MessageDoc | null; reportedBefore: boolean }): ReportRecord => {
  const reason = boundedText(command.reason, MODERATION.reportReasonMax, 'A reason', 'BAD_REASON', true)!;
  const { message } = state;
  if (!message || message.deleted || message.stream !== GLOBAL_STREAM || message._id !== command.messageId) {
    return refuse('not_found', 'MESSAGE_NOT_FOUND', 'Message not found in the room.');
  }
  if (message.sender._id === command.actor._id) refuse('forbidden', 'OWN_MESSAGE', 'You cannot report your own message.');
  if (state.reportedBefore) refuse('conflict', 'ALREADY_REPORTED', 'You reported this message already.');
  return {
    _id: command.reportId,
    messageId: message._id,
    authorId: message.sender._id,
    reporterId: command.actor._id,
    reason,
    createdAt: command.now,
    status: 'open',
    resolution: null,
  };
};

export interface ResolveReport {
  type: 'ResolveReport';
  actor: Actor;
  action: ReportAction;
  minutes?: number;
  reason?: string | null;
  now: string;
}

/** An admin resolves an open report once: dismiss, hide the message, or time its author out. */
export const decideResolve = (command: ResolveReport, state: { report: ReportRecord | null; authorIsAdmin: boolean }): Resolution => {
  adminOnly(command.actor, 'resolve reports');
  const { report } = state;
  if (!report) return refuse('not_found', 'REPORT_NOT_FOUND', 'Report not found.');
  if (report.status !== 'open') refuse('conflict', 'REPORT_RESOLVED', 'This report is resolved already.');
  const reason = boundedText(command.reason, MODERATION.timeoutReasonMax, 'A reason', 'BAD_REASON', false);
  let minutes: number | null = null;
  if (command.action === 'timeout') {
    minutes = timeoutMinutes(command.minutes);
    if (state.authorIsAdmin) refuse('conflict', 'ADMIN_TIMEOUT', 'Admins cannot be timed out.');
  }
  return { action: command.action, by: command.actor._id, at: command.now, reason, minutes };
};

/* Timeouts. */

export interface TimeoutRecord {
  userId: string;
  until: string;
  reason: string;
  by: string;
  at: string;
}

const timeoutMinutes = (minutes: number | undefined): number => {
  if (minutes === undefined || !Number.isInteger(minutes) || minutes < MODERATION.timeoutMinutesMin || minutes > MODERATION.timeoutMinutesMax) {
    return refuse('invalid', 'BAD_MINUTES', `A timeout lasts ${MODERATION.timeoutMinutesMin} to ${MODERATION.timeoutMinutesMax} minutes.`);
  }
  return minutes;
};

export interface TimeOut {
  type: 'TimeOut';
  actor: Actor;
  minutes: number | undefined;
  reason: string;
  now: string;
}

/** An admin times a user out of the room for 1 minute to 7 days; admins cannot be (409). A new timeout replaces the running one. */
export const decideTimeout = (command: TimeOut, state: { target: { _id: string; isAdmin: boolean } | null }): TimeoutRecord => {
  adminOnly(command.actor, 'time users out');
  const minutes = timeoutMinutes(command.minutes);
  const reason = boundedText(command.reason, MODERATION.timeoutReasonMax, 'A reason', 'BAD_REASON', true)!;
  const { target } = state;
  if (!target) return refuse('not_found', 'USER_NOT_FOUND', 'User not found.');
  if (target.isAdmin) refuse('conflict', 'ADMIN_TIMEOUT', 'Admins cannot be timed out.');
  return {
    userId: target._id,
    until: new Date(Date.parse(command.now) + minutes * 60_000).toISOString(),
    reason,
    by: command.actor._id,
    at: command.now,
  };
};

/** Whether a timeout is running at `now`: it ends by itself at `until`. */
export const isTimedOut = (timeout: Pick<TimeoutRecord, 'until'> | null, now: string): boolean =>
  timeout !== null && Date.parse(timeout.until) > Date.parse(now);

/** Lifting: true when a running timeout ends now, false when there was none (nothing to log). */
export const decideLift = (command: { type: 'LiftTimeout'; actor: Actor; now: string }, state: { timeout: TimeoutRecord | null }): boolean => {
  adminOnly(command.actor, 'lift timeouts');
  return isTimedOut(state.timeout, command.now);
};

/* Blocked terms. */

/** The new list, tidied and without repeats (by the matching form); null when it is the list already. */
export const decideBlockedTerms = (
  command: { type: 'SetBlockedTerms'; actor: Actor; blockedTerms: readonly string[] },
  state: { blockedTerms: readonly string[] },
): string[] | null => {
  adminOnly(command.actor, 'change the blocked terms');
  if (command.blockedTerms.length > MODERATION.blockedTermsMax) {
    refuse('invalid', 'TOO_MANY_TERMS', `At most ${MODERATION.blockedTermsMax} blocked terms.`);
  }
  const seen = new Set<string>();
  const next: string[] = [];
  for (const raw of command.blockedTerms) {
    const term = tidyTerm(raw);
    const length = [...term].length;
    if (length < 1 || length > MODERATION.blockedTermMaxChars || foldForMatching(term) === '') {
      refuse('invalid', 'BAD_TERM', `Each blocked term is 1 to ${MODERATION.blockedTermMaxChars} characters.`);
    }
    const key = foldForMatching(term);
    if (seen.has(key)) continue;
    seen.add(key);
    next.push(term);
  }
  const same = next.length === state.blockedTerms.length && next.every((term, index) => term === state.blockedTerms[index]);
  return same ? null : next;
};
