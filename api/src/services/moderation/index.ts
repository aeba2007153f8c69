import {
  ADMIN_VIEW,
  decideBlockedTerms,
  decideLift,
  decideReport,
  decideResolve,
  decideTimeout,
  preview,
  viewMessageFor,
  type Resolution,
} from '@le/chat-core';
import {
  MODERATION,
  ROOMS,
  type ModerationAction,
  type ModerationLogEntry,
  type ModerationTimeout,
  type PersonRef,
  type Report,
  type ReportInQueue,
  type ReportReceipt,
  type RoomView,
} from '@le/contracts';
import { conflict } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { decodePageCursor, encodePageCursor, type PageCursor } from '../../lib/page-cursor';
import type { EventPublisher } from '../../plugins/app/publisher';
import { AlreadyReportedError, type LogDoc, type ReportDoc, type Store, type TimeoutDoc, type UserRecord } from '../../store';
import type { ChatCommands } from '../chat';
import { actorOf } from '../chat/access';
import { StreamWriter } from '../stream-writer';

/** The longest a timer can wait in Node (about 24.8 days); a timeout is at most 7 days. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const person = (users: Map<string, UserRecord>, id: string): PersonRef => ({ _id: id, name: users.get(id)?.name ?? 'Unknown' });

const cursorOf = (text: string | undefined): PageCursor | null => (text ? decodePageCursor(text) : null);

/**
 * Moderation of the live room (contract §13): reports, timeouts, the blocked terms and the log;
 * the room's settings and hides go through the chat's commands (they are chat events). Every
 * refusal is a decision of chat-core; every change is written with its log entry in one commit and
 * published only once durable. Timeouts are read from the store on every write, so one set through
 * any API process holds in every other; each process also announces the end of the timeouts it
 * knows of (`user:restricted`), from a timer set at start and at every timeout.
 */
export class ModerationService {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private stopped = false;
  private readonly writer: StreamWriter;

  constructor(
    private readonly store: Store,
    private readonly realtime: { publisher: EventPublisher },
    private readonly chat: ChatCommands,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.writer = new StreamWriter(store);
  }

  private now(): Date {
    return this.clock();
  }

  private async usersById(ids: Iterable<string>): Promise<Map<string, UserRecord>> {
    const unique = [...new Set(ids)];
    return new Map((await this.store.users.findByIds(unique)).map((user) => [user._id, user]));
  }

  /**
   * The kit's stream writer: a record's writes (the record and its log entry) queued per record in
   * this process, one unit of work, and nothing answered or published before it is durable.
   */
  private durably<R>(key: string, work: () => Promise<R>): Promise<R> {
    return this.writer.write(`moderation:${key}`, work);
  }

  private entry(action: ModerationAction, actorId: string, fields: Pick<LogDoc, 'target' | 'userId' | 'reason'>, at: Date): LogDoc {
    return { _id: newId(), createdAt: at, action, actorId, ...fields };
  }

  /* Reports. */

  async report(user: UserRecord, messageId: string, reason: string): Promise<ReportReceipt> {
    const now = this.now();
    const [message, reportedBefore] = await Promise.all([
      this.store.chat.findMessage(messageId),
      this.store.moderation.hasReported(messageId, user._id),
    ]);
    const record = decideReport(
      { type: 'FileReport', actor: actorOf(user, now.getTime()), reportId: newId(), messageId, reason, now: now.toISOString() },
      { message, reportedBefore },
    );
    const doc: ReportDoc = { ...record, createdAt: now };
    try {
      await this.durably(`report:${doc.messageId}`, () => this.store.moderation.insertReport(doc));
    } catch (error) {
      if (error instanceof AlreadyReportedError) throw conflict('You reported this message already.', 'ALREADY_REPORTED');
      throw error;
    }
    const [view] = await this.views([doc]);
    this.realtime.publisher.emit([ROOMS.role('admin')], 'moderation:report', {
      report: view!,
      openCount: await this.store.moderation.countOpenReports(),
    });
    return { _id: doc._id, messageId: doc.messageId, reason: doc.reason, createdAt: now.toISOString(), status: doc.status };
  }

