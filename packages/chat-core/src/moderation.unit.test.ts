import { describe, expect, it } from 'vitest';
import { decideEdit, type Actor, type StreamRef } from './commands';
import type { ChatEvent } from './events';
import {
  decideBlockedTerms,
  decideLift,
  decideReport,
  decideResolve,
  decideTimeout,
  decideUpdateRoom,
  foldRoom,
  INITIAL_ROOM,
  isTimedOut,
  roomChanges,
  type ReportRecord,
} from './moderation';
import { NO_MODERATION, type ModerationState } from './moderation-rules';
import { foldMessage, type MessageDoc } from './projections';
import { admin, at, budi, given, posted, privateChat, refusalOf as refusal, sari } from './test-fixtures';
import { viewRoomFor } from './views';

/** Given these events (or records), when this command is decided, then this outcome (or this refusal). */
const post = (by: Actor, id: string, content: string, moderation: Partial<ModerationState>, options: { target?: StreamRef; ms?: number } = {}) =>
  posted(by, id, content, { ...options, moderation });

const messageOf = (events: ChatEvent[], id: string): MessageDoc => foldMessage(events, id)!;

describe('a timed-out user', () => {
  const timedOut = { timedOutUntil: at(10 * 60_000) };

  it('given a running timeout, when posting in the room, then TIMED_OUT with the end', () => {
    const error = refusal(() => post(sari, 'm1', 'halo', timedOut, { ms: 60_000 }));
    expect(error).toMatchObject({ kind: 'forbidden', code: 'TIMED_OUT', details: { until: at(10 * 60_000) } });
  });

  it('given a running timeout, when writing to the admins, then the message is posted', () => {
    expect(post(sari, 'm1', 'tolong', timedOut, { target: privateChat, ms: 60_000 })).toMatchObject({ type: 'message.posted', stream: privateChat.stream });
  });

  it('given a timeout that ended, when posting, then the message is posted (it ends by itself)', () => {
    expect(post(sari, 'm1', 'halo', timedOut, { ms: 10 * 60_000 })).toMatchObject({ type: 'message.posted' });
  });

  it('given a running timeout, when editing an own room message, then TIMED_OUT', () => {
    const events = given(post(sari, 'm1', 'halo', {}));
    const error = refusal(() =>
      decideEdit(
        { type: 'EditMessage', actor: sari, messageId: 'm1', content: 'halo lagi', now: at(1000) },
        { message: messageOf(events, 'm1'), moderation: { ...NO_MODERATION, ...timedOut } },
      ),
    );
    expect(error.code).toBe('TIMED_OUT');
  });
});

describe('slow mode', () => {
  const slow = { slowModeSeconds: 30, lastRoomPostAt: at(0) };

  it('given a post 10 s ago under 30 s slow mode, when posting, then SLOW_MODE with the seconds left', () => {
    const error = refusal(() => post(sari, 'm2', 'lagi', slow, { ms: 10_000 }));
    expect(error).toMatchObject({ kind: 'too_many_requests', code: 'SLOW_MODE', details: { retryAfter: 20 } });
  });

  it('rounds the seconds left up', () => {
    expect(refusal(() => post(sari, 'm2', 'lagi', slow, { ms: 29_001 })).details).toEqual({ retryAfter: 1 });
  });

  it('given the wait is over, when posting, then the message is posted', () => {
    expect(post(sari, 'm2', 'lagi', slow, { ms: 30_000 })).toMatchObject({ type: 'message.posted' });
  });

  it('given slow mode, admins are exempt and private chats are not slowed', () => {
    expect(post(admin, 'm2', 'info', slow, { ms: 1000 })).toMatchObject({ type: 'message.posted' });
    expect(post(sari, 'm2', 'tolong', slow, { target: privateChat, ms: 1000 })).toMatchObject({ type: 'message.posted' });
  });
});

