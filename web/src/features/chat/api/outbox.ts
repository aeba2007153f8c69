import type { ChatMessage } from '@le/contracts';
import type { Mutation, MutationState } from '@tanstack/react-query';

import { ApiError } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { sessionUserIn } from '@/lib/session-user';
import { useSessionStore } from '@/stores/session-store';

import { deleteMessage } from '@/features/chat/api/delete-message';
import { editMessage } from '@/features/chat/api/edit-message';
import { chatKeys } from '@/features/chat/api/keys';
import { postMessage } from '@/features/chat/api/post-message';
import { toggleHide } from '@/features/chat/api/toggle-hide';
import { OUTBOX_STORAGE_KEY, keptClientIds, restoreOutbox, saveOutbox } from '@/features/chat/api/saved-outbox';
import { GLOBAL_STREAM, NEW_CHAT_STREAM, catchUp, ensureCurrent, heldStream, onStreamChange, receiveAnswer, scopeNow } from '@/features/chat/api/streams';
import type { Scope } from '@/features/chat/api/streams';
import { holdsSend, writeDone } from '@/features/chat/utils/stream-fold';
import type { StreamState, WriteRequest } from '@/features/chat/utils/stream-fold';

/*
 * What this client wrote and the server has not confirmed are mutations in the query client's
 * mutation cache: a new message (`chatKeys.sends()`, by its clientId) and an edit, hide or delete
 * (`chatKeys.writes()`, by message id). Each shows at once ("sending"); one that fails stays, with
 * its text, as Not sent (Retry, Discard). Whichever brings the server's version first (the answer,
 * the socket, a catch-up, a list) settles it: the stream holds it, so the mutation is removed. A
 * retry is a new mutation with the same variables (a send keeps its clientId, so the server keeps
 * it once). The unconfirmed sends are kept in this browser (api/saved-outbox.ts) and come back
 * after a reload as failed mutations, Not sent.
 */

export type DeliveryStatus = 'sending' | 'failed';

/** A message on its way: the same clientId on every try, so the server keeps it once (contract: retried posts). */
export interface SendVariables {
  /** The stream it is for ('global', a chat id, or NEW_CHAT_STREAM for a member's first message). */
  stream: string;
  clientId: string;
  content: string;
  /** The message it answers (its thread, and `replyTo` on every try). */
  replyTo: ChatMessage | null;
  sender: ChatMessage['sender'];
  createdAt: string;
}

/** A message on its way as the screens show it. */
export interface OutgoingMessage extends SendVariables {
  status: DeliveryStatus;
  /** The server's reason for the last failure, when it gave one. */
  error: string | null;
  /** The server refused it for good (a 4xx but 408 and 429): trying again cannot help, only Discard. */
  permanent: boolean;
}

/** An edit, hide or delete of a message; one at a time per message. */
export interface WriteVariables {
  stream: string;
  messageId: string;
  write: WriteRequest;
}

/** A change on its way as the screens show it. */
export type PendingWrite = WriteRequest & { status: DeliveryStatus; error: string | null; permanent: boolean };

/** What a new message needs: its stream (or NEW_CHAT_STREAM), its text, what it answers and who writes. */
export interface SendInput {
  stream: string;
  content: string;
  replyTo: ChatMessage | null;
  sender: ChatMessage['sender'];
  /** Opens the member's conversation with the admins (NEW_CHAT_STREAM) and answers its id. */
  ensureChat?: () => Promise<string>;
}

/** A send kept from an earlier visit: it did not answer then, and only the writer may send it again. */
export class KeptFailure extends Error {
  constructor(readonly permanent: boolean) {
    super('Not sent before the page was left');
  }
}

/** The server's reason for a refusal (a 4xx says why); a network failure or a 5xx has none worth showing. */
const reasonOf = (error: unknown): string | null =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.serverMessage ? error.serverMessage : null;

/**
 * A refusal that trying again cannot change (a 4xx: the message was hidden or deleted meanwhile, the edit
 * window closed, the membership ended); a network failure, a time-out, a 5xx, 408 and 429 may pass later.
 */
export const isPermanentFailure = (error: unknown): boolean =>
  error instanceof KeptFailure
    ? error.permanent
    : error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;

