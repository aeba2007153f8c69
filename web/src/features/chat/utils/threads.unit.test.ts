import { UI_TEXT } from '@le/contracts';
import { isWithinEditWindow, type ChatMessage } from '@le/contracts';
import { describe, expect, it } from 'vitest';

import { formatDate, formatTime, messageDisplay, replyPreview } from './format';
import { buildThreads, groupByDay, repliesLabel, threadRootId } from './threads';

const sender = { _id: 'u1', role: 'member', name: 'Rina', username: 'rina', photo_profile: '', membershipTier: 'pro' };
const local = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute).toISOString();
const message = (id: string, createdAt: string, replyTo: string | null = null, changes: Partial<ChatMessage> = {}): ChatMessage => ({
  _id: id,
  content: `text ${id}`,
  createdAt,
  editedAt: null,
  sender,
  type: 'global',
  chatId: null,
  replyTo: replyTo ? { _id: replyTo, sender, preview: '' } : null,
  hiddenFor: [],
  hidden: false,
  deleted: false,
  seq: 1,
  ...changes,
});

describe('threads', () => {
  it('says "1 reply" for one and "N replies" for more (spec §4)', () => {
    expect(repliesLabel(1)).toBe('1 reply');
    expect(repliesLabel(2)).toBe('2 replies');
    expect(repliesLabel(12)).toBe('12 replies');
  });

  it('finds the thread a reply to a reply opens: its first message', () => {
    const held = [message('a', local(20, 10)), message('c', local(20, 10, 5), 'a'), message('d', local(20, 10, 6), 'c')];
    expect(threadRootId(held, held[2]!)).toBe('a');
    expect(threadRootId(held, held[0]!)).toBe('a');
    expect(threadRootId(held, message('x', local(20, 11), 'gone'))).toBe('x');
  });
});

describe('buildThreads', () => {
  it('puts replies under their parent, oldest first, and replies to replies under the first message', () => {
    const threads = buildThreads([
      message('c', local(20, 10, 5), 'a'),
      message('a', local(20, 10, 0)),
      message('b', local(20, 10, 1)),
      message('d', local(20, 10, 6), 'c'),
      message('orphan', local(20, 10, 7), 'gone'),
    ]);
    expect(threads.map((thread) => thread.message._id)).toEqual(['a', 'b', 'orphan']);
    expect(threads[0]?.replies.map((reply) => reply._id)).toEqual(['c', 'd']);
    expect(threads[1]?.replies).toEqual([]);
  });

  it('leaves deleted messages out, unless replies still hang under them', () => {
    const threads = buildThreads([
      message('a', local(20, 9), null, { deleted: true }),
      message('b', local(20, 10), null, { deleted: true }),
      message('c', local(20, 11), 'b'),
      message('d', local(20, 12), 'b', { deleted: true }),
    ]);
    expect(threads.map((thread) => thread.message._id)).toEqual(['b']);
    expect(threads[0]?.replies.map((reply) => reply._id)).toEqual(['c']);
  });
});

describe('groupByDay and formats', () => {
  it('groups threads by local day under DD/MM/YYYY headers, unknown dates as "Tidak diketahui"', () => {
    const groups = groupByDay(buildThreads([message('a', local(19, 23, 59)), message('b', local(20, 0, 1)), message('c', local(20, 8))]));
    expect(groups.map((group) => formatDate(group.sample))).toEqual(['19/11/2026', '20/11/2026']);
    expect(groups[1]?.threads.map((thread) => thread.message._id)).toEqual(['b', 'c']);
    expect(formatDate('not a date')).toBe(UI_TEXT.unknownDate);
    expect(formatTime(null)).toBe(UI_TEXT.unknownDate);
  });

  it('shows times in the Indonesian 24-hour format', () => {
    expect(formatTime(local(20, 14, 5))).toBe('14:05');
    expect(formatTime(local(20, 0, 7))).toBe('00:07');
  });

  it('cuts reply previews at 50 characters and closes the edit window after 5 minutes', () => {
    expect(replyPreview('x'.repeat(50))).toBe('x'.repeat(50));
    expect(replyPreview('y'.repeat(60))).toBe(`${'y'.repeat(50)}…`);
    const created = '2026-11-20T10:00:00.000Z';
    expect(isWithinEditWindow(created, Date.parse(created) + 4 * 60_000)).toBe(true);
    // The server accepts an edit at exactly 5 minutes (chat-core): so does the screen.
    expect(isWithinEditWindow(created, Date.parse(created) + 5 * 60_000)).toBe(true);
    expect(isWithinEditWindow(created, Date.parse(created) + 5 * 60_000 + 1)).toBe(false);
  });
});

describe('messageDisplay', () => {
  it('shows hidden messages dimmed to the admin and as "Pesan ini disembunyikan" to everyone else', () => {
    const hidden = { content: 'secret', hidden: true, deleted: false };
    expect(messageDisplay(hidden, true)).toEqual({ kind: 'dimmed', text: 'secret' });
    // the server already sends '' to non-admins; the notice shows whatever arrived
    expect(messageDisplay({ ...hidden, content: '' }, false)).toEqual({ kind: 'hidden', text: 'Pesan ini disembunyikan' });
    expect(messageDisplay({ content: '<img src=x onerror=alert(1)>', hidden: false, deleted: false }, false)).toEqual({
      kind: 'text',
      text: '<img src=x onerror=alert(1)>',
    });
    expect(messageDisplay({ content: '', hidden: false, deleted: true }, true).kind).toBe('deleted');
  });
});
