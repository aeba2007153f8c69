// @vitest-environment jsdom
import type { ChatEventPayload, ChatEventRecord, ChatMessage } from '@le/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { queryClient } from '@/lib/query-client';
import { useSessionStore } from '@/stores/session-store';
import { CHAT_WRITE_TIMEOUT_MS } from '@/features/chat/api/write-timeout';
import { openWithAdmin } from '@/features/chat/api/open-with-admin';
import { testMessage, testSender } from '@/features/chat/utils/test-messages';

import { chatKeys } from './keys';
import { discardSend, dismissWrite, edit, outgoingOf, pendingWriteOf, remove, retrySend, retryWrite, send, toggleHidden } from './outbox';
import { GLOBAL_STREAM, NEW_CHAT_STREAM, catchUp, heldStream, loadOlder, receiveEvent, scopeNow, seedStream, streamQuery } from './streams';
import { savedUser } from '@/lib/test-fixtures';

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
/** The writes the server received (method, path, body), and how it answers them: a Response, or a network failure (throw). */
const writes: { method: string; path: string; body: Record<string, unknown> | undefined }[] = [];
let answer: (method: string, path: string, body: Record<string, unknown> | undefined) => Response = () => Response.json({ message: 'not found' }, { status: 404 });

/** A stream read as a screen reads it: its newest page, then the log after it. */
const read = async (stream: string) => {
  await queryClient.fetchQuery(streamQuery(stream, scopeNow()));
  await catchUp(stream);
};
/** This client's sends on their way or Not sent, and its changes, as the screens get them. */
const outbox = () => queryClient.getMutationCache().findAll({ mutationKey: chatKeys.sends() }).map(outgoingOf);
const pending = () => Object.fromEntries(queryClient.getMutationCache().findAll({ mutationKey: chatKeys.writes() }).map(pendingWriteOf));

