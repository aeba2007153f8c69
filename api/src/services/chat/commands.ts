import {
  ADMIN_VIEW,
  applyEvent,
  decideDelete,
  decideEdit,
  decideMarkRead,
  decidePost,
  decideToggleHidden,
  decideUpdateRoom,
  GLOBAL_STREAM,
  GUEST,
  INITIAL_ROOM,
  NO_MODERATION,
  preview,
  roomChanges,
  viewRoomFor,
  type ModerationState,
  type RoomSettings,
  globalStream,
  loadMessage,
  viewEventFor,
  viewMessageFor,
  type ChatEvent,
  type MessageDoc,
  type NewChatEvent,
  type StreamRef,
  type Viewer,
} from '@le/chat-core';
import { appendWithRetry } from '@le/event-kit';
import { ROOMS, type ChatEventPayload, type ChatMessage, type ChatSummary, type RoomView } from '@le/contracts';
import { badRequest, conflict } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { EventPublisher } from '../../plugins/app/publisher';
import type { LogDoc, Store, UserRecord } from '../../store';
import type { PushNotifier } from '../push';
import { ClientIdTakenError } from '../../store/chat-events-repository';
import { StreamWriter } from '../stream-writer';
import { actorOf, ChatAccess, refuseAdmin, viewerOf, type MemberChat } from './access';
import type { ChatQueries } from './queries';

/**
 * The chat's writes: resolve who and where, load the state from the events, decide (chat-core's
 * rules, whose refusals the error handler answers), append (retrying when another writer took the
 * place), update the projections, publish (the stream writer's queue, unit of work and
 * publish-after-durable). One instance per app: its writer's per-stream queues must be shared.
 */
export class ChatCommands {
  private readonly writer: StreamWriter;
  private readonly publishes = new Map<string, Promise<void>>();

  constructor(
    private readonly store: Store,
    private readonly out: { readonly publisher: EventPublisher; readonly push?: PushNotifier },
    private readonly queries: ChatQueries,
    private readonly clock: () => Date = () => new Date(),
    private readonly access: ChatAccess = new ChatAccess(store),
  ) {
    this.writer = new StreamWriter(store);
  }

  /** The message as the viewer may see it, its sender as the account is now. */
  private async viewNow(doc: MessageDoc, viewer: Viewer): Promise<ChatMessage> {
    const [current] = await this.queries.currentSenders([doc]);
    return viewMessageFor(current ?? doc, viewer);
  }

  /** Decides and appends one event to a stream, projects and logs it, and publishes it once durable. */
  private write(
    target: StreamRef,
    decide: (head: number) => Promise<NewChatEvent | null>,
  ): Promise<{ event: ChatEvent; doc: MessageDoc | null } | null> {
    // The append, its projection and its entry in the moderation log share one unit of work.
    return this.writer.write(
      target.stream,
      async () => {
        const event = await appendWithRetry(this.store.chatEvents, target.stream, decide, newId);
        if (!event) return null;
        const doc = await applyEvent(this.store.chat, event);
        for (const entry of await this.logEntriesOf(event, doc)) await this.store.moderation.record(entry);
        // A room.updated names its pinned message: read with the write, so the publish needs no read.
        const pinned = event.type === 'room.updated' && event.data.pinnedMessageId ? await this.store.chat.findMessage(event.data.pinnedMessageId) : null;
        return { event, doc, pinned };
      },
      (written) => (written ? this.publishInOrder(target, written.event, written.doc, written.pinned) : undefined),
    );
  }

