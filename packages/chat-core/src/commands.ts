import { hasForbiddenMessageCharacters, isWithinEditWindow, LIMITS, MESSAGE_CHARACTERS_REFUSED, type MessageSender } from '@le/contracts';
import { refuse } from '@le/event-kit';
import { GLOBAL_STREAM, type NewChatEvent } from './events';
import { NO_MODERATION, refuseBlockedTerms, refuseSlowMode, refuseTimedOut, type ModerationState } from './moderation-rules';
import type { MessageDoc } from './projections';

/**
 * Who acts. `canPost` is decided by the caller from the stored user and the dates (an active
 * membership or admin): it opens the global room. A member's own conversation with the admins is
 * open to them whatever their membership (contract §9: trials and expired members write to the admins).
 */
export interface Actor {
  _id: string;
  isAdmin: boolean;
  canPost: boolean;
  sender: MessageSender;
}

/** The stream a command writes to: the global room, or a private chat and its member. */
export type StreamRef = { stream: typeof GLOBAL_STREAM; memberId: null } | { stream: string; memberId: string };

export const globalStream: StreamRef = { stream: GLOBAL_STREAM, memberId: null };

/** The time and the new ids come with the command, so `decide` stays pure. */
export interface PostMessage {
  type: 'PostMessage';
  target: StreamRef;
  actor: Actor;
  messageId: string;
  content: string;
  replyToId: string | null;
  clientId: string | null;
  now: string;
}
export interface EditMessage {
  type: 'EditMessage';
  actor: Actor;
  messageId: string;
  content: string;
  now: string;
}
export interface DeleteMessage {
  type: 'DeleteMessage';
  actor: Actor;
  messageId: string;
  now: string;
}
export interface ToggleHidden {
  type: 'ToggleHidden';
  actor: Actor;
  messageId: string;
  context: string | null;
  now: string;
}
export interface MarkRead {
  type: 'MarkRead';
  target: StreamRef;
  actor: Actor;
  now: string;
}

export type ChatCommand = PostMessage | EditMessage | DeleteMessage | ToggleHidden | MarkRead;

/** Trims and checks a message text: not empty or blank, at most `LIMITS.messageMaxChars`. */
export const validContent = (content: string): string => {
  if (hasForbiddenMessageCharacters(content)) refuse('invalid', 'INVALID_CHARACTERS', MESSAGE_CHARACTERS_REFUSED);
  const trimmed = content.trim();
  // Invisible characters alone (zero-width spaces, joiners, direction marks) are blank too.
  if (trimmed.replace(/[\p{Cf}\p{Z}\s]/gu, '') === '') refuse('invalid', 'EMPTY_MESSAGE', 'A message cannot be empty.');
  if ([...trimmed].length > LIMITS.messageMaxChars) {
    refuse('invalid', 'MESSAGE_TOO_LONG', `A message can be at most ${LIMITS.messageMaxChars} characters.`);
  }
  return trimmed;
};

const mayAccess = (target: StreamRef, actor: Actor): boolean => target.memberId === null || actor.isAdmin || actor._id === target.memberId;

/** Post or reply. `parent` is the message replied to as it is now (null when not found or not a reply). */
export const decidePost = (
  command: PostMessage,
  state: { parent: MessageDoc | null; moderation?: ModerationState },
): NewChatEvent => {
  const { actor, target } = command;
  const moderation = state.moderation ?? NO_MODERATION;
  if (!mayAccess(target, actor)) refuse('forbidden', 'NOT_YOUR_CHAT', 'This conversation is not yours.');
  if (target.memberId === null && !actor.canPost) refuse('forbidden', 'CANNOT_POST', 'Only members with an active membership can post.');
  if (target.memberId === null) refuseTimedOut(actor, moderation, command.now);
  const content = validContent(command.content);
  refuseBlockedTerms(actor, moderation, content);
  if (target.memberId === null) refuseSlowMode(actor, moderation, command.now);
  if (command.replyToId !== null) {
    const { parent } = state;
    if (!parent || parent.stream !== target.stream || parent.deleted) {
      refuse('not_found', 'PARENT_NOT_FOUND', 'The message you reply to does not exist.');
    }
    if (parent!.hidden) refuse('forbidden', 'PARENT_HIDDEN', 'You cannot reply to a hidden message.');
  }
  return {
    type: 'message.posted',
    stream: target.stream,
    actorId: actor._id,
    at: command.now,
    data: {
      messageId: command.messageId,
      chatId: target.memberId === null ? null : target.stream,
      content,
      sender: actor.sender,
      replyToId: command.replyToId,
      clientId: command.clientId,
    },
  };
};

