import type { ChatEventRecord, ChatMessage, RoomView } from '@le/contracts';
import type { ChatEvent } from './events';
import type { MessageDoc } from './projections';

/** Who looks: admins see everything, everyone else never sees hidden content. */
export interface Viewer {
  _id: string | null;
  isAdmin: boolean;
}

export const GUEST: Viewer = { _id: null, isAdmin: false };
export const ADMIN_VIEW: Viewer = { _id: null, isAdmin: true };

/**
 * A message as this viewer may see it. Non-admins get a hidden message with `content: ''`,
 * `hidden: true`, `hiddenFor: ['all']`, and an empty preview of a hidden parent. A deleted
 * message has empty content for everyone.
 */
export const viewMessageFor = (doc: MessageDoc, viewer: Viewer): ChatMessage => {
  const redact = doc.hidden && !viewer.isAdmin;
  const replyTo = doc.replyTo
    ? {
        _id: doc.replyTo._id,
        sender: doc.replyTo.sender,
        preview: doc.replyTo.deleted || (doc.replyTo.hidden && !viewer.isAdmin) ? '' : doc.replyTo.preview,
      }
    : null;
  return {
    _id: doc._id,
    content: doc.deleted || redact ? '' : doc.content,
    createdAt: doc.createdAt,
    editedAt: doc.editedAt,
    sender: doc.sender,
    type: doc.type,
    chatId: doc.chatId,
    replyTo,
    hiddenFor: doc.hidden ? ['all'] : [],
    hidden: doc.hidden,
    deleted: doc.deleted,
    seq: doc.seq,
    clientId: doc.clientId,
    // Why it was hidden: the admins' business alone.
    ...(viewer.isAdmin && doc.hidden ? { hiddenReason: doc.hiddenContext } : {}),
  };
};

/**
 * The room as this viewer may see it: the pinned message only while it may be seen (a hidden one
 * only by admins, a deleted one by nobody), so pinning never shows hidden content.
 */
export const viewRoomFor = (room: { slowModeSeconds: number }, pinned: MessageDoc | null, viewer: Viewer): RoomView => ({
  slowModeSeconds: room.slowModeSeconds,
  pinnedMessage: pinned && !pinned.deleted && (!pinned.hidden || viewer.isAdmin) ? viewMessageFor(pinned, viewer) : null,
});

/** A stored event as this viewer may see it: no event data, the message in its viewable form. */
export const viewEventFor = (
  event: ChatEvent,
  message: MessageDoc | null,
  viewer: Viewer,
  /** For room.updated: the pinned message the event names, as it is now. */
  pinned: MessageDoc | null = null,
): ChatEventRecord => ({
  _id: event._id,
  stream: event.stream,
  seq: event.seq,
  type: event.type,
  actorId: event.actorId,
  at: event.at,
  ...(message ? { message: viewMessageFor(message, viewer) } : {}),
  ...(event.type === 'chat.read' ? { readerId: event.data.readerId, upTo: event.data.upTo } : {}),
  ...(event.type === 'room.updated' ? { room: viewRoomFor(event.data, pinned, viewer) } : {}),
});