  /** What the moderation log keeps of a chat event: hides and unhides, an admin's deletion, the room's changes. */
  private async logEntriesOf(event: ChatEvent, doc: MessageDoc | null): Promise<LogDoc[]> {
    const base = { createdAt: new Date(event.at), actorId: event.actorId };
    const aboutMessage = (message: MessageDoc) => ({
      target: { kind: 'message' as const, _id: message._id, label: preview(message.content) },
      userId: message.sender._id,
    });
    if (doc && event.type === 'message.hidden') {
      return [{ _id: newId(), ...base, action: 'message.hidden', ...aboutMessage(doc), reason: event.data.context }];
    }
    if (doc && event.type === 'message.unhidden') return [{ _id: newId(), ...base, action: 'message.unhidden', ...aboutMessage(doc), reason: null }];
    if (doc && event.type === 'message.deleted' && (await this.store.users.findById(event.actorId))?.role === 'admin') {
      // The content is gone; the label keeps the first words of what was posted.
      const posted = await this.store.chatEvents.messageEvents(event.stream, doc._id);
      const first = posted.find((one) => one.type === 'message.posted');
      const label = first?.type === 'message.posted' ? preview(first.data.content) : '';
      return [{ _id: newId(), ...base, action: 'message.deleted', ...aboutMessage(doc), target: { kind: 'message', _id: doc._id, label }, reason: null }];
    }
    if (event.type === 'room.updated') {
      const before = await this.roomSettings(event.seq);
      return roomChanges(before, event.data).map(({ action, value }) => ({
        _id: newId(),
        ...base,
        action,
        target: { kind: 'room', _id: action === 'room.slow_mode' ? null : value, label: action === 'room.slow_mode' ? `${value} s` : (value ?? '') },
        userId: null,
        reason: null,
      }));
    }
    return [];
  }

  /** The room's settings as its last room.updated (before `beforeSeq`) left them. */
  async roomSettings(beforeSeq?: number): Promise<RoomSettings> {
    const last = await this.store.chatEvents.lastOfType(GLOBAL_STREAM, 'room.updated', beforeSeq);
    return last?.type === 'room.updated' ? last.data : INITIAL_ROOM;
  }

  /** The room as this viewer may see it (`GET /chat/public`, `GET /chat`, `room.updated`). */
  async roomFor(viewer: Viewer, settings?: RoomSettings): Promise<RoomView> {
    const room = settings ?? (await this.roomSettings());
    const pinned = room.pinnedMessageId ? await this.store.chat.findMessage(room.pinnedMessageId) : null;
    return viewRoomFor(room, pinned, viewer);
  }

  /**
   * What moderation puts before a non-admin's write (read for each decision, so a timeout, a
   * slow mode or a term set through any API process counts at once). Admins are never held back.
   */
  private async moderationOf(user: UserRecord, stream: string, kind: 'post' | 'edit'): Promise<ModerationState> {
    if (user.role === 'admin') return NO_MODERATION;
    const inRoom = stream === GLOBAL_STREAM;
    const [timeout, room, blockedTerms] = await Promise.all([
      inRoom ? this.store.moderation.findTimeout(user._id) : null,
      inRoom && kind === 'post' ? this.roomSettings() : INITIAL_ROOM,
      this.store.moderation.blockedTerms(),
    ]);
    // The user's last post matters only while the room is in slow mode.
    const lastPost = inRoom && kind === 'post' && room.slowModeSeconds > 0 ? await this.store.chatEvents.lastPostOf(user._id, GLOBAL_STREAM) : null;
    return {
      timedOutUntil: timeout ? timeout.until.toISOString() : null,
      slowModeSeconds: room.slowModeSeconds,
      lastRoomPostAt: lastPost?.at ?? null,
      blockedTerms,
    };
  }

  /**
   * Publishes with the sender as the account is now (`withCurrentSenders`), in the order the
   * writes became durable: the users read must not let a later event of the stream overtake.
   */
  private publishInOrder(target: StreamRef, event: ChatEvent, doc: MessageDoc | null, pinned: MessageDoc | null): Promise<void> {
    const resolved = doc ? this.queries.currentSenders([doc]).then(([current]) => current ?? doc, () => doc) : Promise.resolve(null);
    const previous = this.publishes.get(target.stream) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(async () => this.publish(target, event, await resolved, pinned));
    this.publishes.set(target.stream, next);
    void next.then(() => {
      if (this.publishes.get(target.stream) === next) this.publishes.delete(target.stream);
    });
    return next;
  }

