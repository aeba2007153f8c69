import type { ChatEventPayload, ChatMessage } from '@le/contracts';

/**
 * One stream (the global room or one private chat) as the client knows it: the data of its query
 * (api/streams.ts), folded from a message list and the events after it. Pure functions, tested alone.
 *
 * - `seq` is the highest event sequence applied without a hole. Events at or below it are ignored, so
 *   applying the same event twice (socket + catch-up, or a retry) changes nothing.
 * - An event above `seq + 1` waits in `pending` and marks a gap; the stream then reads
 *   `/chat/events?after=seq` and applies what it missed, after which the pending ones drain in order.
 * - A message is only replaced by a newer version of itself (its own `seq`), so a late list reply
 *   never undoes an edit, hide or delete the socket already delivered.
 *
 * What this client wrote and the server has not confirmed is not here: those are mutations
 * (api/outbox.ts), settled by the version of the message this state holds (`holdsSend`, `writeDone`).
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
}

/** A change to a message that this client asks for. */
export type WriteRequest = { kind: 'edit'; content: string } | { kind: 'hide'; hidden: boolean; reason?: string } | { kind: 'delete' };

export const emptyStream = (): StreamState => ({ messages: {}, seq: 0, pending: {}, gap: false, loaded: false, nextCursor: null });

/** Put a message in unless the stream already holds the same or a newer version of it. */
export const upsertMessage = (messages: Record<string, ChatMessage>, message: ChatMessage): Record<string, ChatMessage> => {
  const current = messages[message._id];
  // A delete is final (nothing undoes it on the server): once drawn deleted, from its event or from
  // the DELETE's answer (which carries no seq, so the message keeps the one it had), it stays so.
  if (current && (current.seq > message.seq || current.deleted)) return messages;
  return { ...messages, [message._id]: message };
};

/** The server's version of a message shows the write done (or moot: the message is gone). */
export const writeDone = (write: WriteRequest, message: ChatMessage | undefined): boolean => {
  if (!message) return false;
  if (message.deleted) return true;
  if (write.kind === 'edit') return message.content === write.content;
  if (write.kind === 'hide') return message.hidden === write.hidden;
  return false;
};

/** The stream holds the server's copy of the message sent with this clientId. */
export const holdsSend = (state: StreamState | undefined, clientId: string): boolean =>
  Boolean(state) && Object.values(state!.messages).some((message) => message.clientId === clientId);

/** A message version arrived (an answer, an event, a list): put in unless a newer one is held. */
export const receiveMessage = (state: StreamState, message: ChatMessage): StreamState => {
  const messages = upsertMessage(state.messages, message);
  return messages === state.messages ? state : { ...state, messages };
};

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
