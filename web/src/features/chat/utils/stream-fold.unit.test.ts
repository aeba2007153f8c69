import type { ChatEventPayload } from '@le/contracts';
import { describe, expect, it } from 'vitest';

import { applyEvent, applyEvents, emptyStream, holdsSend, mergeSnapshot, receiveMessage, writeDone } from './stream-fold';
import { testMessage } from './test-messages';

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

describe('what settles a message or a change on its way', () => {
  it('a stream holds a send once the server version with its clientId is in, however it came', () => {
    let state = applyEvent(loaded(), posted(1));
    expect(holdsSend(state, 'c1')).toBe(false);
    expect(holdsSend(undefined, 'c1')).toBe(false);
    state = mergeSnapshot(state, [message('m5', 5, { clientId: 'c1' })]);
    expect(holdsSend(state, 'c1')).toBe(true);
    expect(holdsSend(state, 'c2')).toBe(false);
  });

  it('an edit, hide or delete is done once the message shows it; a deleted message settles every change', () => {
    expect(writeDone({ kind: 'edit', content: 'new words' }, message('m1', 1))).toBe(false);
    expect(writeDone({ kind: 'edit', content: 'new words' }, message('m1', 2, { content: 'new words' }))).toBe(true);
    expect(writeDone({ kind: 'hide', hidden: true }, message('m1', 2))).toBe(false);
    expect(writeDone({ kind: 'hide', hidden: true }, message('m1', 3, { hidden: true, hiddenFor: ['all'] }))).toBe(true);
    expect(writeDone({ kind: 'hide', hidden: false }, message('m1', 3, { hidden: true, hiddenFor: ['all'] }))).toBe(false);
    expect(writeDone({ kind: 'delete' }, message('m1', 3))).toBe(false);
    expect(writeDone({ kind: 'edit', content: 'x' }, message('m1', 4, { deleted: true, content: '' }))).toBe(true);
    expect(writeDone({ kind: 'delete' }, undefined)).toBe(false);
  });
});