  /** Global: admins get the full message, every other socket (guests too) the redacted one. Private: its member and the admins. */
  private publish(target: StreamRef, event: ChatEvent, doc: MessageDoc | null, pinned: MessageDoc | null): void {
    const { publisher } = this.out;
    const payload = (viewer: Viewer): ChatEventPayload => {
      const { _id: _omit, ...record } = viewEventFor(event, doc, viewer, pinned);
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
    // A new message reaches devices too: a reply its parent's author, a private one the other side.
    if (event.type === 'message.posted' && doc) {
      if (target.memberId !== null) this.out.push?.notify({ kind: 'conversation', message: doc, memberId: target.memberId });
      else if (doc.replyTo) this.out.push?.notify({ kind: 'reply', message: doc });
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
      return doc ? this.viewNow(doc, viewer) : null;
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
            actor: actorOf(user, this.clock().getTime()),
            messageId,
            content: input.content,
            replyToId: input.replyTo ?? null,
            clientId,
            now: this.clock().toISOString(),
          },
          {
            parent: input.replyTo ? await loadMessage(this.store.chat, target.stream, input.replyTo) : null,
            moderation: await this.moderationOf(user, target.stream, 'post'),
          },
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
    decide: (message: Awaited<ReturnType<typeof loadMessage>>, now: string, stream: string) => Promise<NewChatEvent | null> | NewChatEvent | null,
  ): Promise<MessageDoc | null> {
    const target = await this.access.streamOfMessage(user, messageId);
    const written = await this.write(target, async () =>
      decide(await loadMessage(this.store.chat, target.stream, messageId), this.clock().toISOString(), target.stream),
    );
    return written?.doc ?? null;
  }

  async edit(user: UserRecord, messageId: string, content: string): Promise<ChatMessage> {
    const doc = await this.writeToMessage(user, messageId, async (message, now, stream) =>
      decideEdit(
        { type: 'EditMessage', actor: actorOf(user, this.clock().getTime()), messageId, content, now },
        { message, moderation: await this.moderationOf(user, stream, 'edit') },
      ),
    );
    return this.viewNow(doc!, viewerOf(user));
  }

  async toggleHidden(user: UserRecord, messageId: string, context: string | null): Promise<ChatMessage> {
    const doc = await this.writeToMessage(user, messageId, (message, now) =>
      decideToggleHidden({ type: 'ToggleHidden', actor: actorOf(user, this.clock().getTime()), messageId, context, now }, { message }),
    );
    return this.viewNow(doc!, viewerOf(user));
  }

  /** Hides a message unless it is hidden already (a report's resolution): the hide's reason is logged. */
  async hide(user: UserRecord, messageId: string, context: string | null): Promise<void> {
    await this.writeToMessage(user, messageId, (message, now) =>
      message?.hidden ? null : decideToggleHidden({ type: 'ToggleHidden', actor: actorOf(user, this.clock().getTime()), messageId, context, now }, { message }),
    );
  }

  /** Slow mode and the pinned message: a room.updated event of the global stream (admins). */
  async updateRoom(user: UserRecord, input: { slowModeSeconds?: number; pinnedMessageId?: string | null }): Promise<RoomView> {
    let settings: RoomSettings = INITIAL_ROOM;
    const written = await this.write(globalStream, async () => {
      settings = await this.roomSettings();
      const pinned = input.pinnedMessageId ? await loadMessage(this.store.chat, GLOBAL_STREAM, input.pinnedMessageId) : null;
      return decideUpdateRoom(
        {
          type: 'UpdateRoom',
          actor: actorOf(user, this.clock().getTime()),
          now: this.clock().toISOString(),
          ...(input.slowModeSeconds !== undefined ? { slowModeSeconds: input.slowModeSeconds } : {}),
          ...(input.pinnedMessageId !== undefined ? { pinnedMessageId: input.pinnedMessageId } : {}),
        },
        { room: settings, pinned },
      );
    });
    const after = written?.event.type === 'room.updated' ? written.event.data : settings;
    return this.roomFor(viewerOf(user), after);
  }

  async remove(user: UserRecord, messageId: string): Promise<void> {
    await this.writeToMessage(user, messageId, (message, now) =>
      decideDelete({ type: 'DeleteMessage', actor: actorOf(user, this.clock().getTime()), messageId, now }, { message }),
    );
  }

  async markRead(user: UserRecord, chatId: string): Promise<void> {
    const target = await this.access.streamOf(user, chatId);
    await this.write(target, async (head) => {
      const chat = await this.store.chat.findChat(target.stream);
      return decideMarkRead(
        { type: 'MarkRead', target, actor: actorOf(user, this.clock().getTime()), now: this.clock().toISOString() },
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
