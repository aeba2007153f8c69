import type { ChatEventPayload, ChatMessage } from '@le/contracts';

/**
 * One stream (the global room or one private chat) as the client knows it. Pure functions, so the
 * store stays thin and the rules are tested alone.
 *
 * - `seq` is the highest event sequence applied without a hole. Events at or below it are ignored, so
 *   applying the same event twice (socket + catch-up, or a retry) changes nothing.
 * - An event above `seq + 1` waits in `pending` and marks a gap; the store then reads
 *   `/chat/events?after=seq` and applies what it missed, after which the pending ones drain in order.
 * - A message is only replaced by a newer version of itself (its own `seq`), so a late list reply
 *   never undoes an edit, hide or delete the socket already delivered.
 * - What this client wrote and the server has not confirmed yet waits beside the messages: a new
 *   message in `outbox` (by its clientId), an edit, hide or delete in `writes` (by message id), each
 *   "sending" or "failed" (shown as Not sent, with Retry unless the server refused it for good). Whichever brings the server's version first
 *   (the REST answer, the socket, a catch-up or a list) settles it, so a retried send shows once.
 */
export interface StreamState {
  messages: Record<string, ChatMessage>;
  seq: number;
  pending: Record<number, ChatEventPayload>;
  /** A hole was seen between `seq` and a pending event. */
  gap: boolean;
  loaded: boolean;
  /** Cursor for older messages, when the first page was not all. */
  nextCursor: string | null;
  /** Messages this client sent that the server has not confirmed, by clientId. */
  outbox: Record<string, OutgoingMessage>;
  /** Edits, hides and deletes this client asked for that the server has not confirmed, by message id. */
  writes: Record<string, PendingWrite>;
}

export type DeliveryStatus = 'sending' | 'failed';

/** A message on its way: the same clientId on every try, so the server keeps it once (contract: retried posts). */
export interface OutgoingMessage {
  clientId: string;
  content: string;
  /** The message it answers (its thread, and `replyTo` on every try). */
  replyTo: ChatMessage | null;
  sender: ChatMessage['sender'];
  createdAt: string;
  status: DeliveryStatus;
  /** The server's reason for the last failure, when it gave one. */
  error: string | null;
  /** The server refused it for good (a 4xx but 408 and 429): trying again cannot help, only Discard. */
  permanent: boolean;
}

/** A change to a message on its way; one at a time per message. */
export type PendingWrite = ({ kind: 'edit'; content: string } | { kind: 'hide'; hidden: boolean; reason?: string } | { kind: 'delete' }) & {
  status: DeliveryStatus;
  error: string | null;
  /** Refused for good (as a send's): only Discard or Dismiss. */
  permanent: boolean;
};

export const emptyStream = (): StreamState => ({ messages: {}, seq: 0, pending: {}, gap: false, loaded: false, nextCursor: null, outbox: {}, writes: {} });

/** Put a message in unless the stream already holds the same or a newer version of it. */
export const upsertMessage = (messages: Record<string, ChatMessage>, message: ChatMessage): Record<string, ChatMessage> => {
  const current = messages[message._id];
  // A delete is final (nothing undoes it on the server): once drawn deleted, from its event or from
  // the DELETE's answer (which carries no seq, so the message keeps the one it had), it stays so.
  if (current && (current.seq > message.seq || current.deleted)) return messages;
  return { ...messages, [message._id]: message };
};

/** The server's version of a message shows the write done (or moot: the message is gone). */
const writeDone = (write: PendingWrite, message: ChatMessage): boolean => {
  if (message.deleted) return true;
  if (write.kind === 'edit') return message.content === write.content;
  if (write.kind === 'hide') return message.hidden === write.hidden;
  return false;
};

/** A message version arrived: put it in, and settle what it confirms (its clientId's send, a write on it). */
export const receiveMessage = (state: StreamState, message: ChatMessage): StreamState => {
  const messages = upsertMessage(state.messages, message);
  const held = messages[message._id] ?? message;
  let { outbox, writes } = state;
  if (message.clientId && outbox[message.clientId]) outbox = omitKey(outbox, message.clientId);
  const write = writes[held._id];
  if (write && writeDone(write, held)) writes = omitKey(writes, held._id);
  if (messages === state.messages && outbox === state.outbox && writes === state.writes) return state;
  return { ...state, messages, outbox, writes };
};

/** A send starts (or starts again): shown at once, "sending". */
export const queueOutgoing = (state: StreamState, message: OutgoingMessage): StreamState => {
  // Its server version is here already (a retry after a lost answer): nothing to wait for.
  if (Object.values(state.messages).some((held) => held.clientId === message.clientId)) return state;
  return { ...state, outbox: { ...state.outbox, [message.clientId]: message } };
};

