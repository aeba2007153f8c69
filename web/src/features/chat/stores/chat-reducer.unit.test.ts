import type { ChatEventPayload } from '@le/contracts';
import { describe, expect, it } from 'vitest';

import { applyEvent, applyEvents, dropOutgoing, dropWrite, emptyStream, failWrite, markOutgoing, mergeSnapshot, queueOutgoing, receiveMessage, startWrite } from './chat-reducer';
import type { OutgoingMessage } from './chat-reducer';
import { testMessage, testSender } from './test-messages';

const message = testMessage;
const posted = (seq: number, id = `m${seq}`): ChatEventPayload => ({ stream: 'global', seq, type: 'message.posted', message: message(id, seq) });
const loaded = (seq = 0) => ({ ...emptyStream(), loaded: true, seq });

describe('applyEvent', () => {
  it('applies the next event once: the same seq again changes nothing', () => {
    const once = applyEvent(loaded(), posted(1));
    expect(once.seq).toBe(1);
    expect(Object.keys(once.messages)).toEqual(['m1']);
    const twice = applyEvent(once, posted(1));
    expect(twice).toBe(once);
    // an older event (a late socket delivery after catch-up) is ignored too
    const edited = applyEvent(once, { stream: 'global', seq: 2, type: 'message.edited', message: message('m1', 2, { content: 'new' }) });
    expect(applyEvent(edited, posted(1))).toBe(edited);
    expect(edited.messages.m1?.content).toBe('new');
  });

  it('holds an event after a hole, marks the gap, and drains in order once the hole fills', () => {
    let state = applyEvent(loaded(), posted(1));
    state = applyEvent(state, posted(3));
    expect(state.gap).toBe(true);
    expect(state.seq).toBe(1);
    expect(state.messages.m3).toBeUndefined();
    state = applyEvent(state, posted(4));
    state = applyEvent(state, posted(2));
    expect(state.seq).toBe(4);
    expect(state.gap).toBe(false);
    expect(Object.keys(state.pending)).toEqual([]);
    expect(Object.keys(state.messages).sort()).toEqual(['m1', 'm2', 'm3', 'm4']);
  });

  it('applies hides, unhides, edits and deletes as the new version of the message', () => {
    let state = applyEvent(loaded(), posted(1));
    state = applyEvent(state, { stream: 'global', seq: 2, type: 'message.hidden', message: message('m1', 2, { content: '', hidden: true, hiddenFor: ['all'] }) });
    expect(state.messages.m1).toMatchObject({ hidden: true, content: '' });
    state = applyEvent(state, { stream: 'global', seq: 3, type: 'message.unhidden', message: message('m1', 3) });
    expect(state.messages.m1).toMatchObject({ hidden: false, content: 'text m1' });
    state = applyEvent(state, { stream: 'global', seq: 4, type: 'message.deleted', message: message('m1', 4, { content: '', deleted: true }) });
    expect(state.messages.m1).toMatchObject({ deleted: true });
    // a read mark moves the seq without touching messages
    const read = applyEvent(state, { stream: 'global', seq: 5, type: 'chat.read', readerId: 'u2', upTo: 4 });
    expect(read.seq).toBe(5);
    expect(read.messages).toBe(state.messages);
  });
});

describe('catch-up and snapshots', () => {
  it('merges a catch-up page with what the socket already delivered, each event once', () => {
    let state = applyEvent(loaded(), posted(1));
    state = applyEvent(state, posted(4)); // socket: seq 4 arrives, 2 and 3 were missed
    expect(state.gap).toBe(true);
    const page = [posted(2), posted(3), posted(4), { stream: 'global', seq: 5, type: 'message.edited', message: message('m2', 5, { content: 'fixed' }) } as ChatEventPayload];
    state = applyEvents(state, page);
    expect(state.seq).toBe(5);
    expect(state.gap).toBe(false);
    expect(state.messages.m2?.content).toBe('fixed');
    // the same page again (a second reconnect) changes nothing
    expect(applyEvents(state, page)).toBe(state);
  });

  it('starts a stream from a list at its newest seq and drops pending events it already holds', () => {
    let state = applyEvent(emptyStream(), posted(3)); // an event before the first list arrived
    expect(state.loaded).toBe(false);
    state = mergeSnapshot(state, [message('m3', 3), message('m2', 2)], { nextCursor: 'c1' });
    expect(state).toMatchObject({ loaded: true, seq: 3, gap: false, nextCursor: 'c1' });
    expect(Object.keys(state.pending)).toEqual([]);
    state = applyEvent(state, posted(4));
    expect(state.seq).toBe(4);
  });

  it('never lets a late list undo a newer version of a message', () => {
    let state = mergeSnapshot(emptyStream(), [message('m1', 1)]);
    state = applyEvent(state, { stream: 'global', seq: 2, type: 'message.hidden', message: message('m1', 2, { hidden: true, content: '' }) });
    state = mergeSnapshot(state, [message('m1', 1)]);
    expect(state.messages.m1?.hidden).toBe(true);
    expect(state.seq).toBe(2);
  });

  it('a deleted message stays deleted: a list read before the delete (the same seq, the delete drawn from the DELETE’s answer) does not bring it back', () => {
    const listed = mergeSnapshot(loaded(), [message('m1', 5)]);
    // DELETE answers 204: the store draws the message deleted with the seq it had
    const deleted = receiveMessage(listed, { ...message('m1', 5), deleted: true, content: '' });
    const stale = mergeSnapshot(deleted, [message('m1', 5)]);
    expect(stale.messages.m1).toMatchObject({ deleted: true, content: '' });
    // nor a later one: a delete is final
    expect(receiveMessage(stale, message('m1', 9, { content: 'edited' })).messages.m1?.deleted).toBe(true);
  });

  it('applies a waiting event right after a list brings the stream up to it', () => {
    let state = applyEvent(emptyStream(), posted(4));
    state = mergeSnapshot(state, [message('m3', 3)]);
    expect(state.seq).toBe(4);
    expect(state.messages.m4).toBeDefined();
  });
});

