import { LIMITS } from '@le/contracts';
import { describe, expect, it } from 'vitest';
import {
  decideDelete,
  decideEdit,
  decideMarkRead,
  decidePost,
  decideToggleHidden,
  globalStream,
  type Actor,
  type StreamRef,
} from './commands';
import type { ChatEvent } from './events';
import { foldMessage, withParent, type MessageDoc } from './projections';
import { actor, admin, at, budi, given, posted, privateChat, refusalOf, sari } from './test-fixtures';

/** Given these events, when this command is decided, then this event (or this refusal). */
const trial = actor('trial', { canPost: false });

const stateOf = (events: ChatEvent[], id: string): MessageDoc | null => {
  const doc = foldMessage(events, id);
  if (!doc) return null;
  return withParent(doc, doc.replyToId ? foldMessage(events, doc.replyToId) : null);
};

const hidden = (id: string, ms = 1000) =>
  decideToggleHidden({ type: 'ToggleHidden', actor: admin, messageId: id, context: null, now: at(ms) }, { message: stateOf(given(posted(sari, id)), id) });

/** The refusal as a user meets it: its kind (the status), its code and its words. */
const refusal = (decide: () => unknown): { kind: string; code: string; message: string } => {
  const error = refusalOf(decide);
  return { kind: error.kind, code: error.code ?? '', message: error.message };
};

describe('PostMessage', () => {
  const post = (by: Actor, content: string, target: StreamRef = globalStream) =>
    decidePost({ type: 'PostMessage', target, actor: by, messageId: 'm1', content, replyToId: null, clientId: 'c-1', now: at(0) }, { parent: null });

  it('given a member, when posting, then message.posted with the trimmed content, sender and clientId', () => {
    expect(post(sari, '  halo semua \n')).toEqual({
      type: 'message.posted',
      stream: 'global',
      actorId: 'sari',
      at: at(0),
      data: { messageId: 'm1', chatId: null, content: 'halo semua', sender: sari.sender, replyToId: null, clientId: 'c-1' },
    });
  });

  it('given an admin, when posting in a member chat, then the event is in that chat stream', () => {
    expect(post(admin, 'hi', privateChat)).toMatchObject({ stream: privateChat.stream, data: { chatId: privateChat.stream } });
  });

  it('given a member, when posting in their own chat, then it is accepted; in another member chat, refused', () => {
    expect(post(sari, 'hi', privateChat).stream).toBe(privateChat.stream);
    expect(refusal(() => post(budi, 'hi', privateChat))).toEqual({ kind: 'forbidden', code: 'NOT_YOUR_CHAT', message: 'This conversation is not yours.' });
  });

  it('given a trial or expired user (canPost false), when posting in the global room, then refused', () => {
    expect(refusal(() => post(trial, 'hi'))).toEqual({ kind: 'forbidden', code: 'CANNOT_POST', message: 'Only members with an active membership can post.' });
  });

  it('given a trial or expired user (canPost false), when writing in their own conversation with the admins, then posted (contract §9)', () => {
    const ownChat: StreamRef = { stream: 'd'.repeat(24), memberId: 'trial' };
    expect(post(trial, 'How do I pay?', ownChat)).toMatchObject({ type: 'message.posted', stream: ownChat.stream, data: { content: 'How do I pay?' } });
    expect(refusal(() => post(trial, 'hi', privateChat))).toEqual({ kind: 'forbidden', code: 'NOT_YOUR_CHAT', message: 'This conversation is not yours.' });
  });

  it('given empty or whitespace-only content, when posting, then refused', () => {
    expect(refusal(() => post(sari, ''))).toEqual({ kind: 'invalid', code: 'EMPTY_MESSAGE', message: 'A message cannot be empty.' });
    expect(refusal(() => post(sari, ' \n\t '))).toEqual({ kind: 'invalid', code: 'EMPTY_MESSAGE', message: 'A message cannot be empty.' });
    // Only invisible characters: zero-width space, joiner, BOM, a right-to-left mark, a no-break space.
    expect(refusal(() => post(sari, '\u200b\u200d\ufeff\u200f\u00a0'))).toEqual({ kind: 'invalid', code: 'EMPTY_MESSAGE', message: 'A message cannot be empty.' });
    // Emoji sequences built with joiners are content.
    expect(() => post(sari, '👩\u200d💻')).not.toThrow();
  });

  it('given content over the limit, when posting, then refused; at the limit, accepted', () => {
    expect(refusal(() => post(sari, 'x'.repeat(LIMITS.messageMaxChars + 1)))).toEqual({ kind: 'invalid', code: 'MESSAGE_TOO_LONG', message: 'A message can be at most 2000 characters.' });
    expect(post(sari, 'x'.repeat(LIMITS.messageMaxChars)).type).toBe('message.posted');
  });
});

