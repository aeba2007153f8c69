import type { ChatMessage } from '@le/contracts';

/** Test data for the chat store's unit tests: a member's message in the global room. */
export const testSender = { _id: 'u1', role: 'member', name: 'Rina', username: 'rina', photo_profile: '', membershipTier: 'pro' };

export const testMessage = (id: string, seq: number, changes: Partial<ChatMessage> = {}): ChatMessage => ({
  _id: id,
  content: `text ${id}`,
  createdAt: '2026-11-20T10:00:00.000Z',
  editedAt: null,
  sender: testSender,
  type: 'global',
  chatId: null,
  replyTo: null,
  hiddenFor: [],
  hidden: false,
  deleted: false,
  seq,
  ...changes,
});