const newClientId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** A send answered: the message, and the stream it went to (a first message's new conversation). */
interface Sent {
  message: ChatMessage;
  stream: string;
}
type SendMutation = Mutation<Sent, unknown, SendVariables>;
type WriteMutation = Mutation<ChatMessage | null, unknown, WriteVariables>;

const mutations = () => queryClient.getMutationCache();
const sendMutations = (): SendMutation[] => mutations().findAll({ mutationKey: chatKeys.sends() }) as SendMutation[];
const writeMutations = (): WriteMutation[] => mutations().findAll({ mutationKey: chatKeys.writes() }) as WriteMutation[];

/** Removes what a stream's new state confirms: sends it holds (a first message: in the new conversation), writes it shows done. */
const settle = (stream: string, state: StreamState) => {
  for (const mutation of sendMutations()) {
    const clientId = mutation.state.variables?.clientId;
    if (clientId && holdsSend(state, clientId)) mutations().remove(mutation);
  }
  for (const mutation of writeMutations()) {
    const variables = mutation.state.variables;
    if (variables && variables.stream === stream && writeDone(variables.write, state.messages[variables.messageId])) mutations().remove(mutation);
  }
};
onStreamChange(settle);

/** Builds a mutation of this client's, kept until settled, discarded or the session ends; failures show at once, never retried alone. */
const build = <TData, TVariables>(mutationKey: readonly unknown[], mutationFn: () => Promise<TData>, state?: MutationState<TData, unknown, TVariables>) =>
  mutations().build<TData, unknown, TVariables, unknown>(queryClient, { mutationKey, mutationFn, gcTime: Infinity, retry: false, networkMode: 'always' }, state);

/**
 * One try of a send; a member's first message opens the conversation first. Each request goes out
 * only while the session that wrote it is the tab's: another account's token never carries it.
 */
const deliver = async (variables: SendVariables, scope: Scope, ensureChat?: () => Promise<string>): Promise<Sent> => {
  let stream = variables.stream;
  if (stream === NEW_CHAT_STREAM) {
    if (!ensureChat) throw new Error('no conversation to post in');
    ensureCurrent(scope);
    stream = await ensureChat();
  }
  ensureCurrent(scope);
  const { message } = await postMessage({
    content: variables.content,
    type: stream === GLOBAL_STREAM ? 'global' : 'private',
    chatId: stream === GLOBAL_STREAM ? undefined : stream,
    replyTo: variables.replyTo?._id,
    clientId: variables.clientId,
  });
  return { message, stream };
};

const runSend = async (variables: SendVariables, ensureChat?: () => Promise<string>): Promise<boolean> => {
  const scope = scopeNow();
  // Its server version is here already (a retry after a lost answer): nothing to send.
  if (holdsSend(heldStream(variables.stream, scope), variables.clientId)) return true;
  const mutation = build<Sent, SendVariables>(chatKeys.sends(), () => deliver(variables, scope, ensureChat));
  try {
    const sent = await mutation.execute(variables);
    // Into its stream if held (one that is not shows it when it is read, the log after its page included).
    receiveAnswer(sent.stream, scope, sent.message);
    mutations().remove(mutation);
    return true;
  } catch {
    return false;
  }
};

/**
 * Sends a new message or a reply: shown at once ("sending"), settled by the server's version
 * (whichever comes first: the answer or the socket), else kept as Not sent with its text.
 * Resolves true once the server has it.
 */
export const send = ({ stream, content, replyTo, sender, ensureChat }: SendInput): Promise<boolean> => {
  // Shown last however the clocks differ: never before a message the server already stamped.
  const latest = Object.values(heldStream(stream)?.messages ?? {}).reduce((max, held) => (held.createdAt > max ? held.createdAt : max), '');
  const now = new Date().toISOString();
  return runSend({ stream, clientId: newClientId(), content, replyTo, sender, createdAt: now > latest ? now : latest }, ensureChat);
};

const sendOf = (clientId: string) => sendMutations().find((mutation) => mutation.state.variables?.clientId === clientId);

/** Sends a Not-sent message again, with the same clientId, content and replyTo (kept once by the server). */
export const retrySend = (clientId: string, ensureChat?: () => Promise<string>): Promise<boolean> => {
  const failed = sendOf(clientId);
  // Only a failed one: a second click while it is on its way again sends nothing more.
  if (failed?.state.status !== 'error') return Promise.resolve(false);
  const variables = failed?.state.variables;
  if (!failed || !variables) return Promise.resolve(false);
  mutations().remove(failed);
  return runSend(variables, ensureChat);
};

/** Gives a Not-sent message up. */
export const discardSend = (clientId: string): void => {
  const mutation = sendOf(clientId);
  if (mutation) mutations().remove(mutation);
};

/** The request a write makes; its answer is the message's new version (a delete answers none). */
const runWriteRequest = ({ stream, messageId, write }: WriteVariables): Promise<ChatMessage | null> => {
  if (write.kind === 'edit') return editMessage(messageId, write.content).then(({ message }) => message);
  if (write.kind === 'hide') return toggleHide(messageId, write.reason ?? (stream === GLOBAL_STREAM ? 'global' : 'private')).then(({ message }) => message);
  return deleteMessage(messageId).then(() => null);
};

/** One write; `readFirst`: a retry reads what the server did meanwhile, and sends nothing if it is done. */
const runWrite = async (variables: WriteVariables, readFirst = false): Promise<boolean> => {
  const scope = scopeNow();
  // One change at a time per message: a new one replaces what was left of the last.
  for (const earlier of writeMutations()) if (earlier.state.variables?.messageId === variables.messageId) mutations().remove(earlier);
  const mutation = build<ChatMessage | null, WriteVariables>(chatKeys.writes(), async () => {
    // A hide toggles, and a delete or edit may have been done though its answer was lost: what the
    // server did is read first. Its version settles the write, and nothing is sent twice.
    if (readFirst) {
      await catchUp(variables.stream, scope).catch(() => undefined);
      if (writeDone(variables.write, heldStream(variables.stream, scope)?.messages[variables.messageId])) return null;
    }
    // Only while the session that asked is the tab's: another account's token never carries it.
    ensureCurrent(scope);
    return runWriteRequest(variables);
  });
  try {
    const answer = await mutation.execute(variables);
    const held = heldStream(variables.stream, scope)?.messages[variables.messageId];
    const result = answer ?? (variables.write.kind === 'delete' && held ? { ...held, deleted: true, content: '' } : null);
    if (result) receiveAnswer(variables.stream, scope, result);
    mutations().remove(mutation);
    return true;
  } catch {
    return false;
  }
};

/** Edits a message: shown at once, kept as Not saved with Retry when it fails. */
export const edit = (stream: string, message: ChatMessage, content: string): Promise<boolean> =>
  runWrite({ stream, messageId: message._id, write: { kind: 'edit', content } });

/** Hides or unhides (admin); `reason`: why an admin hides it (kept on the log and shown to admins, contract §13). */
export const toggleHidden = (stream: string, message: ChatMessage, reason?: string): Promise<boolean> =>
  runWrite({ stream, messageId: message._id, write: { kind: 'hide', hidden: !message.hidden, ...(reason ? { reason } : {}) } });

/** Deletes a message. */
export const remove = (stream: string, message: ChatMessage): Promise<boolean> => runWrite({ stream, messageId: message._id, write: { kind: 'delete' } });

const writeOf = (messageId: string) => writeMutations().find((mutation) => mutation.state.variables?.messageId === messageId);

/** Tries a failed edit, hide or delete again, once what the server did meanwhile is read. */
export const retryWrite = (messageId: string): Promise<boolean> => {
  const failed = writeOf(messageId);
  // Only a failed one: a second click while it is on its way again sends nothing more.
  const variables = failed?.state.status === 'error' ? failed.state.variables : undefined;
  return variables ? runWrite(variables, true) : Promise.resolve(false);
};

/** Gives a failed edit, hide or delete up (the message shows the server's version). */
export const dismissWrite = (messageId: string): void => {
  const mutation = writeOf(messageId);
  if (mutation) mutations().remove(mutation);
};

/** What the screens read of a mutation (any of the cache's). */
type MutationView = { state: Pick<MutationState<unknown, unknown, unknown>, 'status' | 'variables' | 'error'> };

const statusOf = (state: MutationView['state']) => ({
  status: (state.status === 'error' ? 'failed' : 'sending') as DeliveryStatus,
  error: state.status === 'error' ? reasonOf(state.error) : null,
  permanent: state.status === 'error' && isPermanentFailure(state.error),
});

/** A send mutation as the screens show it. */
export const outgoingOf = (mutation: MutationView): OutgoingMessage => ({
  ...(mutation.state.variables as SendVariables),
  ...statusOf(mutation.state),
});

/** A write mutation as the screens show it. */
export const pendingWriteOf = (mutation: MutationView): [string, PendingWrite] => {
  const { messageId, write } = mutation.state.variables as WriteVariables;
  return [messageId, { ...write, ...statusOf(mutation.state) }];
};

/** Whose outbox this browser keeps: the signed-in user (their username), none when signed out. */
const outboxOwner = (): string | null => {
  return sessionUserIn(queryClient)?.username ?? null;
};

/** The clientIds this tab last kept in the browser (restored or written), so that what it sends or discards is removed there too. */
let keptOutbox: ReadonlySet<string> = new Set();

/** Set while `restore` rebuilds: the browser's store is written once at its end, not per entry. */
let restoring = false;

/** What the user left unsent in this browser, back as failed sends (Not sent). */
const restore = () => {
  restoring = true;
  const owner = outboxOwner();
  const restored = owner === null ? [] : restoreOutbox(owner);
  keptOutbox = new Set(restored.map((entry) => entry.clientId));
  for (const { permanent, ...variables } of restored) {
    if (sendOf(variables.clientId)) continue;
    build<Sent, SendVariables>(chatKeys.sends(), () => Promise.reject(new KeptFailure(permanent)), {
      status: 'error',
      variables,
      error: new KeptFailure(permanent),
      data: undefined,
      context: undefined,
      failureCount: 1,
      failureReason: null,
      isPaused: false,
      submittedAt: Date.parse(variables.createdAt) || Date.now(),
    });
  }
  restoring = false;
  saveNow();
};

/** The sends the server has not confirmed, as kept in the browser (sending ones too: a reload cuts them short). */
const unconfirmed = () =>
  sendMutations()
    .filter((mutation) => mutation.state.status === 'pending' || mutation.state.status === 'error')
    .map(outgoingOf);

/** The shape last written, so that a change of status alone writes nothing. */
let kept = '';
/** Writes the unconfirmed sends to the browser's store for the signed-in user. */
function saveNow() {
  const owner = outboxOwner();
  if (!owner || restoring) return;
  const entries = unconfirmed();
  const shape = JSON.stringify(entries.map((entry) => [entry.clientId, entry.permanent]));
  if (shape === kept) return;
  kept = shape;
  keptOutbox = saveOutbox(owner, entries, keptOutbox);
}

if (typeof window !== 'undefined') {
  restore();

  // Another user (sign-in, sign-out): the cache was emptied (lib/query-client.ts, subscribed first);
  // what this one left unsent here comes back. Signing out forgets it (the session store removes it).
  let token = useSessionStore.getState().token;
  useSessionStore.subscribe((state) => {
    if (state.token === token) return;
    token = state.token;
    restore();
  });

  // Kept whenever the unconfirmed sends change.
  const [feature, kind] = chatKeys.sends();
  mutations().subscribe((event) => {
    const key = event.mutation?.options.mutationKey;
    if (key?.[0] === feature && key[1] === kind) saveNow();
  });

  // Another tab sent or discarded a message this one shows as Not sent (both restored it): it is no
  // longer kept there, so it goes here too, rather than being written back as unsent.
  window.addEventListener('storage', (event) => {
    if (event.key !== OUTBOX_STORAGE_KEY && event.key !== null) return;
    const owner = outboxOwner();
    if (!owner) return;
    const still = keptClientIds(owner);
    for (const mutation of sendMutations()) {
      const clientId = mutation.state.variables?.clientId;
      if (mutation.state.status === 'error' && clientId && keptOutbox.has(clientId) && !still.has(clientId)) mutations().remove(mutation);
    }
  });
}