beforeEach(() => {
  // Nothing kept from an earlier test's unsent messages (api/saved-outbox.ts).
  localStorage.clear();
  queryClient.clear();
  log = [];
  listed = [];
  calls.length = 0;
  writes.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      if (method !== 'GET') {
        const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
        writes.push({ method, path: url.pathname, body });
        return answer(method, url.pathname, body);
      }
      calls.push(`${url.pathname}${url.search}`);
      if (url.pathname === '/api/chat/public' || url.pathname === '/api/chat') return Response.json({ messages: listed });
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

describe('a stream as a query, patched in place', () => {
  it('Load older asked before the first page came (a drawn room’s click, held until the app was there) loads that page, then the older one', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const url = new URL(input, 'http://localhost');
        calls.push(`${url.pathname}${url.search}`);
        if (url.pathname === '/api/chat/public')
          return Response.json(url.searchParams.has('before') ? { messages: [message('m1', 1)], nextCursor: null } : { messages: [message('m2', 2)], nextCursor: 'c1' });
        if (url.pathname === '/api/chat/events') return Response.json({ events: [] });
        return Response.json({ message: 'not found' }, { status: 404 });
      }),
    );
    await loadOlder(GLOBAL_STREAM);
    expect(Object.keys(heldStream(GLOBAL_STREAM)!.messages).sort()).toEqual(['m1', 'm2']);
    expect(calls).toContain('/api/chat/public?before=c1');
  });

  it('loads the list, then reads what happened after it from the event log', async () => {
    listed = [message('m1', 1)];
    log = [record(1, 'message.posted', message('m1', 1)), record(2, 'message.posted', message('m2', 2))];
    await read(GLOBAL_STREAM);
    const stream = heldStream(GLOBAL_STREAM);
    expect(stream?.seq).toBe(2);
    expect(Object.keys(stream?.messages ?? {}).sort()).toEqual(['m1', 'm2']);
    expect(calls).toEqual(['/api/chat/public', '/api/chat/events?stream=global&after=1&limit=200']);
  });

  it('on a sequence gap catches up from the log and applies every missed event once', async () => {
    listed = [message('m1', 1)];
    log = [record(1, 'message.posted', message('m1', 1))];
    await read(GLOBAL_STREAM);
    // the socket missed seq 2 (a post) and 3 (a hide), and delivers 4
    log.push(
      record(2, 'message.posted', message('m2', 2)),
      record(3, 'message.hidden', message('m1', 3, { hidden: true, content: '', hiddenFor: ['all'] })),
      record(4, 'message.edited', message('m2', 4, { content: 'edited' })),
    );
    const live: ChatEventPayload = { stream: GLOBAL_STREAM, seq: 4, type: 'message.edited', message: message('m2', 4, { content: 'edited' }) };
    receiveEvent(live);
    await waitFor(() => heldStream(GLOBAL_STREAM)?.seq === 4);
    const stream = heldStream(GLOBAL_STREAM)!;
    expect(stream.gap).toBe(false);
    expect(stream.messages.m1).toMatchObject({ hidden: true, content: '' });
    expect(stream.messages.m2?.content).toBe('edited');
    expect(calls.at(-1)).toBe('/api/chat/events?stream=global&after=1&limit=200');
    // the socket's copy arriving again is a no-op
    const before = heldStream(GLOBAL_STREAM);
    receiveEvent(live);
    expect(heldStream(GLOBAL_STREAM)).toBe(before);
  });

  it('the next event patches the held stream in place, with no read; the query is never read again whole', async () => {
    listed = [message('m1', 1)];
    await read(GLOBAL_STREAM);
    const before = calls.length;
    receiveEvent({ stream: GLOBAL_STREAM, seq: 2, type: 'message.posted', message: message('m2', 2) });
    expect(heldStream(GLOBAL_STREAM)?.seq).toBe(2);
    expect(Object.keys(heldStream(GLOBAL_STREAM)!.messages).sort()).toEqual(['m1', 'm2']);
    await queryClient.refetchQueries({ queryKey: chatKeys.all, stale: true });
    expect(calls.length).toBe(before);
  });

  it('a first read that answers after a seed and events folds into them instead of replacing them', async () => {
    let release: (response: Response) => void = () => undefined;
    const reading = new Promise<void>((started) =>
      vi.mocked(fetch).mockImplementationOnce(() => {
        started();
        return new Promise<Response>((resolve) => (release = resolve));
      }),
    );
    const read = queryClient.fetchQuery(streamQuery('c1', scopeNow()));
    await reading;
    // meanwhile the conversation is seeded, and its first message arrives on the socket
    await seedStream('c1', [], null);
    receiveEvent({ stream: 'c1', seq: 1, type: 'message.posted', message: message('p1', 1, { type: 'private', chatId: 'c1' }) });
    release(Response.json({ messages: [], nextCursor: null }));
    await read;
    expect(heldStream('c1')).toMatchObject({ seq: 1, loaded: true });
    expect(Object.keys(heldStream('c1')!.messages)).toEqual(['p1']);
  });

  it('ignores events of streams no screen shows', () => {
    receiveEvent({ stream: 'abc', seq: 1, type: 'message.posted', message: message('x', 1) });
    expect(heldStream('abc')).toBeUndefined();
  });

  it('a read of an earlier session that answers late changes nothing of the next session’s stream', async () => {
    listed = [message('m1', 1)];
    await read(GLOBAL_STREAM);
    let release: (response: Response) => void = () => undefined;
    vi.mocked(fetch).mockImplementationOnce(() => new Promise<Response>((resolve) => (release = resolve)));
    const older = catchUp(GLOBAL_STREAM);
    // another account signs in on this tab, and reads the room
    useSessionStore.setState({ token: 'other', sessionId: 's2', savedUser: savedUser('budi') });
    await read(GLOBAL_STREAM);
    const mine = heldStream(GLOBAL_STREAM);
    release(Response.json({ events: [record(2, 'message.posted', message('m9', 2, { content: 'for the guest only' }))] }));
    await older;
    expect(heldStream(GLOBAL_STREAM)).toBe(mine);
    expect(heldStream(GLOBAL_STREAM)?.messages.m9).toBeUndefined();
    useSessionStore.setState({ token: null, sessionId: null, savedUser: null });
  });
});