const ownMessage = (actor: Actor, message: MessageDoc | null, now: string, verb: { present: string; past: string }): MessageDoc => {
  if (!message || message.deleted) return refuse('not_found', 'MESSAGE_NOT_FOUND', 'Message not found.');
  if (message.sender._id !== actor._id) refuse('forbidden', 'NOT_YOUR_MESSAGE', `You can only ${verb.present} your own messages.`);
  if (!isWithinEditWindow(message.createdAt, now)) {
    refuse('forbidden', 'EDIT_WINDOW_CLOSED', `A message can only be ${verb.past} within 5 minutes of sending.`);
  }
  return message;
};

export const decideEdit = (command: EditMessage, state: { message: MessageDoc | null; moderation?: ModerationState }): NewChatEvent => {
  const moderation = state.moderation ?? NO_MODERATION;
  const message = ownMessage(command.actor, state.message, command.now, { present: 'edit', past: 'edited' });
  if (message.chatId === null && !command.actor.canPost) refuse('forbidden', 'CANNOT_POST', 'Only members with an active membership can post.');
  if (message.chatId === null) refuseTimedOut(command.actor, moderation, command.now);
  if (message.hidden) refuse('forbidden', 'MESSAGE_HIDDEN', 'A hidden message cannot be edited.');
  const content = validContent(command.content);
  refuseBlockedTerms(command.actor, moderation, content);
  return {
    type: 'message.edited',
    stream: message.stream,
    actorId: command.actor._id,
    at: command.now,
    data: { messageId: message._id, content },
  };
};

export const decideDelete = (command: DeleteMessage, state: { message: MessageDoc | null }): NewChatEvent => {
  const message = ownMessage(command.actor, state.message, command.now, { present: 'delete', past: 'deleted' });
  return {
    type: 'message.deleted',
    stream: message.stream,
    actorId: command.actor._id,
    at: command.now,
    data: { messageId: message._id },
  };
};

/** Admins only: hides a visible message, shows a hidden one. */
export const decideToggleHidden = (command: ToggleHidden, state: { message: MessageDoc | null }): NewChatEvent => {
  if (!command.actor.isAdmin) refuse('forbidden', 'ADMIN_ONLY', 'Only an admin can hide messages.');
  const { message } = state;
  if (!message || message.deleted) return refuse('not_found', 'MESSAGE_NOT_FOUND', 'Message not found.');
  const base = { stream: message.stream, actorId: command.actor._id, at: command.now };
  return message.hidden
    ? { ...base, type: 'message.unhidden', data: { messageId: message._id } }
    : { ...base, type: 'message.hidden', data: { messageId: message._id, context: command.context } };
};

/** Marks the stream read up to its head; nothing new when already read that far. */
export const decideMarkRead = (
  command: MarkRead,
  state: { head: number; readUpTo: number },
): NewChatEvent | null => {
  const { actor, target } = command;
  if (!mayAccess(target, actor)) refuse('forbidden', 'NOT_YOUR_CHAT', 'This conversation is not yours.');
  if (state.head <= state.readUpTo) return null;
  return {
    type: 'chat.read',
    stream: target.stream,
    actorId: actor._id,
    at: command.now,
    data: { readerId: actor._id, upTo: state.head },
  };
};
