// @vitest-environment jsdom
import type { ChatMessage } from '@le/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { testMessage, testSender } from '@/features/chat/utils/test-messages';

import type { OutgoingMessage } from './outbox';
import { OUTBOX_LIMIT, OUTBOX_STORAGE_KEY, restoreOutbox, saveOutbox } from './saved-outbox';

const outgoing = (clientId: string, changes: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  stream: 'global',
  clientId,
  content: `unsent ${clientId}`,
  replyTo: null,
  sender: testSender,
  createdAt: `2026-11-24T10:00:${clientId.padStart(2, '0').slice(-2)}.000Z`,
  status: 'failed',
  error: null,
  permanent: false,
  ...changes,
});
const stored = () => JSON.parse(localStorage.getItem(OUTBOX_STORAGE_KEY) ?? 'null') as { owner: string; entries: { stream: string; message: OutgoingMessage }[] } | null;

afterEach(() => localStorage.clear());

describe('the saved outbox', () => {
  it('gives back what a user left unsent, by stream, as Not sent, and only to that user', () => {
    const replyTo = testMessage('m1', 1);
    saveOutbox('rina', [outgoing('1', { status: 'sending', replyTo }), outgoing('2', { stream: 'c9', error: 'busy', permanent: true })], new Set());
    // as earlier builds kept it too: a browser's outbox survives an upgrade
    expect(stored()!.entries[0]).toEqual({ stream: 'global', message: { clientId: '1', content: 'unsent 1', replyTo, sender: testSender, createdAt: '2026-11-24T10:00:01.000Z', permanent: false } });
    // its text, reply and stream kept, and whether the server had refused it for good
    expect(restoreOutbox('rina')).toEqual([
      { stream: 'global', clientId: '1', content: 'unsent 1', replyTo, sender: testSender, createdAt: '2026-11-24T10:00:01.000Z', permanent: false },
      { stream: 'c9', clientId: '2', content: 'unsent 2', replyTo: null, sender: testSender, createdAt: '2026-11-24T10:00:02.000Z', permanent: true },
    ]);
    expect(restoreOutbox('someone-else')).toEqual([]);
  });

  it('keeps another tab’s entries, removes this tab’s sent or discarded ones, and the key once empty', () => {
    // another tab kept "1"
    saveOutbox('rina', [outgoing('1')], new Set());
    // this tab (which never had "1") keeps "2"
    const known = saveOutbox('rina', [outgoing('2')], new Set());
    expect(stored()!.entries.map((entry) => entry.message.clientId).sort()).toEqual(['1', '2']);
    // "2" sent: gone; "1" stays, it is not this tab's
    saveOutbox('rina', [], known);
    expect(stored()!.entries.map((entry) => entry.message.clientId)).toEqual(['1']);
    // the other tab sends "1": nothing left, nothing stored
    saveOutbox('rina', [], new Set(['1']));
    expect(localStorage.getItem(OUTBOX_STORAGE_KEY)).toBeNull();
  });

  it('keeps the newest OUTBOX_LIMIT, and reads nothing from a damaged or foreign value', () => {
    const many = Array.from({ length: OUTBOX_LIMIT + 5 }, (_, index) => outgoing(String(index + 1), { createdAt: new Date(Date.UTC(2026, 10, 24, 10, 0, index)).toISOString() }));
    saveOutbox('rina', many, new Set());
    const kept = restoreOutbox('rina').map((entry) => entry.clientId);
    expect(kept).toHaveLength(OUTBOX_LIMIT);
    expect(kept).not.toContain('1');
    expect(kept).toContain(String(OUTBOX_LIMIT + 5));
    for (const value of ['{', '"text"', JSON.stringify({ owner: 'rina', entries: [{ stream: 'global', message: { clientId: 7 } }, null] })]) {
      localStorage.setItem(OUTBOX_STORAGE_KEY, value);
      expect(restoreOutbox('rina'), value).toEqual([]);
    }
  });
});

