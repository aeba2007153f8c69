/**
 * What the chat core's unit tests share: a clock, the people, a private chat, stored events and
 * the refusal a decision throws. For the tests only: the package's index does not export it.
 */
import { RuleError } from '@le/event-kit';
import { decidePost, globalStream, type Actor, type StreamRef } from './commands';
import type { ChatEvent, NewChatEvent } from './events';
import { NO_MODERATION, type ModerationState } from './moderation-rules';

export const T0 = Date.parse('2026-01-01T10:00:00.000Z');
export const at = (ms: number) => new Date(T0 + ms).toISOString();

export const actor = (id: string, overrides: Partial<Actor> = {}): Actor => ({
  _id: id,
  isAdmin: false,
  canPost: true,
  sender: { _id: id, role: 'member', name: id, username: id, photo_profile: '', membershipTier: 'pro' },
  ...overrides,
});
export const admin = actor('admin', { isAdmin: true, sender: { _id: 'admin', role: 'admin', name: 'A', username: 'admin', photo_profile: '', membershipTier: '' } });
export const sari = actor('sari');
export const budi = actor('budi');
export const privateChat: StreamRef = { stream: 'c'.repeat(24), memberId: 'sari' };

/** The events as stored: an id each, and each stream's own seq from 1. */
export const given = (...decided: NewChatEvent[]): ChatEvent[] => {
  const heads = new Map<string, number>();
  return decided.map((event, index) => {
    const seq = (heads.get(event.stream) ?? 0) + 1;
    heads.set(event.stream, seq);
    return { ...event, _id: `e${index}`, seq } as ChatEvent;
  });
};

/** A post decided with no parent (in the room unless told), under these moderation settings when given. */
export const posted = (
  by: Actor,
  id: string,
  content = 'hello',
  options: { target?: StreamRef; replyToId?: string; ms?: number; moderation?: Partial<ModerationState> } = {},
) =>
  decidePost(
    {
      type: 'PostMessage',
      target: options.target ?? globalStream,
      actor: by,
      messageId: id,
      content,
      replyToId: options.replyToId ?? null,
      clientId: null,
      now: at(options.ms ?? 0),
    },
    { parent: null, ...(options.moderation ? { moderation: { ...NO_MODERATION, ...options.moderation } } : {}) },
  );

/** The RuleError the work throws; fails the test when it throws none. */
export const refusalOf = (work: () => unknown): RuleError => {
  try {
    work();
  } catch (error) {
    if (error instanceof RuleError) return error;
    throw error;
  }
  throw new Error('the command was accepted');
};