describe('PostMessage as a reply', () => {
  const reply = (events: ChatEvent[], parentId: string, target: StreamRef = globalStream) =>
    decidePost(
      { type: 'PostMessage', target, actor: budi, messageId: 'r1', content: 'setuju', replyToId: parentId, clientId: null, now: at(5) },
      { parent: stateOf(events, parentId) },
    );

  it('given a visible message, when replying, then the event names the parent', () => {
    expect(reply(given(posted(sari, 'p1')), 'p1').data).toMatchObject({ replyToId: 'p1' });
  });

  it('given a hidden message, when replying, then refused', () => {
    expect(refusal(() => reply(given(posted(sari, 'p1'), hidden('p1')), 'p1'))).toEqual({ kind: 'forbidden', code: 'PARENT_HIDDEN', message: 'You cannot reply to a hidden message.' });
  });

  it('given a deleted, unknown or other-stream message, when replying, then not found', () => {
    const deleted = decideDelete({ type: 'DeleteMessage', actor: sari, messageId: 'p1', now: at(10) }, { message: stateOf(given(posted(sari, 'p1')), 'p1') });
    expect(refusal(() => reply(given(posted(sari, 'p1'), deleted), 'p1'))).toEqual({ kind: 'not_found', code: 'PARENT_NOT_FOUND', message: 'The message you reply to does not exist.' });
    expect(refusal(() => reply(given(), 'nope'))).toEqual({ kind: 'not_found', code: 'PARENT_NOT_FOUND', message: 'The message you reply to does not exist.' });
    const inPrivate = given(posted(sari, 'p2', 'private', { target: privateChat }));
    expect(refusal(() => reply(inPrivate, 'p2'))).toEqual({ kind: 'not_found', code: 'PARENT_NOT_FOUND', message: 'The message you reply to does not exist.' });
  });
});

describe('EditMessage', () => {
  const edit = (by: Actor, events: ChatEvent[], ms: number, content = 'edited') =>
    decideEdit({ type: 'EditMessage', actor: by, messageId: 'm1', content, now: at(ms) }, { message: stateOf(events, 'm1') });
  const history = given(posted(sari, 'm1'));

  it('given my message younger than 5 minutes, when editing, then message.edited', () => {
    expect(edit(sari, history, LIMITS.editWindowMs)).toMatchObject({ type: 'message.edited', data: { messageId: 'm1', content: 'edited' } });
  });

  it('given my message older than 5 minutes, when editing, then refused', () => {
    expect(refusal(() => edit(sari, history, LIMITS.editWindowMs + 1))).toEqual({ kind: 'forbidden', code: 'EDIT_WINDOW_CLOSED', message: 'A message can only be edited within 5 minutes of sending.' });
  });

  it('given someone else message (even as admin), when editing, then refused', () => {
    expect(refusal(() => edit(budi, history, 1))).toEqual({ kind: 'forbidden', code: 'NOT_YOUR_MESSAGE', message: 'You can only edit your own messages.' });
    expect(refusal(() => edit(admin, history, 1))).toEqual({ kind: 'forbidden', code: 'NOT_YOUR_MESSAGE', message: 'You can only edit your own messages.' });
  });

  it('given blank content, a hidden message, a lost membership or no message, when editing, then refused', () => {
    expect(refusal(() => edit(sari, history, 1, '   '))).toEqual({ kind: 'invalid', code: 'EMPTY_MESSAGE', message: 'A message cannot be empty.' });
    expect(refusal(() => edit(sari, given(posted(sari, 'm1'), hidden('m1')), 2))).toEqual({ kind: 'forbidden', code: 'MESSAGE_HIDDEN', message: 'A hidden message cannot be edited.' });
    expect(refusal(() => edit({ ...sari, canPost: false }, history, 1))).toEqual({ kind: 'forbidden', code: 'CANNOT_POST', message: 'Only members with an active membership can post.' });
    expect(refusal(() => edit(sari, given(), 1))).toEqual({ kind: 'not_found', code: 'MESSAGE_NOT_FOUND', message: 'Message not found.' });
  });
});

