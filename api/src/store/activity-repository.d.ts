import { type PageCursor } from '../lib/page-cursor';
import type { StoreDriver } from './collection';
import type { ActivityRecord } from './records';
export interface ActivityQuery {
    /** Part of the username, case-insensitive. */
    user?: string;
    /** Part of the page path, case-insensitive. */
    page?: string;
    /** A cursor from a previous page: entries strictly older than it. */
    before?: PageCursor | null;
    limit: number;
}
export declare class ActivityRepository {
    private readonly entries;
    private constructor();
    static open(driver: StoreDriver): Promise<ActivityRepository>;
    /** Removes up to `limit` entries older than `cutoff`; returns how many (retention). */
    purgeBefore(cutoff: Date, limit: number): Promise<number>;
    record(entry: Omit<ActivityRecord, 'usernameLower'>): Promise<ActivityRecord>;
    /** The newest entry of this visitor for this page since `since` (duplicate visit suppression). */
    findRecentVisit(visitor: {
        userId: string | null;
        serverIp: string;
    }, page: string, message: string, since: Date): Promise<ActivityRecord | null>;
    /** Newest first; one more than `limit` is read to tell whether another page exists. */
    list(query: ActivityQuery): Promise<{
        entries: ActivityRecord[];
        next: PageCursor | null;
    }>;
}
