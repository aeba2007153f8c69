import type { Collection, Filter, StoreDriver } from './collection';
import type { HistoryRecord } from './records';

/** Where a page of history ends: the last entry's creation time and id (ties broken by id). */
export interface HistoryCursor {
  createdAt: Date;
  id: string;
}

export interface HistoryPage {
  entries: HistoryRecord[];
  /** Set when older entries exist after this page. */
  next: HistoryCursor | null;
}

export type HistoryChanges = Partial<Pick<HistoryRecord, 'title' | 'description' | 'imageFileId'>>;

const ID_PATTERN = /^[0-9a-f]{24}$/;

/** The cursor as the API hands it out: opaque base64url of `<epoch ms>.<id>`. */
export const encodeHistoryCursor = (cursor: HistoryCursor): string =>
  Buffer.from(`${cursor.createdAt.getTime()}.${cursor.id}`, 'utf8').toString('base64url');

/** null when the text is not a cursor this API made. */
export const decodeHistoryCursor = (text: string): HistoryCursor | null => {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(text)) return null;
  const [time, id, ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('.');
  if (rest.length > 0 || !time || !id || !/^\d{1,15}$/.test(time) || !ID_PATTERN.test(id)) return null;
  return { createdAt: new Date(Number(time)), id };
};

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
    const filter: Filter = before
      ? {
          $or: [
            { createdAt: { $lt: before.createdAt } },
            { createdAt: before.createdAt, _id: { $lt: before.id } },
          ],
        }
      : {};
    const found = await this.history.find(filter, { sort: { createdAt: -1, _id: -1 }, limit: limit + 1 });
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
