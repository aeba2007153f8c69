import type { ChatEventPayload, ChatMessage } from '@le/contracts';
import { create } from 'zustand';

import { ApiError } from '@/lib/api-client';
import { useSessionStore } from '@/stores/session-store';

import { deleteMessage } from '@/features/chat/api/delete-message';
import { editMessage } from '@/features/chat/api/edit-message';
import { getEvents } from '@/features/chat/api/get-events';
import { getMessages } from '@/features/chat/api/get-messages';
import { getPublicMessages } from '@/features/chat/api/get-public-messages';
import type { MessagePage } from '@/features/chat/api/get-public-messages';
import { postMessage } from '@/features/chat/api/post-message';
import { toggleHide } from '@/features/chat/api/toggle-hide';
import {
  applyEvents,
  applyEvent,
  dropOutgoing,
  dropWrite,
  emptyStream,
  failWrite,
  markOutgoing,
  mergeSnapshot,
  queueOutgoing,
  receiveMessage,
  startWrite,
} from './chat-reducer';
import type { OutgoingMessage, PendingWrite, StreamState } from './chat-reducer';
import { OUTBOX_STORAGE_KEY, keptClientIds, restoreOutbox, saveOutbox } from './saved-outbox';

export const GLOBAL_STREAM = 'global';
/**
 * Where a member's first message to the admins waits while their conversation does not exist yet
 * (it is created by that send: `ensureChat`); it moves to the conversation's stream once it does.
 */
export const NEW_CHAT_STREAM = 'new-chat';

/** What a new message needs: its stream (or NEW_CHAT_STREAM), its text, what it answers and who writes. */
export interface SendInput {
  stream: string;
  content: string;
  replyTo: ChatMessage | null;
  sender: ChatMessage['sender'];
  /** Opens the member's conversation with the admins (NEW_CHAT_STREAM) and answers its id. */
  ensureChat?: () => Promise<string>;
}

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
  /**
   * Sends a new message or a reply: shown at once ("sending"), settled by the server's version
   * (whichever comes first: the answer or the socket), else kept as Not sent with its text.
   * Resolves true once the server has it.
   */
  send: (input: SendInput) => Promise<boolean>;
  /** Sends a Not-sent message again, with the same clientId, content and replyTo (kept once by the server). */
  retrySend: (stream: string, clientId: string, ensureChat?: () => Promise<string>) => Promise<boolean>;
  /** Gives a Not-sent message up. */
  discardSend: (stream: string, clientId: string) => void;
  /** Edits, hides or unhides (admin), deletes: shown at once, kept as Not sent with Retry when it fails. */
  edit: (stream: string, message: ChatMessage, content: string) => Promise<boolean>;
  /** `reason`: why an admin hides it (kept on the log and shown to admins, contract §13). */
  toggleHidden: (stream: string, message: ChatMessage, reason?: string) => Promise<boolean>;
  remove: (stream: string, message: ChatMessage) => Promise<boolean>;
  /** Tries a failed edit, hide or delete again, once what the server did meanwhile is read. */
  retryWrite: (stream: string, messageId: string) => Promise<boolean>;
  /** Gives a failed edit, hide or delete up (the message shows the server's version). */
  dismissWrite: (stream: string, messageId: string) => void;
  /** A stream's newest page read elsewhere (the member's conversation query): merged, then caught up by seq. */
  seedStream: (chatId: string, messages: ChatMessage[]) => Promise<void>;
  /** Forget everything (another user signed in: what they may see differs). */
  reset: () => void;
}

const fetchPage = (stream: string, viewer: Viewer, before?: string): Promise<MessagePage> => {
  if (stream === GLOBAL_STREAM) return viewer === 'guest' ? getPublicMessages({ before }) : getMessages({ before });
  return getMessages({ chatId: stream, before });
};

const newClientId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** The server's reason for a refusal (a 4xx says why); a network failure or a 5xx has none worth showing. */
const reasonOf = (error: unknown): string | null =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.serverMessage ? error.serverMessage : null;

/**
 * A refusal that trying again cannot change (a 4xx: the message was hidden or deleted meanwhile, the edit
 * window closed, the membership ended); a network failure, a time-out, a 5xx, 408 and 429 may pass later.
 */
export const isPermanentFailure = (error: unknown): boolean =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;

/**
 * The clientIds of this tab's outbox entries as last kept in the browser (saved-outbox.ts): the ones
 * it restored or wrote, so that what it sends or discards is removed there too.
 */
