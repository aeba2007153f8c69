import type { ChatMessage } from '@le/contracts';

import { dayKey } from './format';

export interface Thread {
  message: ChatMessage;
  /** Replies under this message, oldest first (spec §3: built on the client). */
  replies: ChatMessage[];
}

export interface DayGroup {
  /** Local day key, '' for an unknown date. */
  day: string;
  /** A message of that day, for the header text. */
  sample: string;
  threads: Thread[];
}

const byTime = (a: ChatMessage, b: ChatMessage) => {
  const diff = new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime();
  return Number.isNaN(diff) || diff === 0 ? a._id.localeCompare(b._id) : diff;
};

/**
 * Top-level messages with their replies under them, oldest first. A reply to a reply goes under the
 * thread's first message; a reply whose parent is gone (deleted, or not loaded) shows on its own.
 * Deleted messages are left out unless they still carry replies.
 */
const rootIn = (byId: Map<string, ChatMessage>, message: ChatMessage): ChatMessage => {
  let current = message;
  const seen = new Set<string>();
  while (current.replyTo && byId.has(current.replyTo._id) && !seen.has(current._id)) {
    seen.add(current._id);
    current = byId.get(current.replyTo._id)!;
  }
  return current;
};

/** The id of the thread a message belongs to (its first message), as `buildThreads` groups it. */
export const threadRootId = (messages: Iterable<ChatMessage>, message: ChatMessage): string => {
  const byId = new Map<string, ChatMessage>();
  for (const held of messages) byId.set(held._id, held);
  return rootIn(byId, message)._id;
};

/** Spec §4: the thread toggle, "1 reply" / "N replies". */
export const repliesLabel = (count: number): string => (count === 1 ? '1 reply' : `${count} replies`);

export const buildThreads = (messages: Iterable<ChatMessage>): Thread[] => {
  const byId = new Map<string, ChatMessage>();
  for (const message of messages) byId.set(message._id, message);
  const rootOf = (message: ChatMessage) => rootIn(byId, message);
  const threads = new Map<string, Thread>();
  const sorted = [...byId.values()].sort(byTime);
  for (const message of sorted) {
    const root = rootOf(message);
    if (root._id === message._id) {
      if (!threads.has(message._id)) threads.set(message._id, { message, replies: [] });
      continue;
    }
    if (message.deleted) continue;
    const thread = threads.get(root._id) ?? { message: root, replies: [] };
    thread.replies.push(message);
    threads.set(root._id, thread);
  }
  return [...threads.values()]
    .filter((thread) => !thread.message.deleted || thread.replies.length > 0)
    .sort((a, b) => byTime(a.message, b.message));
};

/** Threads grouped under day headers (spec §9 DD/MM/YYYY), by the day of the thread's first message. */
export const groupByDay = (threads: Thread[], keyOf: (createdAt: string) => string = dayKey): DayGroup[] => {
  const groups: DayGroup[] = [];
  for (const thread of threads) {
    const day = keyOf(thread.message.createdAt);
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.threads.push(thread);
    else groups.push({ day, sample: thread.message.createdAt, threads: [thread] });
  }
  return groups;
};
