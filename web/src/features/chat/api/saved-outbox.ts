import { STORAGE_KEYS } from '@/config/brand';
import { storage } from '@/lib/storage';

import type { OutgoingMessage, SendVariables } from './outbox';

/**
 * The messages a user wrote that the server has not confirmed (their send mutations: outbox.ts),
 * kept in this browser so that a reload or a closed tab does not lose them: they come back as Not sent, with Retry and Discard (a retry
 * carries the same clientId, so a message the server did store is not posted twice, and the list
 * settles it as soon as it shows the server's copy). One key for the signed-in user (`owner`: their
 * username); removed at sign-out (the session store, on every page), so that a shared computer keeps
 * nobody's words.
 */
export const OUTBOX_STORAGE_KEY = STORAGE_KEYS.chatOutbox;
/** At most this many kept (the oldest go first): a safety bound, never reached by a person typing. */
export const OUTBOX_LIMIT = 50;

/** One kept message (the shape earlier builds kept too: a browser's outbox survives an upgrade). */
interface SavedEntry {
  stream: string;
  message: Omit<SendVariables, 'stream'> & { permanent?: boolean };
}
interface Saved {
  owner: string;
  entries: SavedEntry[];
}

const isEntry = (value: unknown): value is SavedEntry => {
  if (typeof value !== 'object' || value === null) return false;
  const { stream, message } = value as Partial<SavedEntry>;
  return (
    typeof stream === 'string' &&
    typeof message === 'object' &&
    message !== null &&
    typeof message.clientId === 'string' &&
    typeof message.content === 'string' &&
    typeof message.createdAt === 'string' &&
    typeof message.sender === 'object' &&
    message.sender !== null
  );
};

const read = (owner: string): SavedEntry[] => {
  try {
    const saved = JSON.parse(storage.get(OUTBOX_STORAGE_KEY) ?? 'null') as Partial<Saved> | null;
    if (!saved || saved.owner !== owner || !Array.isArray(saved.entries)) return [];
    return saved.entries.filter(isEntry);
  } catch {
    return [];
  }
};

/**
 * What was kept for `owner`, oldest first, each to come back as Not sent: a send cut short by the
 * reload did not answer, and only the reader may decide to send it again. `permanent`: the server
 * had refused it for good.
 */
export const restoreOutbox = (owner: string): Array<SendVariables & { permanent: boolean }> =>
  read(owner).map(({ stream, message }) => ({
    stream,
    clientId: message.clientId,
    content: message.content,
    replyTo: message.replyTo ?? null,
    sender: message.sender,
    createdAt: message.createdAt,
    permanent: Boolean(message.permanent),
  }));

/**
 * Keeps this tab's outbox for `owner`: its entries written, the ones it no longer has (sent,
 * discarded) removed; another tab's entries stay as they are. `known` is what this tab kept last
 * time (the clientIds); the answer is what it keeps now.
 */
export const saveOutbox = (owner: string, outbox: readonly OutgoingMessage[], known: ReadonlySet<string>): Set<string> => {
  const mine: SavedEntry[] = outbox.map(({ stream, status: _status, error: _error, ...message }) => ({ stream, message }));
  const ids = new Set(mine.map((entry) => entry.message.clientId));
  const others = read(owner).filter((entry) => !known.has(entry.message.clientId) && !ids.has(entry.message.clientId));
  const entries = [...others, ...mine].sort((a, b) => a.message.createdAt.localeCompare(b.message.createdAt)).slice(-OUTBOX_LIMIT);
  if (entries.length === 0) storage.remove(OUTBOX_STORAGE_KEY);
  else storage.set(OUTBOX_STORAGE_KEY, JSON.stringify({ owner, entries } satisfies Saved));
  return ids;
};

/** The clientIds kept for `owner` now, by every tab. */
export const keptClientIds = (owner: string): Set<string> => new Set(read(owner).map((entry) => entry.message.clientId));