let keptOutbox: ReadonlySet<string> = new Set();

/**
 * The streams as a user's browser left them: only the messages they wrote and the server never
 * confirmed (saved-outbox.ts), which this tab now keeps.
 */
const restoredStreams = (owner: string | null): Record<string, StreamState> => {
  const restored = owner === null ? {} : restoreOutbox(owner);
  keptOutbox = new Set(Object.values(restored).flatMap((outbox) => Object.keys(outbox)));
  return Object.fromEntries(Object.entries(restored).map(([stream, outbox]) => [stream, { ...emptyStream(), outbox }]));
};

/** Whose outbox this browser keeps: the signed-in user (their username), none when signed out. */
const outboxOwner = (): string | null => {
  const { token, username } = useSessionStore.getState();
  return token && username ? username : null;
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
    update(stream, (state) =>
      mergeSnapshot({ ...emptyStream(), pending: state.pending, outbox: state.outbox, writes: state.writes }, page.messages, { nextCursor: page.nextCursor ?? null }),
    );
  };

  /** One try of a queued send; a new conversation is opened first and the message moves into it. */
  const deliver = async (stream: string, clientId: string, ensureChat?: () => Promise<string>): Promise<boolean> => {
    const started = generation;
    let target = stream;
    const entry: OutgoingMessage | undefined = get().streams[stream]?.outbox[clientId];
    if (!entry) return false;
    update(target, (state) => markOutgoing(state, clientId, 'sending'));
    try {
      if (target === NEW_CHAT_STREAM) {
        if (!ensureChat) throw new Error('no conversation to post in');
        const chatId = await ensureChat();
        if (started !== generation) return false;
        const moved = get().streams[NEW_CHAT_STREAM]?.outbox[clientId];
        if (!moved) return false; // discarded meanwhile
        update(NEW_CHAT_STREAM, (state) => dropOutgoing(state, clientId));
        update(chatId, (state) => queueOutgoing(state, moved));
        target = chatId;
      }
      const { message } = await postMessage({
        content: entry.content,
        type: target === GLOBAL_STREAM ? 'global' : 'private',
        chatId: target === GLOBAL_STREAM ? undefined : target,
        replyTo: entry.replyTo?._id,
        clientId,
      });
      if (started !== generation) return false;
      // Settles the outbox entry (its clientId); a socket copy already here changes nothing.
      update(target, (state) => receiveMessage(state, message));
      return true;
    } catch (error) {
      if (started !== generation) return false;
      update(target, (state) => markOutgoing(state, clientId, 'failed', reasonOf(error), isPermanentFailure(error)));
      return false;
    }
  };

  /** The request a write makes. */
  const runWrite = (stream: string, messageId: string, write: PendingWrite): Promise<{ message: ChatMessage } | null> => {
    if (write.kind === 'edit') return editMessage(messageId, write.content);
    if (write.kind === 'hide') return toggleHide(messageId, write.reason ?? (stream === GLOBAL_STREAM ? 'global' : 'private'));
    return deleteMessage(messageId).then(() => null);
  };

  /** One try of a write: done, its result put in; or failed and kept, with the server's reason. */
  const write = async (stream: string, messageId: string, pendingWrite: PendingWrite): Promise<boolean> => {
    const started = generation;
    update(stream, (state) => startWrite(state, messageId, { ...pendingWrite, status: 'sending', error: null, permanent: false }));
    try {
      const answer = await runWrite(stream, messageId, pendingWrite);
      if (started !== generation) return false;
      update(stream, (state) => {
        const held = state.messages[messageId];
        const result = answer?.message ?? (held ? { ...held, deleted: true, content: '' } : null);
        return dropWrite(result ? receiveMessage(state, result) : state, messageId);
      });
      return true;
    } catch (error) {
      if (started !== generation) return false;
      update(stream, (state) => failWrite(state, messageId, reasonOf(error), isPermanentFailure(error)));
      return false;
    }
  };

  return {
    streams: restoredStreams(outboxOwner()),
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
        // Asked before the stream's own first page came (a guest's drawn room, its click held until
        // the app was there): after it, from its cursor.
        if (!get().streams[stream]?.loaded) await get().loadStream(stream, viewer);
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
      // Nobody shows this stream (the chat list follows it on its own), or it is loading: its first
      // load reads everything after its list from the log. A stream with only unsent messages kept
      // from an earlier visit is not shown either.
      if (!before?.loaded) return;
      const after = applyEvent(before, event);
      if (after === before) return;
      update(event.stream, () => after);
      if (after.gap && after.loaded) void get().catchUp(event.stream, viewer);
    },

    send: ({ stream, content, replyTo, sender, ensureChat }) => {
      const clientId = newClientId();
      // Shown last however the clocks differ: never before a message the server already stamped.
      const latest = Object.values(get().streams[stream]?.messages ?? {}).reduce((max, held) => (held.createdAt > max ? held.createdAt : max), '');
      const now = new Date().toISOString();
      const entry: OutgoingMessage = { clientId, content, replyTo, sender, createdAt: now > latest ? now : latest, status: 'sending', error: null, permanent: false };
      update(stream, (state) => queueOutgoing(state, entry));
      return deliver(stream, clientId, ensureChat);
    },

    retrySend: (stream, clientId, ensureChat) => deliver(stream, clientId, ensureChat),

    discardSend: (stream, clientId) => update(stream, (state) => dropOutgoing(state, clientId)),

    edit: (stream, message, content) => write(stream, message._id, { kind: 'edit', content, status: 'sending', error: null, permanent: false }),

    toggleHidden: (stream, message, reason) =>
      write(stream, message._id, { kind: 'hide', hidden: !message.hidden, ...(reason ? { reason } : {}), status: 'sending', error: null, permanent: false }),

    remove: (stream, message) => write(stream, message._id, { kind: 'delete', status: 'sending', error: null, permanent: false }),

    retryWrite: async (stream, messageId) => {
      const failed = get().streams[stream]?.writes[messageId];
      if (!failed) return false;
      // A hide toggles, and a delete or edit may have been done though its answer was lost: read what the
      // server did first. Its version settles the write, and nothing is sent twice.
      if (get().streams[stream]?.loaded) {
        update(stream, (state) => startWrite(state, messageId, { ...failed, status: 'sending', error: null, permanent: false }));
        await get()
          .catchUp(stream, 'user')
          .catch(() => undefined);
      }
      const still = get().streams[stream]?.writes[messageId];
      if (!still) return true;
      return write(stream, messageId, still);
    },

    dismissWrite: (stream, messageId) => update(stream, (state) => dropWrite(state, messageId)),

    seedStream: (chatId, messages) =>
      once(`seed:${chatId}`, async () => {
        const started = generation;
        update(chatId, (state) => mergeSnapshot(state, messages));
        if (started === generation) await get().catchUp(chatId, 'user');
      }),

    reset: () => {
      generation += 1;
      inFlight.clear();
      set({ streams: restoredStreams(outboxOwner()), failures: {} });
    },
  };
});

