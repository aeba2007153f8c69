import type { ChatMessage } from '@le/contracts';

import type { OutgoingMessage } from '@/features/chat/api/outbox';

/** The list id of a message on its way (never a server id: those are ObjectIds). */
export const outgoingId = (clientId: string): string => `outgoing:${clientId}`;

/** A message on its way as the list shows it: the writer's, now, in its thread (no seq: the server has none yet). */
export const outgoingAsMessage = (entry: OutgoingMessage, stream: string | null): ChatMessage => ({
  _id: outgoingId(entry.clientId),
  content: entry.content,
  createdAt: entry.createdAt,
  editedAt: null,
  sender: entry.sender,
  type: stream === 'global' ? 'global' : 'private',
  chatId: null,
  replyTo: entry.replyTo ? { _id: entry.replyTo._id, sender: entry.replyTo.sender, preview: '' } : null,
  hiddenFor: [],
  hidden: false,
  deleted: false,
  seq: 0,
  clientId: entry.clientId,
});