  /** Reports as admins see them: the message as an admin sees it, the reporter named. */
  private async views(docs: ReportDoc[]): Promise<Report[]> {
    const messages = new Map((await this.store.chat.findMessages([...new Set(docs.map((doc) => doc.messageId))])).map((doc) => [doc._id, doc]));
    const users = await this.usersById(docs.flatMap((doc) => [doc.reporterId, ...(doc.resolution ? [doc.resolution.by] : [])]));
    return docs.map((doc) => {
      const message = messages.get(doc.messageId);
      return {
        _id: doc._id,
        message: message && !message.deleted ? viewMessageFor(message, ADMIN_VIEW) : null,
        reporter: person(users, doc.reporterId),
        reason: doc.reason,
        createdAt: doc.createdAt.toISOString(),
        status: doc.status,
        resolution: doc.resolution
          ? { action: doc.resolution.action, by: person(users, doc.resolution.by), at: doc.resolution.at, reason: doc.resolution.reason, minutes: doc.resolution.minutes }
          : null,
      };
    });
  }

  async reports(query: { status: 'open' | 'resolved'; before?: string; limit?: number }): Promise<{ reports: ReportInQueue[]; nextCursor: string | null; openCount: number }> {
    const limit = query.limit ?? MODERATION.reportsPageSize;
    const found = await this.store.moderation.reportsPage(query.status, cursorOf(query.before), limit + 1);
    const page = found.slice(0, limit);
    const views = await this.views(page);
    const now = this.now();
    const authors = await this.usersById(page.map((doc) => doc.authorId));
    const reports = await Promise.all(
      page.map(async (doc, index): Promise<ReportInQueue> => {
        const message = await this.store.chat.findMessage(doc.messageId);
        const [context, timeout, earlier] = await Promise.all([
          message ? this.contextOf(message.postedSeq) : { before: [], after: [] },
          this.store.moderation.findTimeout(doc.authorId),
          this.store.moderation.logPage({ action: null, userId: doc.authorId }, null, 5),
        ]);
        const author = authors.get(doc.authorId);
        return {
          ...views[index]!,
          context,
          author: author
            ? {
                _id: author._id,
                name: author.name,
                role: author.role,
                membershipTier: author.membershipTier,
                timedOutUntil: timeout && timeout.until > now ? timeout.until.toISOString() : null,
                earlierActions: await this.entryViews(earlier),
              }
            : null,
        };
      }),
    );
    const last = page[page.length - 1];
    return {
      reports,
      nextCursor: found.length > limit && last ? encodePageCursor({ createdAt: last.createdAt, id: last._id }) : null,
      openCount: await this.store.moderation.countOpenReports(),
    };
  }

  /** The room's messages just before and after a posted sequence, as an admin sees them, oldest first. */
  private async contextOf(postedSeq: number): Promise<ReportInQueue['context']> {
    const n = MODERATION.contextMessages;
    const before = await this.store.chat.page('global', { before: postedSeq, limit: n });
    const later = (await this.store.chatEvents.after('global', postedSeq, 50)).flatMap((event) =>
      event.type === 'message.posted' ? [event.data.messageId] : [],
    );
    const after = (await this.store.chat.findMessages(later.slice(0, n))).sort((a, b) => a.postedSeq - b.postedSeq);
    return {
      before: before.messages.reverse().map((doc) => viewMessageFor(doc, ADMIN_VIEW)),
      after: after.map((doc) => viewMessageFor(doc, ADMIN_VIEW)),
    };
  }