describe('the outbox’s mutations and the saved outbox', () => {
  let fail = true;
  let listed: ChatMessage[] = [];
  const posted: Record<string, unknown>[] = [];
  beforeEach(() => {
    fail = true;
    listed = [];
    posted.length = 0;
    // a signed-in member, as the session store reads them at start (spec §3 keys)
    localStorage.setItem('token', 'jwt');
    localStorage.setItem('username', 'rina');
    localStorage.setItem('user', JSON.stringify({ username: 'rina', email: 'rina@example.com', role: 'member', membershipTier: 'pro', photo_profile: '' }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        const url = new URL(input, 'http://localhost');
        if ((init?.method ?? 'GET') === 'GET') return Response.json(url.pathname === '/api/chat/events' ? { events: [] } : { messages: listed });
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        posted.push(body);
        if (fail) throw new TypeError('Failed to fetch');
        const message: ChatMessage = testMessage('m9', 9, { content: String(body.content), clientId: String(body.clientId) });
        return Response.json({ message }, { status: 201 });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  /** The chat as a fresh page load has it (the modules evaluated again, localStorage as left). */
  const freshPage = async () => {
    vi.resetModules();
    const [outbox, streams, { queryClient }, { chatKeys }] = await Promise.all([import('./outbox'), import('./streams'), import('@/lib/query-client'), import('./keys')]);
    /** The sends on their way or Not sent, as the screens get them. */
    const entries = () => queryClient.getMutationCache().findAll({ mutationKey: chatKeys.sends() }).map(outbox.outgoingOf);
    /** The room read as its screen reads it. */
    const load = async () => {
      await queryClient.fetchQuery(streams.streamQuery(streams.GLOBAL_STREAM, streams.scopeNow()));
      await streams.catchUp(streams.GLOBAL_STREAM);
    };
    return { ...outbox, GLOBAL_STREAM: streams.GLOBAL_STREAM, entries, load };
  };

  it('a message that could not be sent comes back after a reload, Not sent; sent on Retry, it is no longer kept', async () => {
    const first = await freshPage();
    expect(await first.send({ stream: first.GLOBAL_STREAM, content: 'Buy at 2300?', replyTo: null, sender: testSender })).toBe(false);
    expect(stored()).toMatchObject({ owner: 'rina', entries: [{ stream: 'global', message: { content: 'Buy at 2300?' } }] });

    const reloaded = await freshPage();
    const outbox = reloaded.entries();
    expect(outbox).toMatchObject([{ stream: 'global', content: 'Buy at 2300?', status: 'failed', error: null, permanent: false }]);
    fail = false;
    expect(await reloaded.retrySend(outbox[0]!.clientId)).toBe(true);
    // the same clientId on both tries: the server keeps it once
    expect(posted.map((body) => body.clientId)).toEqual([outbox[0]!.clientId, outbox[0]!.clientId]);
    expect(reloaded.entries()).toEqual([]);
    expect(localStorage.getItem(OUTBOX_STORAGE_KEY)).toBeNull();
  });

  it('after a reload, a Not-sent message discarded, or found stored by the list, is no longer kept', async () => {
    const first = await freshPage();
    await first.send({ stream: first.GLOBAL_STREAM, content: 'discard me', replyTo: null, sender: testSender });
    await first.send({ stream: first.GLOBAL_STREAM, content: 'stored after all', replyTo: null, sender: testSender });
    expect(stored()!.entries).toHaveLength(2);

    const reloaded = await freshPage();
    const byText = (text: string) => reloaded.entries().find((entry) => entry.content === text)!;
    reloaded.discardSend(byText('discard me').clientId);
    expect(stored()!.entries.map((entry) => entry.message.content)).toEqual(['stored after all']);
    // the server had stored the other one (its answer was lost): the list brings its copy, which settles it
    listed = [testMessage('m7', 7, { content: 'stored after all', sender: testSender, clientId: byText('stored after all').clientId })];
    await reloaded.load();
    expect(reloaded.entries()).toEqual([]);
    expect(localStorage.getItem(OUTBOX_STORAGE_KEY)).toBeNull();
  });

  it('another tab sending a message both show as Not sent: this tab drops it instead of keeping it again', async () => {
    const first = await freshPage();
    await first.send({ stream: first.GLOBAL_STREAM, content: 'in two tabs', replyTo: null, sender: testSender });
    const second = await freshPage();
    expect(second.entries()).toHaveLength(1);
    // the other tab retried it: its copy is gone from the browser's store
    const before = localStorage.getItem(OUTBOX_STORAGE_KEY);
    localStorage.removeItem(OUTBOX_STORAGE_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: OUTBOX_STORAGE_KEY, oldValue: before, newValue: null }));
    expect(second.entries()).toEqual([]);
    expect(localStorage.getItem(OUTBOX_STORAGE_KEY)).toBeNull();
  });

  it('signing out on any page, or another user signing in, removes what was left unsent', async () => {
    saveOutbox('rina', [outgoing('1')], new Set());
    vi.resetModules();
    // no chat screen was opened: only the session store runs
    const { useSessionStore } = await import('@/stores/session-store');
    useSessionStore.getState().clear();
    expect(localStorage.getItem(OUTBOX_STORAGE_KEY)).toBeNull();

    const rina = { username: 'rina', email: 'rina@example.com', role: 'member', membershipTier: 'pro', photo_profile: '' } as never;
    useSessionStore.getState().signIn({ token: 'jwt', sessionId: 's1', user: rina });
    saveOutbox('rina', [outgoing('2')], new Set());
    // the same user signing in again (the login screen opens while signed in) keeps theirs
    useSessionStore.getState().signIn({ token: 'jwt1', sessionId: 's1', user: rina });
    expect(stored()).not.toBeNull();
    useSessionStore.getState().signIn({
      token: 'jwt2',
      sessionId: 's2',
      user: { username: 'budi', email: 'budi@example.com', role: 'member', membershipTier: 'pro', photo_profile: '' } as never,
    });
    expect(localStorage.getItem(OUTBOX_STORAGE_KEY)).toBeNull();
  });

  it('signing out forgets what was left unsent', async () => {
    const page = await freshPage();
    await page.send({ stream: page.GLOBAL_STREAM, content: 'private words', replyTo: null, sender: testSender });
    expect(stored()).not.toBeNull();
    const { useSessionStore } = await import('@/stores/session-store');
    useSessionStore.getState().clear();
    expect(localStorage.getItem(OUTBOX_STORAGE_KEY)).toBeNull();
    expect(page.entries()).toEqual([]);
  });
});
