import { olderThan, type PageCursor } from '../lib/page-cursor';
import type { Collection, StoreDriver } from './collection';
import type { HistoryRecord } from './records';

/** Where a page of history ends: the last entry's creation time and id (ties broken by id). */
export type HistoryCursor = PageCursor;

export interface HistoryPage {
  entries: HistoryRecord[];
  /** Set when older entries exist after this page. */
  next: HistoryCursor | null;
}

export type HistoryChanges = Partial<Pick<HistoryRecord, 'title' | 'description' | 'imageFileId'>>;

export class HistoryRepository {
  private constructor(private readonly history: Collection<HistoryRecord>) {}

  static async open(driver: StoreDriver): Promise<HistoryRepository> {
    const history = await driver.collection<HistoryRecord>('history', [{ fields: { createdAt: -1, _id: -1 } }]);
    return new HistoryRepository(history);
  }

  create(entry: HistoryRecord): Promise<HistoryRecord> {
    return this.history.insertOne(entry);
  }

  findById(id: string): Promise<HistoryRecord | null> {
    return this.history.findOne({ _id: id });
  }

  /**
   * Newest first, `limit` entries strictly older than `before` (by createdAt, then _id), so that
   * entries created while a reader pages never shift what the next page holds.
   */
  async page(options: { before?: HistoryCursor | null; limit: number }): Promise<HistoryPage> {
    const { before, limit } = options;
    const found = await this.history.find(before ? olderThan(before) : {}, { sort: { createdAt: -1, _id: -1 }, limit: limit + 1 });
    const entries = found.slice(0, limit);
    const last = entries.at(-1);
    return { entries, next: found.length > limit && last ? { createdAt: last.createdAt, id: last._id } : null };
  }

  /** The entry after the change, or null when it does not exist. */
  update(id: string, changes: HistoryChanges, now = new Date()): Promise<HistoryRecord | null> {
    return this.history.updateOne({ _id: id }, { $set: { ...changes, updatedAt: now } });
  }

  /** Swaps the image only if it is still `expectedFileId`: two edits at once cannot both orphan a file. */
  replaceImage(id: string, expectedFileId: string, changes: HistoryChanges & { imageFileId: string }, now = new Date()) {
    return this.history.updateOne({ _id: id, imageFileId: expectedFileId }, { $set: { ...changes, updatedAt: now } });
  }

  /** True when this call removed it. */
  async delete(id: string): Promise<boolean> {
    return (await this.history.deleteMany({ _id: id })) > 0;
  }
}
