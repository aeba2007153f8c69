import type { ChatEventPayload, ChatMessage } from '@le/contracts';
import { queryOptions } from '@tanstack/react-query';

import { queryClient } from '@/lib/query-client';
import { useSessionStore } from '@/stores/session-store';

import { getEvents } from '@/features/chat/api/get-events';
import { getMessages } from '@/features/chat/api/get-messages';
import { getPublicMessages } from '@/features/chat/api/get-public-messages';
import type { MessagePage } from '@/features/chat/api/get-public-messages';
import { chatKeys } from '@/features/chat/api/keys';
import { applyEvent, applyEvents, emptyStream, mergeSnapshot, receiveMessage } from '@/features/chat/utils/stream-fold';
import type { StreamState } from '@/features/chat/utils/stream-fold';

/*
 * Each chat stream (the global room, a private chat) is a query (`chatKeys.stream(scope, stream)`):
 * read once from its newest page (folded into whatever a seed or events put there meanwhile), then
 * patched in place by `setQueryData`: the socket's `chat:event`s in seq order, a gap or a
 * reconnection caught up from `/chat/events?after=seq`, an older page, a write's answer. Nothing
 * reads it again whole (staleTime Infinity), but the fallback when its log cannot be read. Its key
 * names the session (`Scope`), and the cache is emptied when the session changes
 * (lib/query-client.ts): what one may see depends on who one is.
 */

export const GLOBAL_STREAM = 'global';
/**
 * Where a member's first message to the admins waits while their conversation does not exist yet
 * (it is created by that send: `ensureChat`).
 */
export const NEW_CHAT_STREAM = 'new-chat';

/** Who reads: a guest reads the public room (GET /chat/public), a signed-in user GET /chat. */
export type Viewer = 'guest' | 'user';

/**
 * Whose streams: this tab's session as it is now, numbered anew at every change of the token (a
 * guest, then a member, then a guest again are three scopes), and whether it is a guest's. It is part
 * of each stream's key, and a request goes out only for the scope that is current: a request of an
 * earlier session that answers late changes nothing of the next one's streams.
 */
export type Scope = string;
let epoch = 0;
if (typeof window !== 'undefined') {
  let token = useSessionStore.getState().token;
  useSessionStore.subscribe((state) => {
    if (state.token === token) return;
    token = state.token;
    epoch += 1;
  });
}
export const scopeOf = ({ token, sessionId }: { token: string | null; sessionId: string | null }): Scope =>
  token ? `${epoch}:session:${sessionId ?? ''}` : `${epoch}:guest`;
export const scopeNow = (): Scope => scopeOf(useSessionStore.getState());
const viewerOf = (scope: Scope): Viewer => (scope.endsWith(':guest') ? 'guest' : 'user');

/** The session changed since `scope` was current: what was started for it stops here. */
export class SessionChanged extends Error {
  constructor() {
    super('The session changed');
  }
}
/** Throws if `scope` is no longer the session's (called before a request and after each answer). */
export const ensureCurrent = (scope: Scope): void => {
  if (scope !== scopeNow()) throw new SessionChanged();
};

const fetchPage = (stream: string, scope: Scope, before?: string, signal?: AbortSignal): Promise<MessagePage> => {
  ensureCurrent(scope);
  if (stream === GLOBAL_STREAM) return viewerOf(scope) === 'guest' ? getPublicMessages({ before, signal }) : getMessages({ before, signal });
  return getMessages({ chatId: stream, before, signal });
};

/**
 * The stream's query: its newest page folded into what is held by then (a seed, events, answers that
 * came while it was read: a fetch's result replaces the data, so it carries them); the log after it
 * is read by `catchUp` once it is held.
 */
export const streamQuery = (stream: string, scope: Scope) =>
  queryOptions({
    queryKey: chatKeys.stream(scope, stream),
    queryFn: async ({ signal }): Promise<StreamState> => {
      const page = await fetchPage(stream, scope, undefined, signal);
      const held = heldStream(stream, scope);
      const state = held
        ? mergeSnapshot(held, page.messages, { nextCursor: held.nextCursor ?? page.nextCursor ?? null, older: true })
        : mergeSnapshot(emptyStream(), page.messages, { nextCursor: page.nextCursor ?? null });
      // What it holds settles this client's sends and writes (the answer of one may have been lost).
      if (scope === scopeNow()) for (const listener of changeListeners) listener(stream, state);
      return state;
    },
    staleTime: Infinity,
    // Patched by every event: nothing to gain from comparing the whole message map each time.
    structuralSharing: false,
  });

/** The stream as held now (undefined: nobody read it, or it is still loading). */
export const heldStream = (stream: string, scope: Scope = scopeNow()): StreamState | undefined => queryClient.getQueryData(chatKeys.stream(scope, stream));

