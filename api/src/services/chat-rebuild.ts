import { emptyChat, rebuild, type ChatProjection, type MessageDoc } from '@le/chat-core';
import type { Store } from '../store';

export interface ProjectionDiff {
  /** Documents the rebuild has and the live projection lacks. */
  missing: string[];
  /** Documents the live projection has and the rebuild does not. */
  extra: string[];
  /** Documents on both sides that differ. */
  different: string[];
}

export interface RebuildReport {
  events: number;
  messages: ProjectionDiff;
  chats: ProjectionDiff;
  equal: boolean;
}

/** Key order and store-added keys do not count; only the projection's own fields. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : inner,
  );

const MESSAGE_FIELDS: (keyof MessageDoc)[] = [
  '_id', 'stream', 'chatId', 'type', 'content', 'createdAt', 'editedAt', 'sender', 'replyToId', 'replyTo', 'hidden',
  'hiddenBy', 'hiddenContext', 'deleted', 'deletedAt', 'clientId', 'postedSeq', 'seq', 'projSeq',
];
const CHAT_FIELDS: (keyof ChatProjection)[] = ['_id', 'seq', 'lastMessageId', 'lastMessageAt', 'reads'];
const pick = <T>(doc: T, fields: (keyof T)[]) => Object.fromEntries(fields.map((field) => [field, doc[field] ?? null]));

const diff = <T extends { _id: string }>(rebuilt: Map<string, T>, live: Map<string, T>, fields: (keyof T)[]): ProjectionDiff => {
  const result: ProjectionDiff = { missing: [], extra: [], different: [] };
  for (const [id, doc] of rebuilt) {
    const other = live.get(id);
    if (!other) result.missing.push(id);
    else if (canonical(pick(doc, fields)) !== canonical(pick(other, fields))) result.different.push(id);
  }
  for (const id of live.keys()) if (!rebuilt.has(id)) result.extra.push(id);
  return result;
};

const isEmpty = (diffs: ProjectionDiff) => diffs.missing.length + diffs.extra.length + diffs.different.length === 0;

/**
 * Folds every stored chat event from scratch (@le/chat-core `rebuild`) and compares the result
 * with the live projections in `chat_messages` and `chats`. With `repair`, the live projections
 * are then replaced by the rebuilt ones (a chat's registry fields, member and opening date, stay).
 */
export const rebuildChatProjections = async (store: Store, options: { repair?: boolean } = {}): Promise<RebuildReport> => {
  const events = await store.chatEvents.all();
  const rebuilt = rebuild(events);
  const liveMessages = new Map((await store.chat.allMessages()).map((doc) => [doc._id, doc]));
  const liveChats = new Map((await store.chat.allChats()).map((doc) => [doc._id, doc as ChatProjection]));
  // A chat opened but never written to has an empty projection, which the events cannot show.
  const rebuiltChats = new Map(rebuilt.chats);
  for (const id of liveChats.keys()) if (!rebuiltChats.has(id)) rebuiltChats.set(id, emptyChat(id));

  const messages = diff(rebuilt.messages, liveMessages, MESSAGE_FIELDS);
  const chats = diff(rebuiltChats, liveChats, CHAT_FIELDS);
  const report = { events: events.length, messages, chats, equal: isEmpty(messages) && isEmpty(chats) };
  if (options.repair && !report.equal) await store.chat.replaceAll([...rebuilt.messages.values()], [...rebuiltChats.values()]);
  return report;
};
