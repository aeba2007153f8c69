import type { ReportRecord, Resolution, TimeoutRecord } from '@le/chat-core';
import type { ModerationAction } from '@le/contracts';
import { olderThan, type PageCursor } from '../lib/page-cursor';
import { DuplicateKeyError, type Collection, type StoreDriver } from './collection';

/** A report as stored: the core's record with its dates as dates (sortable on both backends). */
export interface ReportDoc extends Omit<ReportRecord, 'createdAt'> {
  createdAt: Date;
}

/** A timeout as stored, one per user (`_id` is the user's id); it ends by itself at `until`. */
export interface TimeoutDoc extends Omit<TimeoutRecord, 'until' | 'at'> {
  _id: string;
  until: Date;
  at: Date;
}

/** One entry of the moderation log: append-only, kept as long as the chat. */
export interface LogDoc {
  _id: string;
  createdAt: Date;
  action: ModerationAction;
  actorId: string;
  target: { kind: 'message' | 'user' | 'room' | 'filters'; _id: string | null; label: string };
  /** The user the action was against (a message's author, the timed-out user). */
  userId: string | null;
  reason: string | null;
}

interface SettingsDoc {
  _id: 'filters';
  blockedTerms: string[];
  updatedAt: Date;
}

/** The user already reported this message (unique on message and reporter). */
export class AlreadyReportedError extends Error {}

/**
 * Moderation's records (contract §13): `moderation_reports`, `moderation_timeouts`,
 * `moderation_settings` (the blocked terms) and `moderation_log`. The room's settings are not
 * here: they are `room.updated` events of the chat's global stream. Every list is one index range.
 */
export class ModerationRepository {
  private constructor(
    private readonly reports: Collection<ReportDoc>,
    private readonly timeouts: Collection<TimeoutDoc>,
    private readonly settings: Collection<SettingsDoc>,
    private readonly log: Collection<LogDoc>,
  ) {}

  static async open(driver: StoreDriver): Promise<ModerationRepository> {
    return new ModerationRepository(
      await driver.collection<ReportDoc>('moderation_reports', [
        { fields: { messageId: 1, reporterId: 1 }, unique: true },
        { fields: { status: 1, createdAt: -1, _id: -1 } },
      ]),
      await driver.collection<TimeoutDoc>('moderation_timeouts', [{ fields: { until: 1 } }]),
      await driver.collection<SettingsDoc>('moderation_settings'),
      await driver.collection<LogDoc>('moderation_log', [
        { fields: { createdAt: -1, _id: -1 } },
        { fields: { action: 1, createdAt: -1, _id: -1 } },
        { fields: { userId: 1, createdAt: -1, _id: -1 } },
      ]),
    );
  }

  /* Reports. */

  async insertReport(report: ReportDoc): Promise<void> {
    try {
      await this.reports.insertOne(report);
    } catch (error) {
      if (error instanceof DuplicateKeyError) throw new AlreadyReportedError();
      throw error;
    }
  }

  findReport(id: string): Promise<ReportDoc | null> {
    return this.reports.findOne({ _id: id });
  }

  async hasReported(messageId: string, reporterId: string): Promise<boolean> {
    return (await this.reports.findOne({ messageId, reporterId })) !== null;
  }

  /** Resolves an open report; null when it was resolved already (by another admin, maybe just now). */
  resolveReport(id: string, resolution: Resolution): Promise<ReportDoc | null> {
    return this.reports.updateOne({ _id: id, status: 'open' }, { $set: { status: 'resolved', resolution } });
  }

  reportsPage(status: 'open' | 'resolved', cursor: PageCursor | null, limit: number): Promise<ReportDoc[]> {
    return this.reports.find({ status, ...(cursor ? olderThan(cursor) : {}) }, { sort: { createdAt: -1, _id: -1 }, limit });
  }

  countOpenReports(): Promise<number> {
    return this.reports.count({ status: 'open' });
  }

  /* Timeouts. */

  findTimeout(userId: string): Promise<TimeoutDoc | null> {
    return this.timeouts.findOne({ _id: userId });
  }

  /** Sets the user's timeout, replacing a running one. */
  async saveTimeout(timeout: TimeoutDoc): Promise<void> {
    const { _id, ...fields } = timeout;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      if (await this.timeouts.updateOne({ _id }, { $set: fields })) return;
      try {
        await this.timeouts.insertOne(timeout);
        return;
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
      }
    }
  }

  /** Ends the user's timeout now (kept, with `until` moved to now); null when none was running. */
  endTimeout(userId: string, now: Date): Promise<TimeoutDoc | null> {
    return this.timeouts.updateOne({ _id: userId, until: { $gt: now } }, { $set: { until: now } });
  }

  /** Timeouts still running at `now`, the soonest to end first. */
  activeTimeouts(now: Date, limit = 500): Promise<TimeoutDoc[]> {
    return this.timeouts.find({ until: { $gt: now } }, { sort: { until: 1 }, limit });
  }

  /* Blocked terms. */

  async blockedTerms(): Promise<string[]> {
    return (await this.settings.findOne({ _id: 'filters' }))?.blockedTerms ?? [];
  }

  async saveBlockedTerms(blockedTerms: string[], now: Date): Promise<void> {
    if (await this.settings.updateOne({ _id: 'filters' }, { $set: { blockedTerms, updatedAt: now } })) return;
    try {
      await this.settings.insertOne({ _id: 'filters', blockedTerms, updatedAt: now });
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      await this.settings.updateOne({ _id: 'filters' }, { $set: { blockedTerms, updatedAt: now } });
    }
  }

  /* The log. */

  async record(entry: LogDoc): Promise<void> {
    await this.log.insertOne(entry);
  }

  logPage(filter: { action: ModerationAction | null; userId?: string }, cursor: PageCursor | null, limit: number): Promise<LogDoc[]> {
    return this.log.find(
      {
        ...(filter.action ? { action: filter.action } : {}),
        ...(filter.userId ? { userId: filter.userId } : {}),
        ...(cursor ? olderThan(cursor) : {}),
      },
      { sort: { createdAt: -1, _id: -1 }, limit },
    );
  }
}
