import {
  ADMIN_VIEW,
  appendDecided,
  applyEvent,
  decideDelete,
  decideEdit,
  decideMarkRead,
  decidePost,
  decideToggleHidden,
  GUEST,
  globalStream,
  loadMessage,
  viewEventFor,
  viewMessageFor,
  type Actor,
  type ChatEvent,
  type MessageDoc,
  type NewChatEvent,
  type StreamRef,
  type Viewer,
} from '@le/chat-core';
import { canUseMemberFeatures, ROOMS, type ChatEventPayload, type ChatMessage, type ChatSummary } from '@le/contracts';
import { badRequest, conflict } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { EventPublisher } from '../../plugins/app/publisher';
import type { Store, UserRecord } from '../../store';
import { ClientIdTakenError } from '../../store/chat-events-repository';
import { ChatAccess, refuseAdmin, viewerOf, type MemberChat } from './access';
import type { ChatQueries } from './queries';

/**
 * The chat's writes: resolve who and where, load the state from the events, decide (chat-core's
 * rules, whose refusals the error handler answers), append (retrying when another writer took the
 * place), update the projections, publish. Writes to one stream are also queued in this process,
 * so projections follow the event order: one instance per app.
 */
export class ChatCommands {
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly store: Store,
    /** Read at each publish: the realtime side is attached after the app is built (main.ts). */
    private readonly realtime: { publisher: EventPublisher },
    private readonly queries: ChatQueries,
    private readonly clock: () => Date = () => new Date(),
    private readonly access: ChatAccess = new ChatAccess(store),
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
        const event = await appendDecided(this.store.chatEvents, target.stream, decide, newId);
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

  /**
   * Posts or replies; a retry with the same clientId returns the first message (`created: false`).
   * A retry is the same post: the same clientId on another chat, text or reply is refused (409), not
   * answered with a message the sender did not ask for.
   */
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
      const { data } = posted;
      if (data.chatId !== (input.chatId ?? null) || data.content !== input.content.trim() || data.replyToId !== (input.replyTo ?? null)) {
        throw conflict('This clientId was used for another message.', 'CLIENT_ID_REUSED');
      }
      const doc = (await this.store.chat.findMessage(data.messageId)) ?? (await loadMessage(this.store.chat, posted.stream, data.messageId));
      return doc ? viewMessageFor(doc, viewer) : null;
    };
    const first = await earlier();
    if (first) return { message: first, created: false };

    if (input.type === 'global' && input.chatId) throw badRequest('A global message has no chatId.', 'BAD_TARGET');
    if (input.type === 'private' && !input.chatId) throw badRequest('A private message needs its chatId.', 'BAD_TARGET');
    const target = input.chatId ? await this.access.streamOf(user, input.chatId) : globalStream;
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

  /** A command on one message: its stream resolved and opened to the user, its state loaded from the events. */
  private async writeToMessage(
    user: UserRecord,
    messageId: string,
    decide: (message: Awaited<ReturnType<typeof loadMessage>>, now: string) => NewChatEvent | null,
  ): Promise<MessageDoc | null> {
    const target = await this.access.streamOfMessage(user, messageId);
    const written = await this.write(target, async () =>
      decide(await loadMessage(this.store.chat, target.stream, messageId), this.clock().toISOString()),
    );
    return written?.doc ?? null;
  }

  async edit(user: UserRecord, messageId: string, content: string): Promise<ChatMessage> {
    const doc = await this.writeToMessage(user, messageId, (message, now) =>
      decideEdit({ type: 'EditMessage', actor: this.actorOf(user), messageId, content, now }, { message }),
    );
    return viewMessageFor(doc!, viewerOf(user));
  }

  async toggleHidden(user: UserRecord, messageId: string, context: string | null): Promise<ChatMessage> {
    const doc = await this.writeToMessage(user, messageId, (message, now) =>
      decideToggleHidden({ type: 'ToggleHidden', actor: this.actorOf(user), messageId, context, now }, { message }),
    );
    return viewMessageFor(doc!, viewerOf(user));
  }

  async remove(user: UserRecord, messageId: string): Promise<void> {
    await this.writeToMessage(user, messageId, (message, now) =>
      decideDelete({ type: 'DeleteMessage', actor: this.actorOf(user), messageId, now }, { message }),
    );
  }

  async markRead(user: UserRecord, chatId: string): Promise<void> {
    const target = await this.access.streamOf(user, chatId);
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
    refuseAdmin(user);
    const { chat, created } = await this.store.chat.openChat(newId(), user._id, this.clock());
    const [summary] = await this.queries.summaries([chat as MemberChat], user);
    return { chat: summary!, created };
  }
}