/** Listeners told after a stream's held state changed (the outbox settles what the new state holds). */
const changeListeners = new Set<(stream: string, state: StreamState) => void>();
export const onStreamChange = (listener: (stream: string, state: StreamState) => void): (() => void) => {
  changeListeners.add(listener);
  return () => {
    changeListeners.delete(listener);
  };
};

const setStream = (stream: string, scope: Scope, state: StreamState) => {
  queryClient.setQueryData(chatKeys.stream(scope, stream), state);
  if (scope === scopeNow()) for (const listener of changeListeners) listener(stream, state);
};

/** Changes a held stream in place; one nobody holds (not read, or of an earlier session) stays as it is. */
export const patchStream = (stream: string, scope: Scope, change: (state: StreamState) => StreamState): StreamState | undefined => {
  const before = heldStream(stream, scope);
  if (!before) return undefined;
  const after = change(before);
  if (after !== before) setStream(stream, scope, after);
  return after;
};

/** A version of a message the server answered with (to a request made in `scope`): into its stream. */
export const receiveAnswer = (stream: string, scope: Scope, message: ChatMessage): void => {
  patchStream(stream, scope, (state) => receiveMessage(state, message));
};

const inFlight = new Map<string, Promise<void>>();
const once = (key: string, run: () => Promise<void>): Promise<void> => {
  const running = inFlight.get(key);
  if (running) return running;
  const promise = run().finally(() => inFlight.delete(key));
  inFlight.set(key, promise);
  return promise;
};

/** The log could not be read: the newest page is the fallback truth, merged over what is held. */
const reloadSnapshot = async (stream: string, scope: Scope) => {
  const page = await fetchPage(stream, scope);
  patchStream(stream, scope, (state) => mergeSnapshot({ ...emptyStream(), pending: state.pending }, page.messages, { nextCursor: page.nextCursor ?? null }));
};

/** Reads what happened in a held stream after its seq and applies it, each event once. */
export const catchUp = (stream: string, scope: Scope = scopeNow()): Promise<void> =>
  once(`catch-up:${scope}:${stream}`, async () => {
    try {
      for (let round = 0; round < 50; round += 1) {
        const current = heldStream(stream, scope);
        if (!current || scope !== scopeNow()) return;
        const page = await getEvents(stream, current.seq);
        const after = patchStream(stream, scope, (state) => applyEvents(state, page.events));
        if (!after) return;
        const more = page.nextCursor !== undefined && page.nextCursor !== null && page.events.length > 0;
        if (!more) return;
      }
    } catch (error) {
      if (!heldStream(stream, scope) || scope !== scopeNow()) return;
      console.warn('Chat catch-up failed; reloading the messages', error);
      await reloadSnapshot(stream, scope).catch((reloadError: unknown) => console.warn('Chat reload failed', reloadError));
    }
  });

/** The page before the oldest held message (read first if the stream is not held yet). */
export const loadOlder = (stream: string, scope: Scope = scopeNow()): Promise<void> =>
  once(`older:${scope}:${stream}`, async () => {
    if (!heldStream(stream, scope)) await queryClient.fetchQuery(streamQuery(stream, scope));
    const cursor = heldStream(stream, scope)?.nextCursor;
    if (!cursor) return;
    const page = await fetchPage(stream, scope, cursor);
    patchStream(stream, scope, (state) => mergeSnapshot(state, page.messages, { nextCursor: page.nextCursor ?? null, older: true }));
  });

/** A `chat:event`: applied to its stream if held (a stream nobody holds reads the log when it is read); a gap is caught up. */
export const receiveEvent = (event: ChatEventPayload, scope: Scope = scopeNow()): void => {
  const after = patchStream(event.stream, scope, (state) => applyEvent(state, event));
  if (after?.gap) void catchUp(event.stream, scope);
};

/** Every held stream of this session (on a reconnection each reads what it missed). */
export const heldStreams = (scope: Scope = scopeNow()): string[] =>
  queryClient
    .getQueriesData<StreamState>({ queryKey: chatKeys.streams(scope) })
    .filter(([, state]) => state !== undefined)
    .map(([key]) => String(key[3]));

/**
 * A stream's newest page read elsewhere (the member's conversation with the admins): it becomes the
 * stream's state if none is held, or is merged in; then the log after it is read.
 */
export const seedStream = (chatId: string, messages: ChatMessage[], nextCursor: string | null = null): Promise<void> =>
  once(`seed:${scopeNow()}:${chatId}`, async () => {
    const scope = scopeNow();
    const held = heldStream(chatId, scope);
    const next = mergeSnapshot(held ?? emptyStream(), messages, { nextCursor });
    if (next !== held) setStream(chatId, scope, next);
    await catchUp(chatId, scope);
  });