/** A try of a send ended without the server's message: "failed" with its reason (and whether for good), or "sending" again. */
export const markOutgoing = (state: StreamState, clientId: string, status: DeliveryStatus, error: string | null = null, permanent = false): StreamState => {
  const current = state.outbox[clientId];
  if (!current) return state; // settled meanwhile (the socket brought it): nothing failed
  return { ...state, outbox: { ...state.outbox, [clientId]: { ...current, status, error, permanent } } };
};

/** The writer gave the send up (Discard), or it moved to another stream. */
export const dropOutgoing = (state: StreamState, clientId: string): StreamState =>
  state.outbox[clientId] ? { ...state, outbox: omitKey(state.outbox, clientId) } : state;

/** An edit, hide or delete starts (or starts again). */
export const startWrite = (state: StreamState, messageId: string, write: PendingWrite): StreamState => ({
  ...state,
  writes: { ...state.writes, [messageId]: write },
});

/** A write's try failed: kept, "failed", with the server's reason and whether for good (unless its result arrived meanwhile). */
export const failWrite = (state: StreamState, messageId: string, error: string | null, permanent = false): StreamState => {
  const current = state.writes[messageId];
  if (!current) return state;
  return { ...state, writes: { ...state.writes, [messageId]: { ...current, status: 'failed', error, permanent } } };
};

/** A write is done (the REST answer) or given up (Dismiss, Discard). */
export const dropWrite = (state: StreamState, messageId: string): StreamState =>
  state.writes[messageId] ? { ...state, writes: omitKey(state.writes, messageId) } : state;

const applyOne = (state: StreamState, event: ChatEventPayload): StreamState => {
  const next = event.message ? receiveMessage(state, event.message) : state;
  return { ...next, seq: event.seq };
};

/** Apply one event of this stream: in order, once; out of order waits for the hole to fill. */
export const applyEvent = (state: StreamState, event: ChatEventPayload): StreamState => {
  if (event.seq <= state.seq || state.pending[event.seq]) return state;
  if (event.seq > state.seq + 1) return { ...state, pending: { ...state.pending, [event.seq]: event }, gap: true };
  let next = applyOne(state, event);
  // Drain what was waiting for this one.
  let pending = next.pending;
  for (let waiting = pending[next.seq + 1]; waiting; waiting = pending[next.seq + 1]) {
    pending = omitKey(pending, waiting.seq);
    next = applyOne({ ...next, pending }, waiting);
  }
  const cleaned: Record<number, ChatEventPayload> = {};
  for (const [key, event] of Object.entries(pending)) if (Number(key) > next.seq) cleaned[Number(key)] = event;
  return { ...next, pending: cleaned, gap: Object.keys(cleaned).length > 0 };
};

/** Apply a catch-up page (ascending seq) exactly as the socket would have. */
export const applyEvents = (state: StreamState, events: ChatEventPayload[]): StreamState =>
  [...events].sort((a, b) => a.seq - b.seq).reduce(applyEvent, state);

/**
 * Merge a message list (a first load, a poll, an older page). The list is a snapshot at some head
 * sequence at least as high as its newest message's `seq`; events after that are read by catch-up.
 */
export const mergeSnapshot = (state: StreamState, messages: ChatMessage[], options: { nextCursor?: string | null; older?: boolean } = {}): StreamState => {
  let merged = state;
  let highest = 0;
  for (const message of messages) {
    merged = receiveMessage(merged, message);
    highest = Math.max(highest, message.seq);
  }
  const seq = state.loaded ? state.seq : Math.max(state.seq, highest);
  const pending: Record<number, ChatEventPayload> = {};
  for (const [key, event] of Object.entries(state.pending)) if (Number(key) > seq) pending[Number(key)] = event;
  const nextCursor = options.older || !state.loaded ? (options.nextCursor ?? null) : state.nextCursor;
  const next: StreamState = { ...merged, seq, pending, loaded: true, nextCursor, gap: Object.keys(pending).length > 0 };
  // Pending events right after the new seq can be applied now.
  const waiting = next.pending[next.seq + 1];
  return waiting ? applyEvent({ ...next, pending: omitKey(next.pending, waiting.seq) }, waiting) : next;
};

/** The record without one key (an outbox entry, a write, a pending event by its seq). */
const omitKey = <K extends string | number, T>(record: Record<K, T>, key: K): Record<K, T> => {
  const { [key]: _omitted, ...rest } = record;
  return rest as Record<K, T>;
};