// Another user (sign-in, sign-out): what one may see differs, so the chat state starts over, at once,
// before the screens re-render and load again for the new user (with what they left unsent here).
// Signing out forgets what was left unsent: the session store removes it (clear), on every page.
let sessionToken = useSessionStore.getState().token;
useSessionStore.subscribe((state) => {
  if (state.token === sessionToken) return;
  sessionToken = state.token;
  useChatStore.getState().reset();
});

// What the user wrote and the server has not confirmed is kept in this browser (saved-outbox.ts),
// written again whenever an outbox changes.
useChatStore.subscribe((state, previous) => {
  if (state.streams === previous.streams) return;
  const streams = new Set([...Object.keys(state.streams), ...Object.keys(previous.streams)]);
  const changed = [...streams].some((stream) => state.streams[stream]?.outbox !== previous.streams[stream]?.outbox);
  const owner = outboxOwner();
  if (changed && owner) keptOutbox = saveOutbox(owner, state.streams, keptOutbox);
});

// Another tab sent or discarded a message this one shows as Not sent (both restored it): it is no
// longer kept there, so it goes here too, rather than being written back as unsent.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== OUTBOX_STORAGE_KEY && event.key !== null) return;
    const owner = outboxOwner();
    if (!owner) return;
    const still = keptClientIds(owner);
    const { streams, discardSend } = useChatStore.getState();
    for (const [stream, state] of Object.entries(streams)) {
      for (const entry of Object.values(state.outbox)) {
        if (entry.status === 'failed' && keptOutbox.has(entry.clientId) && !still.has(entry.clientId)) discardSend(stream, entry.clientId);
      }
    }
  });
}