describe('blocked terms', () => {
  const filters = { blockedTerms: ['pasti profit'] };

  it('given a blocked term, when a member posts it in any case or width, then BLOCKED_TERMS naming it', () => {
    const error = refusal(() => post(sari, 'm1', 'Sinyal ini ＰＡＳＴＩ profit!', filters));
    expect(error).toMatchObject({ kind: 'invalid', code: 'BLOCKED_TERMS', details: { terms: ['pasti profit'] } });
  });

  it('given a blocked term, when a member edits it in, then BLOCKED_TERMS', () => {
    const events = given(post(sari, 'm1', 'halo', {}));
    const error = refusal(() =>
      decideEdit(
        { type: 'EditMessage', actor: sari, messageId: 'm1', content: 'pasti  profit', now: at(1000) },
        { message: messageOf(events, 'm1'), moderation: { ...NO_MODERATION, ...filters } },
      ),
    );
    expect(error.code).toBe('BLOCKED_TERMS');
  });

  it('given a blocked term, an admin may write it (to warn about it), and a longer word is not it', () => {
    expect(post(admin, 'm1', 'Hati-hati dengan "pasti profit"', filters)).toMatchObject({ type: 'message.posted' });
    expect(post(sari, 'm1', 'pastiprofit.com', filters)).toMatchObject({ type: 'message.posted' });
  });
});

describe('the room', () => {
  const events = given(post(sari, 'm1', 'halo', {}));
  const room = (command: { slowModeSeconds?: number; pinnedMessageId?: string | null }, pinned: MessageDoc | null = null, by = admin, state = INITIAL_ROOM) =>
    decideUpdateRoom({ type: 'UpdateRoom', actor: by, now: at(5000), ...command }, { room: state, pinned });

  it('when an admin sets slow mode, then room.updated on the global stream with the whole settings', () => {
    expect(room({ slowModeSeconds: 30 })).toEqual({
      type: 'room.updated',
      stream: 'global',
      actorId: 'admin',
      at: at(5000),
      data: { slowModeSeconds: 30, pinnedMessageId: null },
    });
  });

  it('when an admin pins a message of the room, then it is the one pinned; nothing changes, no event', () => {
    const pinned = messageOf(events, 'm1');
    const event = room({ pinnedMessageId: 'm1' }, pinned);
    expect(event?.data).toEqual({ slowModeSeconds: 0, pinnedMessageId: 'm1' });
    const after = foldRoom(given(event!));
    expect(room({ pinnedMessageId: 'm1' }, pinned, admin, after)).toBeNull();
    expect(roomChanges(INITIAL_ROOM, after)).toEqual([{ action: 'room.pinned', value: 'm1' }]);
    expect(roomChanges(after, INITIAL_ROOM)).toEqual([{ action: 'room.unpinned', value: 'm1' }]);
  });

  it('refuses members (403), bad lengths (400), unknown (404) and hidden (409) messages', () => {
    expect(refusal(() => room({ slowModeSeconds: 30 }, null, sari)).code).toBe('ADMIN_ONLY');
    expect(refusal(() => room({ slowModeSeconds: 3601 })).kind).toBe('invalid');
    expect(refusal(() => room({ pinnedMessageId: 'zz' })).kind).toBe('not_found');
    const hidden = { ...messageOf(events, 'm1'), hidden: true };
    expect(refusal(() => room({ pinnedMessageId: 'm1' }, hidden)).code).toBe('MESSAGE_HIDDEN');
  });

  it('shows the pinned message only to those who may see it', () => {
    const pinned = messageOf(events, 'm1');
    expect(viewRoomFor({ slowModeSeconds: 5 }, pinned, { _id: null, isAdmin: false }).pinnedMessage?.content).toBe('halo');
    const hidden = { ...pinned, hidden: true, hiddenContext: 'spam' };
    expect(viewRoomFor({ slowModeSeconds: 5 }, hidden, { _id: null, isAdmin: false }).pinnedMessage).toBeNull();
    expect(viewRoomFor({ slowModeSeconds: 5 }, hidden, { _id: 'a', isAdmin: true }).pinnedMessage).toMatchObject({ content: 'halo', hiddenReason: 'spam' });
  });
});