describe('messages on their way (the outbox) and changes on their way (writes)', () => {
  const outgoing = (clientId: string, changes: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
    clientId,
    content: `draft ${clientId}`,
    replyTo: null,
    sender: testSender,
    createdAt: '2026-11-20T10:01:00.000Z',
    status: 'sending',
    error: null,
    permanent: false,
    ...changes,
  });

  it('a failed send keeps its text and parent; the server version (its clientId) settles it, once, however it comes', () => {
    const parent = message('m1', 1);
    let state = queueOutgoing(applyEvent(loaded(), posted(1)), outgoing('c1', { replyTo: parent }));
    state = markOutgoing(state, 'c1', 'failed', 'Too many messages');
    expect(state.outbox.c1).toMatchObject({ status: 'failed', content: 'draft c1', replyTo: { _id: 'm1' }, error: 'Too many messages', permanent: false });
    // a refusal for good is recorded as such, and a new try starts afresh
    expect(markOutgoing(state, 'c1', 'failed', 'The message you reply to was deleted.', true).outbox.c1).toMatchObject({ status: 'failed', permanent: true });
    // Retry: sending again; the socket brings the post (seq 2) before the answer
    state = markOutgoing(state, 'c1', 'sending');
    const sent = message('m2', 2, { content: 'draft c1', clientId: 'c1', replyTo: { _id: 'm1', sender: testSender, preview: 'text m1' } });
    state = applyEvent(state, { stream: 'global', seq: 2, type: 'message.posted', message: sent });
    expect(state.outbox).toEqual({});
    expect(state.seq).toBe(2);
    // then the REST answer: the same message, nothing doubles
    state = receiveMessage(state, sent);
    expect(Object.keys(state.messages).sort()).toEqual(['m1', 'm2']);
    // a late failure of a try that reached the server anyway changes nothing
    expect(markOutgoing(state, 'c1', 'failed')).toBe(state);
    // and queueing it again (a retry after the answer was lost) sees it held
    expect(queueOutgoing(state, outgoing('c1'))).toBe(state);
  });

  it('a list (a snapshot or a catch-up) that holds the sent message settles it too, and keeps the rest waiting', () => {
    let state = queueOutgoing(queueOutgoing(loaded(), outgoing('c1')), outgoing('c2', { status: 'failed' }));
    state = mergeSnapshot({ ...state, loaded: false }, [message('m5', 5, { clientId: 'c1' })]);
    expect(Object.keys(state.outbox)).toEqual(['c2']);
    expect(state.seq).toBe(5);
    expect(dropOutgoing(state, 'c2').outbox).toEqual({});
  });

  it('a failed edit, hide or delete stays until the server version shows it done', () => {
    let state = applyEvents(loaded(), [posted(1), posted(2)]);
    state = startWrite(state, 'm1', { kind: 'edit', content: 'new words', status: 'sending', error: null, permanent: false });
    expect(failWrite(state, 'm1', 'This message is hidden.', true).writes.m1).toMatchObject({ status: 'failed', error: 'This message is hidden.', permanent: true });
    state = failWrite(state, 'm1', null);
    expect(state.writes.m1).toMatchObject({ kind: 'edit', content: 'new words', status: 'failed', permanent: false });
    // another version of the message (not this edit) leaves it waiting
    state = applyEvent(state, { stream: 'global', seq: 3, type: 'message.posted', message: message('m3', 3) });
    expect(state.writes.m1?.status).toBe('failed');
    state = applyEvent(state, { stream: 'global', seq: 4, type: 'message.edited', message: message('m1', 4, { content: 'new words' }) });
    expect(state.writes).toEqual({});

    state = startWrite(state, 'm2', { kind: 'hide', hidden: true, status: 'sending', error: null, permanent: false });
    state = applyEvent(state, { stream: 'global', seq: 5, type: 'message.hidden', message: message('m2', 5, { hidden: true, hiddenFor: ['all'] }) });
    expect(state.writes).toEqual({});
    // a failure reported after its result arrived is no failure
    expect(failWrite(state, 'm2', 'gone')).toBe(state);

    state = startWrite(state, 'm3', { kind: 'delete', status: 'failed', error: null, permanent: false });
    state = applyEvent(state, { stream: 'global', seq: 6, type: 'message.deleted', message: message('m3', 6, { deleted: true, content: '' }) });
    expect(state.writes).toEqual({});
    expect(dropWrite(state, 'm3')).toBe(state);
  });
});
