import {
  ADMIN_VIEW,
  appendDecided,
  applyEvent,
  ChatRuleError,
  decideDelete,
  decideEdit,
  decideMarkRead,
  decidePost,
  decideToggleHidden,
  GLOBAL_STREAM,
  GUEST,
  globalStream,
  loadMessage,
  StreamConflictError,
  viewEventFor,
  viewMessageFor,
  type Actor,
  type ChatEvent,
  type MessageDoc,
  type NewChatEvent,
  type StreamRef,
  type Viewer,
} from '@le/chat-core';
import {
  canUseMemberFeatures,
  ROOMS,
  type ChatEventPayload,
  type ChatEventRecord,
  type ChatMessage,
  type ChatParticipant,
  type ChatSummary,
} from '@le/contracts';
import { forbidden, HttpError, notFound, unauthorized } from '../lib/http-error';
import { newId } from '../lib/ids';
import type { EventPublisher } from '../plugins/app/publisher';
import type { Store, UserRecord } from '../store';
import { ClientIdTakenError } from '../store/chat-events-repository';
import type { ChatRecord } from '../store/chat-projections-repository';

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

const STATUS: Record<ChatRuleError['kind'], number> = { invalid: 400, forbidden: 403, not_found: 404, conflict: 409 };

const asHttp = (error: unknown): unknown => {
  if (error instanceof ChatRuleError) return new HttpError(STATUS[error.kind], error.message, error.code);
  // Lost the race for the next place in the stream many times over: the writer may simply retry.
  if (error instanceof StreamConflictError) return new HttpError(409, 'The chat is busy. Please try again.', 'STREAM_BUSY');
  return error;
};

export const viewerOf = (user: UserRecord | null): Viewer => (user ? { _id: user._id, isAdmin: user.role === 'admin' } : GUEST);

const participantOf = (user: UserRecord): ChatParticipant => ({
  _id: user._id,
  role: user.role,
  username: user.username,
  name: user.name,
  photo_profile: user.photo_profile,
});

/**
 * The chat's application service: resolve who and where, load the state from the events, decide,
 * append (retrying when another writer took the place), update the projections, publish.
 * Writes to one stream are also queued in this process, so projections follow the event order.
 */
