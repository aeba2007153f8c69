import type { MessageDoc } from '@le/chat-core';
import type { MessageSender } from '@le/contracts';
import type { UserRecord } from '../../store';

/** Reads users by id (the store's `users.findManyByIds`). */
export type UsersByIds = (ids: string[]) => Promise<UserRecord[]>;

const senderFrom = (stored: MessageSender, user: UserRecord | undefined): MessageSender =>
  user
    ? { _id: stored._id, role: user.role, name: user.name, username: user.username, photo_profile: user.photo_profile, membershipTier: user.membershipTier }
    : stored;

/**
 * The messages with their senders (and their parents' senders) as the accounts are now: a new photo
 * or name shows on every earlier message. The events keep who posted as they were then; this is
 * applied where messages leave the server (the reads and the socket fan-out), one users read for
 * a whole page. A deleted account keeps the name it posted under.
 */
export const withCurrentSenders = async <T extends Pick<MessageDoc, 'sender' | 'replyTo'>>(usersByIds: UsersByIds, docs: T[]): Promise<T[]> => {
  if (docs.length === 0) return docs;
  const ids = new Set<string>();
  for (const doc of docs) {
    ids.add(doc.sender._id);
    if (doc.replyTo) ids.add(doc.replyTo.sender._id);
  }
  const users = new Map((await usersByIds([...ids])).map((user) => [user._id, user]));
  return docs.map((doc) => ({
    ...doc,
    sender: senderFrom(doc.sender, users.get(doc.sender._id)),
    replyTo: doc.replyTo ? { ...doc.replyTo, sender: senderFrom(doc.replyTo.sender, users.get(doc.replyTo.sender._id)) } : doc.replyTo,
  }));
};