describe('DeleteMessage', () => {
  const remove = (by: Actor, events: ChatEvent[], ms: number) =>
    decideDelete({ type: 'DeleteMessage', actor: by, messageId: 'm1', now: at(ms) }, { message: stateOf(events, 'm1') });
  const history = given(posted(sari, 'm1'));

  it('given my message within 5 minutes, when deleting, then message.deleted', () => {
    expect(remove(sari, history, 60_000)).toMatchObject({ type: 'message.deleted', data: { messageId: 'm1' } });
  });

  it('given an old, foreign, or already deleted message, when deleting, then refused', () => {
    expect(refusal(() => remove(sari, history, LIMITS.editWindowMs + 1))).toEqual({ kind: 'forbidden', code: 'EDIT_WINDOW_CLOSED', message: 'A message can only be deleted within 5 minutes of sending.' });
    expect(refusal(() => remove(budi, history, 1))).toEqual({ kind: 'forbidden', code: 'NOT_YOUR_MESSAGE', message: 'You can only delete your own messages.' });
    const gone = given(posted(sari, 'm1'), remove(sari, history, 1));
    expect(refusal(() => remove(sari, gone, 2))).toEqual({ kind: 'not_found', code: 'MESSAGE_NOT_FOUND', message: 'Message not found.' });
  });
});

describe('ToggleHidden', () => {
  const toggle = (by: Actor, events: ChatEvent[]) =>
    decideToggleHidden({ type: 'ToggleHidden', actor: by, messageId: 'm1', context: 'spam', now: at(1) }, { message: stateOf(events, 'm1') });

  it('given a visible message, when an admin toggles, then message.hidden with the context', () => {
    expect(toggle(admin, given(posted(sari, 'm1')))).toMatchObject({ type: 'message.hidden', actorId: 'admin', data: { messageId: 'm1', context: 'spam' } });
  });

  it('given a hidden message, when an admin toggles, then message.unhidden', () => {
    expect(toggle(admin, given(posted(sari, 'm1'), hidden('m1')))).toMatchObject({ type: 'message.unhidden' });
  });

  it('given a non-admin, when toggling, then refused; given no message, then not found', () => {
    expect(refusal(() => toggle(sari, given(posted(sari, 'm1'))))).toEqual({ kind: 'forbidden', code: 'ADMIN_ONLY', message: 'Only an admin can hide messages.' });
    expect(refusal(() => toggle(admin, given()))).toEqual({ kind: 'not_found', code: 'MESSAGE_NOT_FOUND', message: 'Message not found.' });
  });
});

describe('MarkRead', () => {
  const read = (by: Actor, head: number, readUpTo: number) =>
    decideMarkRead({ type: 'MarkRead', target: privateChat, actor: by, now: at(1) }, { head, readUpTo });

  it('given unread events, when the member or an admin marks read, then chat.read up to the head', () => {
    expect(read(sari, 7, 3)).toMatchObject({ type: 'chat.read', stream: privateChat.stream, data: { readerId: 'sari', upTo: 7 } });
    expect(read(admin, 7, 0)).toMatchObject({ data: { readerId: 'admin', upTo: 7 } });
  });

  it('given everything read, when marking read, then nothing is appended', () => {
    expect(read(sari, 7, 7)).toBeNull();
  });

  it('given another member chat, when marking read, then refused', () => {
    expect(refusal(() => read(budi, 7, 0))).toEqual({ kind: 'forbidden', code: 'NOT_YOUR_CHAT', message: 'This conversation is not yours.' });
  });
});