export class ChatService {
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly store: Store,
    private readonly realtime: { publisher: EventPublisher },
    private readonly clock: () => Date = () => new Date(),
  ) {}

  private actorOf(user: UserRecord): Actor {
    return {
      _id: user._id,
      isAdmin: user.role === 'admin',
      canPost: canUseMemberFeatures(user, this.clock().getTime()),
      sender: {
        _id: user._id,
        role: user.role,
        name: user.name,
        username: user.username,
        photo_profile: user.photo_profile,
        membershipTier: user.membershipTier,
      },
    };
  }

  /** Runs `work` after every earlier write to the same stream of this process. */
  private serial<T>(stream: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(stream) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => undefined);
    this.queues.set(stream, settled);
    void settled.then(() => {
      if (this.queues.get(stream) === settled) this.queues.delete(stream);
    });
    return next;
  }

  /** Decides and appends one event to a stream, then projects and publishes it. */
  private async write(
    target: StreamRef,
    decide: (head: number) => Promise<NewChatEvent | null>,
  ): Promise<{ event: ChatEvent; doc: MessageDoc | null } | null> {
    // The append and its projection share one commit; the stream's next command may start while
    // it is made, and nothing is answered or published before it is durable.
    const written = await this.serial(target.stream, () =>
      this.store.deferDurability(async () => {
        let event: ChatEvent | null;
        try {
          event = await appendDecided(this.store.chatEvents, target.stream, decide, newId);
        } catch (error) {
          throw asHttp(error);
        }
        if (!event) return null;
        return { event, doc: await applyEvent(this.store.chat, event) };
      }),
    );
    await written.durable();
    if (written.value) this.publish(target, written.value.event, written.value.doc);
    return written.value;
  }

  /** Global: admins get the full message, every other socket (guests too) the redacted one. Private: its member and the admins. */
  private publish(target: StreamRef, event: ChatEvent, doc: MessageDoc | null): void {
    const { publisher } = this.realtime;
    const payload = (viewer: Viewer): ChatEventPayload => {
      const { _id: _omit, ...record } = viewEventFor(event, doc, viewer);
      return record;
    };
    const admins = ROOMS.role('admin');
    if (target.memberId === null) {
      publisher.emit([admins], 'chat:event', payload(ADMIN_VIEW));
      publisher.emitExcept([admins], 'chat:event', payload(GUEST));
    } else {
      publisher.emit([ROOMS.user(target.memberId)], 'chat:event', payload({ _id: target.memberId, isAdmin: false }));
      publisher.emit([admins], 'chat:event', payload(ADMIN_VIEW));
    }
  }

  // ---- where ----

  /** A private chat the user may read and write: its member or an admin (403), and it must exist (404). */
  async privateChat(user: UserRecord, chatId: string): Promise<ChatRecord & { memberId: string }> {
    const chat = await this.store.chat.findChat(chatId);
    if (!chat || chat.memberId === undefined) throw notFound('Chat not found.');
    if (user.role !== 'admin' && chat.memberId !== user._id) throw forbidden('This conversation is not yours.');
    return chat as ChatRecord & { memberId: string };
  }

  private async targetOf(user: UserRecord | null, stream: string): Promise<StreamRef> {
    if (stream === GLOBAL_STREAM) return globalStream;
    if (!user) throw unauthorized();
    const chat = await this.privateChat(user, stream);
    return { stream: chat._id, memberId: chat.memberId };
  }

  /** A message the user may act on: it exists (404) and its stream is open to the user (403). */
  private async messageTarget(user: UserRecord, messageId: string): Promise<StreamRef> {
    const doc = await this.store.chat.findMessage(messageId);
    if (!doc || doc.deleted) throw notFound('Message not found.');
    return this.targetOf(user, doc.stream);
  }

  // ---- writes ----

  /** Posts or replies; a retry with the same clientId returns the first message (`created: false`). */
  async post(
    user: UserRecord,
    input: { content: string; type?: 'global' | 'private'; chatId?: string; replyTo?: string | null; clientId?: string | null },
  ): Promise<{ message: ChatMessage; created: boolean }> {
    const viewer = viewerOf(user);
    const clientId = input.clientId ?? null;
    const earlier = async (): Promise<ChatMessage | null> => {
      if (clientId === null) return null;
      const posted = await this.store.chatEvents.postedWithClientId(user._id, clientId);
      if (!posted || posted.type !== 'message.posted') return null;
      const doc = (await this.store.chat.findMessage(posted.data.messageId)) ?? (await loadMessage(this.store.chat, posted.stream, posted.data.messageId));
      return doc ? viewMessageFor(doc, viewer) : null;
    };
    const first = await earlier();
    if (first) return { message: first, created: false };

    if (input.type === 'global' && input.chatId) throw new HttpError(400, 'A global message has no chatId.', 'BAD_TARGET');
    if (input.type === 'private' && !input.chatId) throw new HttpError(400, 'A private message needs its chatId.', 'BAD_TARGET');
    const target = input.chatId ? await this.targetOf(user, input.chatId) : globalStream;
    const messageId = newId();
    try {
      const written = await this.write(target, async () =>
        decidePost(
          {
            type: 'PostMessage',
            target,
            actor: this.actorOf(user),
            messageId,
            content: input.content,
            replyToId: input.replyTo ?? null,
            clientId,
            now: this.clock().toISOString(),
          },
          { parent: input.replyTo ? await loadMessage(this.store.chat, target.stream, input.replyTo) : null },
        ),
      );
      return { message: viewMessageFor(written!.doc!, viewer), created: true };
    } catch (error) {
      if (error instanceof ClientIdTakenError) {
        const raced = await earlier();
        if (raced) return { message: raced, created: false };
      }
      throw error;
    }
  }

  async edit(user: UserRecord, messageId: string, content: string): Promise<ChatMessage> {
    const target = await this.messageTarget(user, messageId);
    const written = await this.write(target, async () =>
      decideEdit(
        { type: 'EditMessage', actor: this.actorOf(user), messageId, content, now: this.clock().toISOString() },
        { message: await loadMessage(this.store.chat, target.stream, messageId) },
      ),
    );
    return viewMessageFor(written!.doc!, viewerOf(user));
  }

  async toggleHidden(user: UserRecord, messageId: string, context: string | null): Promise<ChatMessage> {
    const target = await this.messageTarget(user, messageId);
    const written = await this.write(target, async () =>
      decideToggleHidden(
        { type: 'ToggleHidden', actor: this.actorOf(user), messageId, context, now: this.clock().toISOString() },
        { message: await loadMessage(this.store.chat, target.stream, messageId) },
      ),
    );
    return viewMessageFor(written!.doc!, viewerOf(user));
  }

  async remove(user: UserRecord, messageId: string): Promise<void> {
    const target = await this.messageTarget(user, messageId);
    await this.write(target, async () =>
      decideDelete(
        { type: 'DeleteMessage', actor: this.actorOf(user), messageId, now: this.clock().toISOString() },
        { message: await loadMessage(this.store.chat, target.stream, messageId) },
      ),
    );
  }

  async markRead(user: UserRecord, chatId: string): Promise<void> {
    const target = await this.targetOf(user, chatId);
    await this.write(target, async (head) => {
      const chat = await this.store.chat.findChat(target.stream);
      return decideMarkRead(
        { type: 'MarkRead', target, actor: this.actorOf(user), now: this.clock().toISOString() },
        { head, readUpTo: chat?.reads[user._id] ?? 0 },
      );
    });
  }

  /** The member's one conversation with the admins; admins have none (403). */
  async openWithAdmin(user: UserRecord): Promise<{ chat: ChatSummary; created: boolean }> {
    if (user.role === 'admin') throw forbidden('Admins answer members from the admin chat.');
    const { chat, created } = await this.store.chat.openChat(newId(), user._id, this.clock());
    return { chat: await this.summary(chat as ChatRecord & { memberId: string }, user), created };
  }

  // ---- reads ----

  async messages(user: UserRecord | null, stream: string, page: { before: number | null; limit: number }): Promise<Page<ChatMessage>> {
    await this.targetOf(user, stream);
    const found = await this.store.chat.page(stream, page);
    const viewer = viewerOf(user);
    return {
      items: found.messages.map((doc) => viewMessageFor(doc, viewer)),
      nextCursor: found.nextCursor === null ? null : String(found.nextCursor),
    };
  }

  /** Events after a sequence, ascending, each with its message as the caller may see it now. */
  async events(user: UserRecord | null, stream: string, after: number, limit: number): Promise<Page<ChatEventRecord>> {
    await this.targetOf(user, stream);
    // The log read forward hands out sequence numbers: only events already durable.
    await this.store.durable();
    const found = await this.store.chatEvents.after(stream, after, limit + 1);
    const events = found.slice(0, limit);
    const ids = [...new Set(events.flatMap((event) => (event.type === 'chat.read' ? [] : [event.data.messageId])))];
    const docs = new Map((await this.store.chat.findMessages(ids)).map((doc) => [doc._id, doc]));
    const viewer = viewerOf(user);
    return {
      items: events.map((event) => viewEventFor(event, event.type === 'chat.read' ? null : (docs.get(event.data.messageId) ?? null), viewer)),
      nextCursor: found.length > limit ? String(events[events.length - 1]!.seq) : null,
    };
  }

  async withAdmin(user: UserRecord, page: { before: number | null; limit: number }) {
    if (user.role === 'admin') throw forbidden('Admins answer members from the admin chat.');
    const admins = (await this.store.users.listAdmins()).map(participantOf);
    const chat = await this.store.chat.findChatOfMember(user._id);
    if (!chat) return { chat: null, messages: [], nextCursor: null, admins };
    const messages = await this.messages(user, chat._id, page);
    return {
      chat: await this.summary(chat as ChatRecord & { memberId: string }, user),
      messages: messages.items,
      nextCursor: messages.nextCursor,
      admins,
    };
  }

  /** Every member chat with a last message, newest first (admins). */
  async adminChats(user: UserRecord): Promise<ChatSummary[]> {
    if (user.role !== 'admin') throw forbidden('Only admins can see every conversation.');
    const chats = (await this.store.chat.listActiveChats()) as (ChatRecord & { memberId: string })[];
    const admins = await this.store.users.listAdmins();
    const members = new Map((await this.store.users.findByIds(chats.map((chat) => chat.memberId))).map((member) => [member._id, member]));
    const summaries: ChatSummary[] = [];
    for (const chat of chats) summaries.push(await this.summary(chat, user, { admins, member: members.get(chat.memberId) ?? null }));
    return summaries;
  }

  /** The caller's own conversation when it has a last message. */
  async userChats(user: UserRecord): Promise<ChatSummary[]> {
    const chat = await this.store.chat.findChatOfMember(user._id);
    if (!chat || chat.lastMessageId === null) return [];
    return [await this.summary(chat as ChatRecord & { memberId: string }, user)];
  }

  private async summary(
    chat: ChatRecord & { memberId: string },
    reader: UserRecord,
    known?: { admins: UserRecord[]; member: UserRecord | null },
  ): Promise<ChatSummary> {
    const admins = known?.admins ?? (await this.store.users.listAdmins());
    const member = known ? known.member : await this.store.users.findById(chat.memberId);
    const last = chat.lastMessageId ? await this.store.chat.findMessage(chat.lastMessageId) : null;
    const lastView = last ? viewMessageFor(last, viewerOf(reader)) : null;
    return {
      _id: chat._id,
      participants: [...(member ? [participantOf(member)] : []), ...admins.map(participantOf)],
      lastMessage: lastView ? { content: lastView.content, createdAt: lastView.createdAt, sender: lastView.sender } : null,
      unreadCount: await this.store.chat.countUnread(chat._id, reader._id, chat.reads[reader._id] ?? 0),
      seq: chat.seq,
    };
  }
}
