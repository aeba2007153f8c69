import type { ChatEventPayload, ChatMessage } from '@le/contracts';
import { create } from 'zustand';

import { useSessionStore } from '@/stores/session-store';

import { getEvents } from '@/features/chat/api/get-events';
import { getMessages } from '@/features/chat/api/get-messages';
import { getPublicMessages } from '@/features/chat/api/get-public-messages';
import type { MessagePage } from '@/features/chat/api/get-public-messages';
import { applyEvents, applyEvent, emptyStream, mergeSnapshot, upsertMessage } from './chat-reducer';
import type { StreamState } from './chat-reducer';

export const GLOBAL_STREAM = 'global';

/** Who reads: a guest reads the public room (GET /chat/public), a signed-in user GET /chat. */
export type Viewer = 'guest' | 'user';

interface ChatState {
  /** Per stream ('global' or a private chat id): messages keyed by id, last applied seq. */
  streams: Record<string, StreamState>;
  /** The last load of a stream (its id) failed; cleared by the next success. */
  failures: Record<string, boolean>;

  loadStream: (stream: string, viewer: Viewer) => Promise<void>;
  loadOlder: (stream: string, viewer: Viewer) => Promise<void>;
  catchUp: (stream: string, viewer: Viewer) => Promise<void>;
  receive: (event: ChatEventPayload, viewer: Viewer) => void;
  /** A message the REST API answered with (post, edit, hide). */
  putMessage: (message: ChatMessage) => void;
  /** A stream's newest page read elsewhere (the member's conversation query): merged, then caught up by seq. */
  seedStream: (chatId: string, messages: ChatMessage[]) => Promise<void>;
  /** Forget everything (another user signed in: what they may see differs). */
  reset: () => void;
}

export const streamOf = (message: Pick<ChatMessage, 'chatId'>): string => message.chatId ?? GLOBAL_STREAM;

const fetchPage = (stream: string, viewer: Viewer, before?: string): Promise<MessagePage> => {
  if (stream === GLOBAL_STREAM) return viewer === 'guest' ? getPublicMessages({ before }) : getMessages({ before });
  return getMessages({ chatId: stream, before });
};

const inFlight = new Map<string, Promise<void>>();
/** Bumped on reset, so replies to requests of the previous user are dropped. */
let generation = 0;

export const useChatStore = create<ChatState>()((set, get) => {
  const update = (stream: string, change: (state: StreamState) => StreamState) =>
    set((state) => ({ streams: { ...state.streams, [stream]: change(state.streams[stream] ?? emptyStream()) } }));

  const markFailed = (key: string, failed: boolean) =>
    set((state) => (Boolean(state.failures[key]) === failed ? state : { failures: { ...state.failures, [key]: failed } }));

  /** Runs a first load; a failure of the current user's request is remembered for the screens, then rethrown. */
  const tracked = async (key: string, run: () => Promise<void>) => {
    const started = generation;
    try {
      await run();
      if (started === generation) markFailed(key, false);
    } catch (error) {
      if (started === generation) markFailed(key, true);
      throw error;
    }
  };

  const once = (key: string, run: () => Promise<void>): Promise<void> => {
    const running = inFlight.get(key);
    if (running) return running;
    const promise = run().finally(() => inFlight.delete(key));
    inFlight.set(key, promise);
    return promise;
  };

  const reloadSnapshot = async (stream: string, viewer: Viewer) => {
    const started = generation;
    const page = await fetchPage(stream, viewer);
    if (started !== generation) return;
    // A fresh snapshot replaces what we had: it is the server's truth at its head.
    update(stream, (state) => mergeSnapshot({ ...emptyStream(), pending: state.pending }, page.messages, { nextCursor: page.nextCursor ?? null }));
  };

  return {
    streams: {},
    failures: {},

    loadStream: (stream, viewer) =>
      once(`load:${stream}`, async () => {
        const started = generation;
        let page: MessagePage | undefined;
        await tracked(stream, async () => {
          page = await fetchPage(stream, viewer);
        });
        if (started !== generation || !page) return;
        const { messages, nextCursor } = page;
        update(stream, (state) => mergeSnapshot(state, messages, { nextCursor: nextCursor ?? null }));
        // Whatever happened between the list's head and now (the socket may have been faster).
        await get().catchUp(stream, viewer);
      }),

    loadOlder: (stream, viewer) =>
      once(`older:${stream}`, async () => {
        const cursor = get().streams[stream]?.nextCursor;
        if (!cursor) return;
        const started = generation;
        const page = await fetchPage(stream, viewer, cursor);
        if (started !== generation) return;
        update(stream, (state) => mergeSnapshot(state, page.messages, { nextCursor: page.nextCursor ?? null, older: true }));
      }),

    catchUp: (stream, viewer) =>
      once(`catch-up:${stream}`, async () => {
        const started = generation;
        try {
          for (let round = 0; round < 50; round += 1) {
            const current = get().streams[stream];
            if (!current?.loaded) return;
            const page = await getEvents(stream, current.seq);
            if (started !== generation) return;
            update(stream, (state) => applyEvents(state, page.events));
            const more = page.nextCursor !== undefined && page.nextCursor !== null && page.events.length > 0;
            if (!more) return;
          }
        } catch (error) {
          if (started !== generation) return;
          // The log could not be read: the message list is the fallback truth.
          console.warn('Chat catch-up failed; reloading the messages', error);
          await reloadSnapshot(stream, viewer).catch((reloadError: unknown) => console.warn('Chat reload failed', reloadError));
        }
      }),

    receive: (event, viewer) => {
      const before = get().streams[event.stream];
      if (!before) return; // nobody shows this stream: the chat list follows it on its own
      const after = applyEvent(before, event);
      if (after === before) return;
      update(event.stream, () => after);
      if (after.gap && after.loaded) void get().catchUp(event.stream, viewer);
    },

    putMessage: (message) => update(streamOf(message), (state) => ({ ...state, messages: upsertMessage(state.messages, message) })),

    seedStream: (chatId, messages) =>
      once(`seed:${chatId}`, async () => {
        const started = generation;
        update(chatId, (state) => mergeSnapshot(state, messages));
        if (started === generation) await get().catchUp(chatId, 'user');
      }),

    reset: () => {
      generation += 1;
      inFlight.clear();
      set({ streams: {}, failures: {} });
    },
  };
});

// Another user (sign-in, sign-out): what one may see differs, so the chat state starts over, at once,
// before the screens re-render and load again for the new user.
let sessionToken = useSessionStore.getState().token;
useSessionStore.subscribe((state) => {
  if (state.token === sessionToken) return;
  sessionToken = state.token;
  useChatStore.getState().reset();
});
