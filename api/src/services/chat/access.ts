import { GLOBAL_STREAM, GUEST, globalStream, type Actor, type StreamRef, type Viewer } from '@le/chat-core';
import { canUseMemberFeatures, type ChatParticipant } from '@le/contracts';
import { forbidden, notFound, unauthorized } from '../../lib/errors';
import type { Store, UserRecord } from '../../store';
import type { ChatRecord } from '../../store/chat-projections-repository';

/** A private chat: the member's conversation with the admins. */
export type MemberChat = ChatRecord & { memberId: string };

/** The user as the chat's decisions see them at `now`: their rights, and the sender they write as. */
export const actorOf = (user: UserRecord, now: number): Actor => ({
  _id: user._id,
  isAdmin: user.role === 'admin',
  canPost: canUseMemberFeatures(user, now),
  sender: {
    _id: user._id,
    role: user.role,
    name: user.name,
    username: user.username,
    photo_profile: user.photo_profile,
    membershipTier: user.membershipTier,
  },
});

export const viewerOf = (user: UserRecord | null): Viewer => (user ? { _id: user._id, isAdmin: user.role === 'admin' } : GUEST);

export const participantOf = (user: UserRecord): ChatParticipant => ({
  _id: user._id,
  role: user.role,
  username: user.username,
  name: user.name,
  photo_profile: user.photo_profile,
});

/** Where a user may read and write: the rules both the commands and the queries apply first. */
export class ChatAccess {
  constructor(private readonly store: Store) {}

  /** A private chat the user may read and write: its member or an admin (403), and it must exist (404). */
  async privateChat(user: UserRecord, chatId: string): Promise<MemberChat> {
    const chat = await this.store.chat.findChat(chatId);
    if (!chat || chat.memberId === undefined) throw notFound('Chat not found.');
    if (user.role !== 'admin' && chat.memberId !== user._id) throw forbidden('This conversation is not yours.');
    return chat as MemberChat;
  }

  /** The global room (anyone, guests too), or a private chat the user may open (signed in). */
  async streamOf(user: UserRecord | null, stream: string): Promise<StreamRef> {
    if (stream === GLOBAL_STREAM) return globalStream;
    if (!user) throw unauthorized();
    const chat = await this.privateChat(user, stream);
    return { stream: chat._id, memberId: chat.memberId };
  }

  /** A message the user may act on: it exists (404) and its stream is open to the user (403). */
  async streamOfMessage(user: UserRecord, messageId: string): Promise<StreamRef> {
    const doc = await this.store.chat.findMessage(messageId);
    if (!doc || doc.deleted) throw notFound('Message not found.');
    return this.streamOf(user, doc.stream);
  }
}

/** Admins answer members from the admin chat; the member-side reads and writes are not theirs. */
export const refuseAdmin = (user: UserRecord): void => {
  if (user.role === 'admin') throw forbidden('Admins answer members from the admin chat.');
};