  async resolve(user: UserRecord, reportId: string, body: { action: Resolution['action']; minutes?: number; reason?: string | null }): Promise<Report> {
    const now = this.now();
    const report = await this.store.moderation.findReport(reportId);
    const author = report ? await this.store.users.findById(report.authorId) : null;
    const resolution = decideResolve(
      {
        type: 'ResolveReport',
        actor: actorOf(user, now.getTime()),
        action: body.action,
        ...(body.minutes !== undefined ? { minutes: body.minutes } : {}),
        reason: body.reason ?? null,
        now: now.toISOString(),
      },
      { report: report && { ...report, createdAt: report.createdAt.toISOString() }, authorIsAdmin: author?.role === 'admin' },
    );
    // The action first (each logged on its own), then the report closed with its own entry.
    if (resolution.action === 'hide') {
      const message = await this.store.chat.findMessage(report!.messageId);
      if (message && !message.deleted) await this.chat.hide(user, message._id, resolution.reason ?? report!.reason);
    } else if (resolution.action === 'timeout' && author) {
      await this.timeOut(user, { userId: author._id, minutes: resolution.minutes!, reason: resolution.reason ?? report!.reason });
    }
    const resolved = await this.durably(`report:${reportId}`, async () => {
      const updated = await this.store.moderation.resolveReport(reportId, resolution);
      if (!updated) return null;
      const message = await this.store.chat.findMessage(updated.messageId);
      await this.store.moderation.record(
        this.entry(
          'report.resolved',
          user._id,
          {
            target: { kind: 'message', _id: updated.messageId, label: `${resolution.action}: ${message ? preview(message.content) : ''}` },
            userId: updated.authorId,
            reason: resolution.reason ?? updated.reason,
          },
          now,
        ),
      );
      return updated;
    });
    if (!resolved) throw conflict('This report is resolved already.', 'REPORT_RESOLVED');
    this.realtime.publisher.emit([ROOMS.role('admin')], 'moderation:count', { openCount: await this.store.moderation.countOpenReports() });
    return (await this.views([resolved]))[0]!;
  }

  async openCount(): Promise<number> {
    return this.store.moderation.countOpenReports();
  }

  /* Timeouts. */

  async timeOut(user: UserRecord, input: { userId: string; minutes: number; reason: string }): Promise<ModerationTimeout> {
    const now = this.now();
    const target = await this.store.users.findById(input.userId);
    const record = decideTimeout(
      { type: 'TimeOut', actor: actorOf(user, now.getTime()), minutes: input.minutes, reason: input.reason, now: now.toISOString() },
      { target: target && { _id: target._id, isAdmin: target.role === 'admin' } },
    );
    const doc: TimeoutDoc = { _id: record.userId, userId: record.userId, until: new Date(record.until), reason: record.reason, by: record.by, at: now };
    await this.durably(`timeout:${record.userId}`, async () => {
      await this.store.moderation.saveTimeout(doc);
      await this.store.moderation.record(
        this.entry('timeout.set', user._id, { target: { kind: 'user', _id: target!._id, label: target!.name }, userId: target!._id, reason: record.reason }, now),
      );
    });
    this.realtime.publisher.emit([ROOMS.user(record.userId)], 'user:restricted', { timedOutUntil: record.until });
    this.schedule(record.userId, doc.until);
    return { userId: record.userId, until: record.until, reason: record.reason, by: { _id: user._id, name: user.name }, user: { _id: target!._id, name: target!.name } };
  }

  async lift(user: UserRecord, userId: string): Promise<void> {
    const now = this.now();
    const timeout = await this.store.moderation.findTimeout(userId);
    const running = decideLift(
      { type: 'LiftTimeout', actor: actorOf(user, now.getTime()), now: now.toISOString() },
      { timeout: timeout && { ...timeout, until: timeout.until.toISOString(), at: timeout.at.toISOString() } },
    );
    if (!running) return;
    const target = await this.store.users.findById(userId);
    const ended = await this.durably(`timeout:${userId}`, async () => {
      const lifted = await this.store.moderation.endTimeout(userId, now);
      if (lifted) {
        await this.store.moderation.record(
          this.entry('timeout.lifted', user._id, { target: { kind: 'user', _id: userId, label: target?.name ?? '' }, userId, reason: null }, now),
        );
      }
      return lifted;
    });
    if (ended) this.realtime.publisher.emit([ROOMS.user(userId)], 'user:restricted', { timedOutUntil: null });
  }