describe('failures that show: sends, edits and hides kept as Not sent, retried once', () => {
  const global = () => heldStream(GLOBAL_STREAM)!;
  beforeEach(() => useSessionStore.setState({ token: 't', sessionId: 's1', savedUser: savedUser('rina') }));
  afterEach(() => useSessionStore.setState({ token: null, sessionId: null, savedUser: null }));
  const offline = () => {
    throw new TypeError('Failed to fetch');
  };
  const load = async () => {
    listed = [message('m1', 1)];
    log = [record(1, 'message.posted', message('m1', 1))];
    await read(GLOBAL_STREAM);
  };

  it('a send that fails is kept with its text and parent; Retry resends the same clientId and it shows once, with the socket copy too', async () => {
    await load();
    answer = offline;
    const parent = global().messages.m1!;
    const sent = await send({ stream: GLOBAL_STREAM, content: 'halo', replyTo: parent, sender: testSender });
    expect(sent).toBe(false);
    const [entry] = outbox();
    expect(entry).toMatchObject({ content: 'halo', status: 'failed', replyTo: { _id: 'm1' } });
    expect(writes).toEqual([{ method: 'POST', path: '/api/chat', body: { content: 'halo', type: 'global', replyTo: 'm1', clientId: entry!.clientId } }]);

    // the network is back: the same body again, and the server's message replaces the waiting one
    const stored = message('m2', 2, { content: 'halo', clientId: entry!.clientId, replyTo: { _id: 'm1', sender: testSender, preview: 'text m1' } });
    answer = () => Response.json({ message: stored }, { status: 201 });
    await expect(retrySend(entry!.clientId)).resolves.toBe(true);
    expect(writes[1]).toEqual(writes[0]);
    expect(outbox()).toEqual([]);
    expect(Object.keys(global().messages).sort()).toEqual(['m1', 'm2']);
    // the socket's copy of the same post: still one message, and the sequence moves on
    receiveEvent({ stream: GLOBAL_STREAM, seq: 2, type: 'message.posted', message: stored });
    expect(Object.keys(global().messages).sort()).toEqual(['m1', 'm2']);
    expect(global().seq).toBe(2);
  });

  it('a 4xx keeps the server’s reason; the socket may settle a send before its answer; Discard drops a Not-sent one', async () => {
    await load();
    answer = () => Response.json({ message: 'Too many messages, slow down.' }, { status: 429 });
    await send({ stream: GLOBAL_STREAM, content: 'cepat', replyTo: null, sender: testSender });
    const [refused] = outbox();
    expect(refused).toMatchObject({ status: 'failed', error: 'Too many messages, slow down.', permanent: false });
    discardSend(refused!.clientId);
    expect(outbox()).toEqual([]);

    // the push arrives while the POST is still on its way
    let release: (response: Response) => void = () => undefined;
    answer = () => {
      throw new Error('replaced below');
    };
    const posting = new Promise<void>((posted) =>
      vi.mocked(fetch).mockImplementationOnce(() => {
        posted();
        return new Promise<Response>((resolve) => (release = resolve));
      }),
    );
    const sending = send({ stream: GLOBAL_STREAM, content: 'duluan', replyTo: null, sender: testSender });
    const [waiting] = outbox();
    await posting;
    expect(waiting?.status).toBe('sending');
    const stored = message('m2', 2, { content: 'duluan', clientId: waiting!.clientId });
    receiveEvent({ stream: GLOBAL_STREAM, seq: 2, type: 'message.posted', message: stored });
    expect(outbox()).toEqual([]);
    release(Response.json({ message: stored }, { status: 201 }));
    await expect(sending).resolves.toBe(true);
    expect(Object.values(global().messages).filter((held) => held.content === 'duluan')).toHaveLength(1);
  });

  it('an edit that fails keeps the edited text; Retry sends it again and the message takes it', async () => {
    await load();
    answer = () => Response.json({ message: 'Server error' }, { status: 500 });
    const original = global().messages.m1!;
    await expect(edit(GLOBAL_STREAM, original, 'kata baru')).resolves.toBe(false);
    expect(pending().m1).toMatchObject({ kind: 'edit', content: 'kata baru', status: 'failed', error: null, permanent: false });
    expect(global().messages.m1?.content).toBe('text m1');

    answer = () => Response.json({ message: message('m1', 2, { content: 'kata baru' }) });
    await expect(retryWrite('m1')).resolves.toBe(true);
    expect(writes.map(({ method, path, body }) => [method, path, body])).toEqual([
      ['PATCH', '/api/chat/m1', { content: 'kata baru' }],
      ['PATCH', '/api/chat/m1', { content: 'kata baru' }],
    ]);
    expect(pending()).toEqual({});
    expect(global().messages.m1?.content).toBe('kata baru');
  });

  it('a hide whose answer was lost is not toggled back by Retry: what the server did is read first', async () => {
    await load();
    answer = offline;
    await toggleHidden(GLOBAL_STREAM, global().messages.m1!);
    expect(pending().m1).toMatchObject({ kind: 'hide', hidden: true, status: 'failed' });
    // the server had hidden it; the log says so
    log.push(record(2, 'message.hidden', message('m1', 2, { hidden: true, hiddenFor: ['all'] })));
    await expect(retryWrite('m1')).resolves.toBe(true);
    expect(writes).toHaveLength(1);
    expect(pending()).toEqual({});
    expect(global().messages.m1?.hidden).toBe(true);

    // a hide that really failed is sent again on Retry
    answer = offline;
    await toggleHidden(GLOBAL_STREAM, global().messages.m1!);
    expect(pending().m1).toMatchObject({ kind: 'hide', hidden: false, status: 'failed' });
    answer = () => Response.json({ message: message('m1', 3) });
    await retryWrite('m1');
    expect(writes.map(({ path }) => path)).toEqual(['/api/chat/m1/hide', '/api/chat/m1/hide', '/api/chat/m1/hide']);
    expect(global().messages.m1?.hidden).toBe(false);
    dismissWrite('m1');
    expect(pending()).toEqual({});
  });

  it('a request that never answers ends as a network failure after the time limit: Not sent, with Retry', async () => {
    await load();
    // the server takes the request and never answers; only an abort ends it
    const hang = (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error)));
    vi.mocked(fetch).mockImplementation(hang);
    vi.useFakeTimers();
    try {
      const sending = send({ stream: GLOBAL_STREAM, content: 'halo', replyTo: null, sender: testSender });
      const editing = edit(GLOBAL_STREAM, global().messages.m1!, 'baru');
      await vi.advanceTimersByTimeAsync(CHAT_WRITE_TIMEOUT_MS - 1);
      expect(outbox()[0]?.status).toBe('sending');
      expect(pending().m1?.status).toBe('sending');
      await vi.advanceTimersByTimeAsync(1);
      await expect(sending).resolves.toBe(false);
      await expect(editing).resolves.toBe(false);
      expect(outbox()[0]).toMatchObject({ status: 'failed', error: null, permanent: false });
      expect(pending().m1).toMatchObject({ status: 'failed' });

      // hides, deletes and the opening of a member's conversation are bounded too
      const hiding = toggleHidden(GLOBAL_STREAM, message('m1', 1));
      const opening = openWithAdmin();
      const openingFailed = expect(opening).rejects.toMatchObject({ status: 0 });
      await vi.advanceTimersByTimeAsync(CHAT_WRITE_TIMEOUT_MS);
      await expect(hiding).resolves.toBe(false);
      await openingFailed;
      dismissWrite('m1');
      const removing = remove(GLOBAL_STREAM, message('m1', 1));
      await vi.advanceTimersByTimeAsync(CHAT_WRITE_TIMEOUT_MS);
      await expect(removing).resolves.toBe(false);
      expect(pending().m1).toMatchObject({ kind: 'delete', status: 'failed' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a refusal no retry can change (a 4xx but 408 and 429) is recorded as permanent; a new try starts afresh', async () => {
    await load();
    answer = () => Response.json({ message: 'This message is hidden.' }, { status: 403 });
    await edit(GLOBAL_STREAM, global().messages.m1!, 'baru');
    expect(pending().m1).toMatchObject({ status: 'failed', error: 'This message is hidden.', permanent: true });
    answer = () => Response.json({ message: 'The message you reply to was deleted.' }, { status: 404 });
    await send({ stream: GLOBAL_STREAM, content: 'halo', replyTo: global().messages.m1!, sender: testSender });
    expect(outbox()[0]).toMatchObject({ status: 'failed', error: 'The message you reply to was deleted.', permanent: true });
    dismissWrite('m1');

    for (const status of [408, 429, 500, 503]) {
      answer = () => Response.json({ message: 'later' }, { status });
      await toggleHidden(GLOBAL_STREAM, global().messages.m1!);
      expect(pending().m1).toMatchObject({ status: 'failed', permanent: false });
      dismissWrite('m1');
    }
  });

  it('a send whose conversation opens after the session changed is not posted with the next account’s token', async () => {
    let opened: (chatId: string) => void = () => undefined;
    let asked: () => void = () => undefined;
    const opening = new Promise<void>((resolve) => (asked = resolve));
    const ensureChat = () =>
      new Promise<string>((resolve) => {
        opened = resolve;
        asked();
      });
    answer = () => Response.json({ message: message('p1', 1) }, { status: 201 });
    const sending = send({ stream: NEW_CHAT_STREAM, content: 'halo admin', replyTo: null, sender: testSender, ensureChat });
    await opening;
    useSessionStore.setState({ token: 'someone-else', sessionId: 's9', savedUser: savedUser('admin') });
    opened('c1');
    await expect(sending).resolves.toBe(false);
    expect(writes).toEqual([]);
  });

  it('a member’s first message opens the conversation and is posted into it; Not sent, Retry posts into the same one', async () => {
    const ensureChat = vi.fn(async () => 'c1');
    answer = offline;
    await send({ stream: NEW_CHAT_STREAM, content: 'halo admin', replyTo: null, sender: testSender, ensureChat });
    expect(ensureChat).toHaveBeenCalledTimes(1);
    const [entry] = outbox();
    expect(entry).toMatchObject({ stream: NEW_CHAT_STREAM, content: 'halo admin', status: 'failed' });
    expect(writes[0]?.body).toEqual({ content: 'halo admin', type: 'private', chatId: 'c1', clientId: entry!.clientId });
    answer = () => Response.json({ message: message('p1', 1, { type: 'private', chatId: 'c1', content: 'halo admin', clientId: entry!.clientId }) }, { status: 201 });
    await expect(retrySend(entry!.clientId, ensureChat)).resolves.toBe(true);
    expect(writes[1]).toEqual(writes[0]);
    expect(outbox()).toEqual([]);
  });
});
