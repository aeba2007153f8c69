// @vitest-environment jsdom
import type { ChatEventPayload, ChatEventRecord, ChatMessage } from '@le/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { GLOBAL_STREAM, useChatStore } from './chat-store';
import { testMessage } from './test-messages';

const message = testMessage;
const record = (seq: number, type: ChatEventRecord['type'], msg?: ChatMessage): ChatEventRecord => ({
  _id: `e${seq}`,
  stream: GLOBAL_STREAM,
  seq,
  type,
  actorId: 'u1',
  at: '2026-11-20T10:00:00.000Z',
  message: msg,
});

/** The server's log for the global room; the fake fetch answers the two reads the store makes. */
let log: ChatEventRecord[] = [];
let listed: ChatMessage[] = [];
const calls: string[] = [];

beforeEach(() => {
  useChatStore.getState().reset();
  log = [];
  listed = [];
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      calls.push(`${url.pathname}${url.search}`);
      if (url.pathname === '/api/chat/public') return Response.json({ messages: listed });
      if (url.pathname === '/api/chat/events') {
        const after = Number(url.searchParams.get('after'));
        return Response.json({ events: log.filter((event) => event.seq > after) });
      }
      return Response.json({ message: 'not found' }, { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 50 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
};

describe('useChatStore', () => {
  it('loads the list, then reads what happened after it from the event log', async () => {
    listed = [message('m1', 1)];
    log = [record(1, 'message.posted', message('m1', 1)), record(2, 'message.posted', message('m2', 2))];
    await useChatStore.getState().loadStream(GLOBAL_STREAM, 'guest');
    const stream = useChatStore.getState().streams[GLOBAL_STREAM];
    expect(stream?.seq).toBe(2);
    expect(Object.keys(stream?.messages ?? {}).sort()).toEqual(['m1', 'm2']);
    expect(calls).toEqual(['/api/chat/public', '/api/chat/events?stream=global&after=1&limit=200']);
  });

  it('on a sequence gap catches up from the log and applies every missed event once', async () => {
    listed = [message('m1', 1)];
    log = [record(1, 'message.posted', message('m1', 1))];
    await useChatStore.getState().loadStream(GLOBAL_STREAM, 'guest');
    // the socket missed seq 2 (a post) and 3 (a hide), and delivers 4
    log.push(
      record(2, 'message.posted', message('m2', 2)),
      record(3, 'message.hidden', message('m1', 3, { hidden: true, content: '', hiddenFor: ['all'] })),
      record(4, 'message.edited', message('m2', 4, { content: 'edited' })),
    );
    const live: ChatEventPayload = { stream: GLOBAL_STREAM, seq: 4, type: 'message.edited', message: message('m2', 4, { content: 'edited' }) };
    useChatStore.getState().receive(live, 'guest');
    await waitFor(() => useChatStore.getState().streams[GLOBAL_STREAM]?.seq === 4);
    const stream = useChatStore.getState().streams[GLOBAL_STREAM]!;
    expect(stream.gap).toBe(false);
    expect(stream.messages.m1).toMatchObject({ hidden: true, content: '' });
    expect(stream.messages.m2?.content).toBe('edited');
    expect(calls.at(-1)).toBe('/api/chat/events?stream=global&after=1&limit=200');
    // the socket's copy arriving again is a no-op
    const before = useChatStore.getState().streams[GLOBAL_STREAM];
    useChatStore.getState().receive(live, 'guest');
    expect(useChatStore.getState().streams[GLOBAL_STREAM]).toBe(before);
  });

  it('ignores events of streams no screen shows', () => {
    useChatStore.getState().receive({ stream: 'abc', seq: 1, type: 'message.posted', message: message('x', 1) }, 'user');
    expect(useChatStore.getState().streams.abc).toBeUndefined();
  });
});