  /** When the user's timeout ends (ISO), or null when none is running (`GET /auth/me`). */
  async timedOutUntil(userId: string): Promise<string | null> {
    const timeout = await this.store.moderation.findTimeout(userId);
    return timeout && timeout.until > this.now() ? timeout.until.toISOString() : null;
  }

  async activeTimeouts(): Promise<ModerationTimeout[]> {
    const found = await this.store.moderation.activeTimeouts(this.now());
    const users = await this.usersById(found.flatMap((doc) => [doc.userId, doc.by]));
    return found.map((doc) => ({
      userId: doc.userId,
      until: doc.until.toISOString(),
      reason: doc.reason,
      by: person(users, doc.by),
      user: person(users, doc.userId),
    }));
  }

  /** Tells the user's sockets when the timeout ends by itself, unless it was changed meanwhile. */
  private schedule(userId: string, until: Date): void {
    if (this.stopped) return;
    clearTimeout(this.timers.get(userId));
    const wait = Math.min(Math.max(until.getTime() - Date.now(), 0), MAX_TIMER_MS);
    const timer = setTimeout(() => {
      this.timers.delete(userId);
      void this.store.moderation
        .findTimeout(userId)
        .then((timeout) => {
          if (!timeout || timeout.until.getTime() > Date.now()) return;
          this.realtime.publisher.emit([ROOMS.user(userId)], 'user:restricted', { timedOutUntil: null });
        })
        .catch(() => undefined);
    }, wait);
    timer.unref();
    this.timers.set(userId, timer);
  }

  /** At start: a timer for each running timeout (a restart keeps announcing their ends). */
  async start(): Promise<void> {
    for (const timeout of await this.store.moderation.activeTimeouts(this.now())) this.schedule(timeout.userId, timeout.until);
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /* The room and the blocked terms. */

  updateRoom(user: UserRecord, input: { slowModeSeconds?: number; pinnedMessageId?: string | null }): Promise<RoomView> {
    return this.chat.updateRoom(user, input);
  }

  blockedTerms(): Promise<string[]> {
    return this.store.moderation.blockedTerms();
  }

  async setBlockedTerms(user: UserRecord, terms: string[]): Promise<string[]> {
    const now = this.now();
    const current = await this.store.moderation.blockedTerms();
    const next = decideBlockedTerms({ type: 'SetBlockedTerms', actor: actorOf(user, now.getTime()), blockedTerms: terms }, { blockedTerms: current });
    if (next === null) return current;
    const added = next.filter((term) => !current.includes(term));
    const removed = current.filter((term) => !next.includes(term));
    const label = [...added.map((term) => `+${term}`), ...removed.map((term) => `−${term}`)].join(', ');
    await this.durably('filters', async () => {
      await this.store.moderation.saveBlockedTerms(next, now);
      await this.store.moderation.record(this.entry('filters.changed', user._id, { target: { kind: 'filters', _id: null, label }, userId: null, reason: null }, now));
    });
    return next;
  }

  /* The log. */

  private async entryViews(docs: LogDoc[]): Promise<ModerationLogEntry[]> {
    const users = await this.usersById(docs.map((doc) => doc.actorId));
    return docs.map((doc) => ({
      _id: doc._id,
      at: doc.createdAt.toISOString(),
      action: doc.action,
      actor: person(users, doc.actorId),
      target: doc.target,
      userId: doc.userId,
      reason: doc.reason,
    }));
  }

  async log(query: { before?: string; limit?: number; action?: ModerationAction }): Promise<{ entries: ModerationLogEntry[]; nextCursor: string | null }> {
    const limit = query.limit ?? MODERATION.logPageSize;
    const found = await this.store.moderation.logPage({ action: query.action ?? null }, cursorOf(query.before), limit + 1);
    const page = found.slice(0, limit);
    const last = page[page.length - 1];
    return {
      entries: await this.entryViews(page),
      nextCursor: found.length > limit && last ? encodePageCursor({ createdAt: last.createdAt, id: last._id }) : null,
    };
  }
}
