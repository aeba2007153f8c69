import { isMessageEvent, viewEventFor, viewMessageFor, type MessageDoc } from '@le/chat-core';
import type { ChatEventRecord, ChatMessage, ChatSummary } from '@le/contracts';
import { forbidden } from '../../lib/errors';
import type { Store, UserRecord } from '../../store';
import { fileUrl } from '../uploads';
import { ChatAccess, participantOf, refuseAdmin, viewerOf, type MemberChat } from './access';
import { withCurrentSenders } from './senders';

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * The chat's reads: pages of the projections and of the log, each as the reader may see it
 * (`viewMessageFor`). They never write; the commands (`commands.ts`) never read for a client.
 */
export class ChatQueries {
  constructor(
    private readonly store: Store,
    private readonly access: ChatAccess = new ChatAccess(store),
  ) {}

  /** Messages with their senders as the accounts are now (photo, name), not as they were when posted. */
  currentSenders<T extends MessageDoc>(docs: T[]): Promise<T[]> {
    return withCurrentSenders((ids) => this.store.users.findManyByIds(ids), docs);
  }

  /** Newest first, `before` a posted sequence. */
  async messages(user: UserRecord | null, stream: string, page: { before: number | null; limit: number }): Promise<Page<ChatMessage>> {
    await this.access.streamOf(user, stream);
    return this.pageOf(user, stream, page);
  }

  /** A page of a stream the user was already let into. */
  private async pageOf(user: UserRecord | null, stream: string, page: { before: number | null; limit: number }): Promise<Page<ChatMessage>> {
    const found = await this.store.chat.page(stream, page);
    const viewer = viewerOf(user);
    const messages = await this.currentSenders(found.messages);
    return {
      items: messages.map((doc) => viewMessageFor(doc, viewer)),
      nextCursor: found.nextCursor === null ? null : String(found.nextCursor),
    };
  }

  /** Events after a sequence, ascending, each with its message as the caller may see it now. */
  async events(user: UserRecord | null, stream: string, after: number, limit: number): Promise<Page<ChatEventRecord>> {
    await this.access.streamOf(user, stream);
    // The log read forward hands out sequence numbers: only events already durable.
    await this.store.durable();
    const found = await this.store.chatEvents.after(stream, after, limit + 1);
    const events = found.slice(0, limit);
    const ids = [
      ...new Set(
        events.flatMap((event) =>
          isMessageEvent(event) ? [event.data.messageId] : event.type === 'room.updated' && event.data.pinnedMessageId ? [event.data.pinnedMessageId] : [],
        ),
      ),
    ];
    const docs = new Map((await this.currentSenders(await this.store.chat.findMessages(ids))).map((doc) => [doc._id, doc]));
    const viewer = viewerOf(user);
    return {
      items: events.map((event) =>
        isMessageEvent(event)
          ? viewEventFor(event, docs.get(event.data.messageId) ?? null, viewer)
          : viewEventFor(event, null, viewer, event.type === 'room.updated' && event.data.pinnedMessageId ? (docs.get(event.data.pinnedMessageId) ?? null) : null),
      ),
      nextCursor: found.length > limit ? String(events[events.length - 1]!.seq) : null,
    };
  }

  /** The member's conversation with the admins (or none yet), its newest page and who answers. */
  async withAdmin(user: UserRecord, page: { before: number | null; limit: number }) {
    refuseAdmin(user);
    const [adminRecords, chat] = await Promise.all([this.store.users.listAdmins(), this.store.chat.findChatOfMember(user._id)]);
    const admins = adminRecords.map(participantOf);
    if (!chat) return { chat: null, messages: [], nextCursor: null, admins };
    // the member's own chat: no access check to repeat
    const [messages, [summary]] = await Promise.all([
      this.pageOf(user, chat._id, page),
      this.summaries([chat as MemberChat], user, adminRecords),
    ]);
    return { chat: summary!, messages: messages.items, nextCursor: messages.nextCursor, admins };
  }