describe('reports', () => {
  const events = given(post(sari, 'm1', 'pasti cuan', {}));
  const report = (by: Actor, reportedBefore = false, reason = 'tout') =>
    decideReport({ type: 'FileReport', actor: by, reportId: 'r1', messageId: 'm1', reason, now: at(1000) }, { message: messageOf(events, 'm1'), reportedBefore });

  it('when a member reports another member’s message, then an open report naming its author', () => {
    expect(report(budi)).toEqual({
      _id: 'r1',
      messageId: 'm1',
      authorId: 'sari',
      reporterId: 'budi',
      reason: 'tout',
      createdAt: at(1000),
      status: 'open',
      resolution: null,
    });
  });

  it('refuses one’s own message (403), a second report (409), a blank reason (400)', () => {
    expect(refusal(() => report(sari))).toMatchObject({ kind: 'forbidden', code: 'OWN_MESSAGE' });
    expect(refusal(() => report(budi, true))).toMatchObject({ kind: 'conflict', code: 'ALREADY_REPORTED' });
    expect(refusal(() => report(budi, false, '   '))).toMatchObject({ kind: 'invalid' });
  });

  const open: ReportRecord = { ...report(budi) };
  const resolve = (command: { action: 'dismiss' | 'hide' | 'timeout'; minutes?: number }, state: { report: ReportRecord | null; authorIsAdmin?: boolean }, by = admin) =>
    decideResolve({ type: 'ResolveReport', actor: by, now: at(2000), ...command }, { authorIsAdmin: false, ...state });

  it('when an admin resolves an open report, then the resolution; once resolved, 409', () => {
    expect(resolve({ action: 'timeout', minutes: 10 }, { report: open })).toEqual({ action: 'timeout', by: 'admin', at: at(2000), reason: null, minutes: 10 });
    const resolved = { ...open, status: 'resolved' as const, resolution: resolve({ action: 'dismiss' }, { report: open }) };
    expect(refusal(() => resolve({ action: 'hide' }, { report: resolved })).code).toBe('REPORT_RESOLVED');
  });

  it('refuses members, a timeout without minutes, and a timeout of an admin', () => {
    expect(refusal(() => resolve({ action: 'dismiss' }, { report: open }, budi)).kind).toBe('forbidden');
    expect(refusal(() => resolve({ action: 'timeout' }, { report: open })).code).toBe('BAD_MINUTES');
    expect(refusal(() => resolve({ action: 'timeout', minutes: 10 }, { report: open, authorIsAdmin: true })).code).toBe('ADMIN_TIMEOUT');
    expect(refusal(() => resolve({ action: 'dismiss' }, { report: null })).kind).toBe('not_found');
  });
});

describe('timeouts', () => {
  const timeOut = (target: { _id: string; isAdmin: boolean } | null, minutes: number | undefined = 60, by = admin) =>
    decideTimeout({ type: 'TimeOut', actor: by, minutes, reason: 'heated', now: at(0) }, { target });

  it('when an admin times a member out for 60 minutes, then it runs until an hour later and ends by itself', () => {
    const record = timeOut({ _id: 'sari', isAdmin: false });
    expect(record).toEqual({ userId: 'sari', until: at(60 * 60_000), reason: 'heated', by: 'admin', at: at(0) });
    expect(isTimedOut(record, at(59 * 60_000))).toBe(true);
    expect(isTimedOut(record, at(60 * 60_000))).toBe(false);
  });

  it('refuses an admin target (409), a length out of 1–10080 (400), a member actor (403)', () => {
    expect(refusal(() => timeOut({ _id: 'admin2', isAdmin: true }))).toMatchObject({ kind: 'conflict', code: 'ADMIN_TIMEOUT' });
    expect(refusal(() => timeOut({ _id: 'sari', isAdmin: false }, 10_081)).kind).toBe('invalid');
    expect(refusal(() => timeOut({ _id: 'sari', isAdmin: false }, 0)).kind).toBe('invalid');
    expect(refusal(() => timeOut({ _id: 'sari', isAdmin: false }, 60, budi)).kind).toBe('forbidden');
  });

  it('lifting ends a running timeout; an ended one is nothing to lift', () => {
    const record = timeOut({ _id: 'sari', isAdmin: false });
    expect(decideLift({ type: 'LiftTimeout', actor: admin, now: at(1000) }, { timeout: record })).toBe(true);
    expect(decideLift({ type: 'LiftTimeout', actor: admin, now: at(61 * 60_000) }, { timeout: record })).toBe(false);
  });
});

describe('the blocked terms list', () => {
  const set = (terms: string[], current: string[] = [], by = admin) => decideBlockedTerms({ type: 'SetBlockedTerms', actor: by, blockedTerms: terms }, { blockedTerms: current });

  it('keeps each term once (by its matching form), tidied, in the order given', () => {
    expect(set([' pasti  profit ', 'PASTI PROFIT', 'ｓｃａｍ', 'scam'])).toEqual(['pasti profit', 'scam']);
  });

  it('is null when nothing changes; refuses members and over-long terms', () => {
    expect(set(['scam'], ['scam'])).toBeNull();
    expect(refusal(() => set(['scam'], [], sari)).kind).toBe('forbidden');
    expect(refusal(() => set(['x'.repeat(101)])).code).toBe('BAD_TERM');
    expect(refusal(() => set(Array.from({ length: 501 }, (_, i) => `t${i}`))).code).toBe('TOO_MANY_TERMS');
  });
});
