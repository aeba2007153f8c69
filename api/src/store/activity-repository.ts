import { olderThan, type PageCursor } from '../lib/page-cursor';
import type { Collection, Filter, StoreDriver } from './collection';
import type { ActivityRecord } from './records';
import { containsFilter } from './text-filter';

export interface ActivityQuery {
  /** Part of the username, case-insensitive. */
  user?: string;
  /** Part of the page path, case-insensitive. */
  page?: string;
  /** A cursor from a previous page: entries strictly older than it. */
  before?: PageCursor | null;
  limit: number;
}

export class ActivityRepository {
  private constructor(private readonly entries: Collection<ActivityRecord>) {}

  static async open(driver: StoreDriver): Promise<ActivityRepository> {
    const entries = await driver.collection<ActivityRecord>('activity', [
      { fields: { createdAt: -1, _id: -1 } },
      { fields: { usernameLower: 1 } },
      { fields: { userId: 1, createdAt: -1 } },
      { fields: { serverIp: 1, createdAt: -1 } },
    ]);
    return new ActivityRepository(entries);
  }

  /** Removes up to `limit` entries older than `cutoff`; returns how many (retention). */
  async purgeBefore(cutoff: Date, limit: number): Promise<number> {
    const old = await this.entries.find({ createdAt: { $lt: cutoff } }, { limit });
    return old.length === 0 ? 0 : this.entries.deleteMany({ _id: { $in: old.map((entry) => entry._id) } });
  }

  record(entry: Omit<ActivityRecord, 'usernameLower'>): Promise<ActivityRecord> {
    return this.entries.insertOne({ ...entry, usernameLower: entry.username.toLowerCase() });
  }

  /** The newest entry of this visitor for this page since `since` (duplicate visit suppression). */
  findRecentVisit(visitor: { userId: string | null; serverIp: string }, page: string, message: string, since: Date): Promise<ActivityRecord | null> {
    const who: Filter = visitor.userId ? { userId: visitor.userId } : { userId: null, serverIp: visitor.serverIp };
    return this.entries.findOne({ ...who, page, message, createdAt: { $gte: since } });
  }

  /** Newest first; one more than `limit` is read to tell whether another page exists. */
  async list(query: ActivityQuery): Promise<{ entries: ActivityRecord[]; next: PageCursor | null }> {
    const and: Filter[] = [];
    if (query.user) and.push({ usernameLower: containsFilter(query.user.toLowerCase()) });
    if (query.page) and.push({ page: containsFilter(query.page) });
    if (query.before) and.push(olderThan(query.before));
    const filter: Filter = and.length === 0 ? {} : and.length === 1 ? and[0]! : { $and: and };
    const found = await this.entries.find(filter, { sort: { createdAt: -1, _id: -1 }, limit: query.limit + 1 });
    const entries = found.slice(0, query.limit);
    const last = entries.at(-1);
    return { entries, next: found.length > query.limit && last ? { createdAt: last.createdAt, id: last._id } : null };
  }
}
