import { type PageCursor } from '../lib/page-cursor';
import type { StoreDriver } from './collection';
import type { HistoryRecord } from './records';
/** Where a page of history ends: the last entry's creation time and id (ties broken by id). */
export type HistoryCursor = PageCursor;
export interface HistoryPage {
    entries: HistoryRecord[];
    /** Set when older entries exist after this page. */
    next: HistoryCursor | null;
}
export type HistoryChanges = Partial<Pick<HistoryRecord, 'title' | 'description' | 'imageFileId'>>;
export declare class HistoryRepository {
    private readonly history;
    private constructor();
    static open(driver: StoreDriver): Promise<HistoryRepository>;
    create(entry: HistoryRecord): Promise<HistoryRecord>;
    findById(id: string): Promise<HistoryRecord | null>;
    /**
     * Newest first, `limit` entries strictly older than `before` (by createdAt, then _id), so that
     * entries created while a reader pages never shift what the next page holds.
     */
    page(options: {
        before?: HistoryCursor | null;
        limit: number;
    }): Promise<HistoryPage>;
    /** The entry after the change, or null when it does not exist. */
    update(id: string, changes: HistoryChanges, now?: Date): Promise<HistoryRecord | null>;
    /** Swaps the image only if it is still `expectedFileId`: two edits at once cannot both orphan a file. */
    replaceImage(id: string, expectedFileId: string, changes: HistoryChanges & {
        imageFileId: string;
    }, now?: Date): Promise<HistoryRecord | null>;
    /** True when this call removed it. */
    delete(id: string): Promise<boolean>;
}
