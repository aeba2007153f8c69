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

export const emptyStream = (): StreamState => ({ messages: {}, seq: 0, pending: {}, gap: false, loaded: false, nextCursor: null });

/** Put a message in unless the stream already holds the same or a newer version of it. */
export const upsertMessage = (messages: Record<string, ChatMessage>, message: ChatMessage): Record<string, ChatMessage> => {
  const current = messages[message._id];
  if (current && current.seq > message.seq) return messages;
  return { ...messages, [message._id]: message };
};

const applyOne = (state: StreamState, event: ChatEventPayload): StreamState => {
  const messages = event.message ? upsertMessage(state.messages, event.message) : state.messages;
  return { ...state, messages, seq: event.seq };
};

/** Apply one event of this stream: in order, once; out of order waits for the hole to fill. */
export const applyEvent = (state: StreamState, event: ChatEventPayload): StreamState => {
  if (event.seq <= state.seq || state.pending[event.seq]) return state;
  if (event.seq > state.seq + 1) return { ...state, pending: { ...state.pending, [event.seq]: event }, gap: true };
  let next = applyOne(state, event);
  // Drain what was waiting for this one.
  let pending = next.pending;
  for (let waiting = pending[next.seq + 1]; waiting; waiting = pending[next.seq + 1]) {
    pending = omit(pending, waiting.seq);
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
  let merged = state.messages;
  let highest = 0;
  for (const message of messages) {
    merged = upsertMessage(merged, message);
    highest = Math.max(highest, message.seq);
  }
  const seq = state.loaded ? state.seq : Math.max(state.seq, highest);
  const pending: Record<number, ChatEventPayload> = {};
  for (const [key, event] of Object.entries(state.pending)) if (Number(key) > seq) pending[Number(key)] = event;
  const nextCursor = options.older || !state.loaded ? (options.nextCursor ?? null) : state.nextCursor;
  const next: StreamState = { ...state, messages: merged, seq, pending, loaded: true, nextCursor, gap: Object.keys(pending).length > 0 };
  // Pending events right after the new seq can be applied now.
  const waiting = next.pending[next.seq + 1];
  return waiting ? applyEvent({ ...next, pending: omit(next.pending, waiting.seq) }, waiting) : next;
};

const omit = (pending: Record<number, ChatEventPayload>, seq: number) => {
  const { [seq]: _omitted, ...rest } = pending;
  return rest;
};
