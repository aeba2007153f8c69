import type { Store } from '../store';
/** Deletions per step: each step is a short indexed read and one write, then the event loop runs. */
export declare const RETENTION_BATCH = 200;
export interface RetentionReport {
    activity: number;
    codes: number;
    sessions: number;
}
/**
 * Contract §2 ACTIVITY_RETENTION_DAYS: activity entries older than that go; so do codes that
 * expired and sessions that ended (more than a day ago). Small batches, the event loop in between.
 */
export declare const purgeExpiredRecords: (store: Store, options: {
    activityRetentionDays: number;
    now?: Date;
    signal?: AbortSignal;
}) => Promise<RetentionReport>;
/** Runs the purge now and then every `intervalMs` (a day); a failed run is logged and retried next time. */
export declare const scheduleRetention: (store: Store, options: {
    activityRetentionDays: number;
    intervalMs?: number;
}, log: {
    info(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
}) => {
    stop(): Promise<void>;
};