  /** Every member chat with a last message, newest first (admins). */
  async adminChats(user: UserRecord): Promise<ChatSummary[]> {
    if (user.role !== 'admin') throw forbidden('Only admins can see every conversation.');
    const chats = (await this.store.chat.listActiveChats()) as MemberChat[];
    const [{ summaries, memberById }, pending] = await Promise.all([
      this.build(chats, user),
      this.store.payments.findPendingByUsers([...new Set(chats.map((chat) => chat.memberId))]),
    ]);
    const pendingByUser = new Map(pending.map((payment) => [payment.userId, payment]));
    return summaries.map((summary, index) => {
      const memberId = chats[index]!.memberId;
      const member = memberById.get(memberId);
      const payment = pendingByUser.get(memberId);
      return member
        ? {
            ...summary,
            member: {
              _id: member._id,
              name: member.name,
              role: member.role,
              membershipTier: member.membershipTier,
              membershipEnd: member.membershipEnd?.toISOString() ?? null,
              graceEndsAt: member.graceEndsAt?.toISOString() ?? null,
              pendingPayment: payment
                ? {
                    _id: payment._id,
                    membershipTier: payment.membershipTier,
                    duration: payment.duration,
                    amount: payment.amount,
                    expectedAmount: payment.expectedAmount,
                    createdAt: payment.paymentDate.toISOString(),
                    paymentProof: fileUrl({ _id: payment.proofFileId, visibility: 'private' }),
                  }
                : null,
            },
          }
        : summary;
    });
  }

  /** The caller's own conversation when it has a last message. */
  async userChats(user: UserRecord): Promise<ChatSummary[]> {
    const chat = await this.store.chat.findChatOfMember(user._id);
    if (!chat || chat.lastMessageId === null) return [];
    return this.summaries([chat as MemberChat], user);
  }

  /**
   * The chats as `reader` sees them, in their order: four reads however many chats there are
   * (the admins, the members, the last messages, the unread counts).
   */
  async summaries(chats: MemberChat[], reader: UserRecord, knownAdmins?: UserRecord[]): Promise<ChatSummary[]> {
    return (await this.build(chats, reader, knownAdmins)).summaries;
  }

  private async build(
    chats: MemberChat[],
    reader: UserRecord,
    knownAdmins?: UserRecord[],
  ): Promise<{ summaries: ChatSummary[]; memberById: Map<string, UserRecord> }> {
    if (chats.length === 0) return { summaries: [], memberById: new Map() };
    const lastIds = chats.flatMap((chat) => (chat.lastMessageId ? [chat.lastMessageId] : []));
    const [admins, members, lasts, unread] = await Promise.all([
      knownAdmins ?? this.store.users.listAdmins(),
      this.store.users.findByIds([...new Set(chats.map((chat) => chat.memberId))]),
      this.store.chat.findMessages(lastIds).then((docs) => this.currentSenders(docs)),
      this.store.chat.countUnreadByStream(
        chats.map((chat) => ({ stream: chat._id, afterSeq: chat.reads[reader._id] ?? 0 })),
        reader._id,
      ),
    ]);
    const memberById = new Map(members.map((member) => [member._id, member]));
    const lastById = new Map(lasts.map((doc) => [doc._id, doc]));
    const viewer = viewerOf(reader);
    const adminParticipants = admins.map(participantOf);
    const summaries = chats.map((chat) => {
      const member = memberById.get(chat.memberId);
      const last = chat.lastMessageId ? lastById.get(chat.lastMessageId) : undefined;
      const lastView = last ? viewMessageFor(last, viewer) : null;
      return {
        _id: chat._id,
        participants: [...(member ? [participantOf(member)] : []), ...adminParticipants],
        lastMessage: lastView ? { content: lastView.content, createdAt: lastView.createdAt, sender: lastView.sender } : null,
        unreadCount: unread.get(chat._id) ?? 0,
        seq: chat.seq,
      };
    });
    return { summaries, memberById };
  }
}
