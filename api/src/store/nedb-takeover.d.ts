import type { SqliteDriver } from './sqlite';
/** Where the NeDB store of earlier builds kept its files, and where they go once imported. */
export declare const NEDB_DIR = "db";
export declare const NEDB_IMPORTED_DIR = "db.nedb-imported";
export interface TakeoverReport {
    /** Documents imported per collection (file name without `.db`). */
    imported: Record<string, number>;
    /** Lines NeDB itself would have skipped: a torn last line after a crash. */
    skippedLines: number;
    /** Where the old files are now. */
    movedTo: string;
    /** True when an earlier start had imported them and only the move was left to do. */
    resumed: boolean;
}
export interface TakeoverOptions {
    /** Called inside the transaction after each collection (the crash test stops the process there). */
    onCollection?: (name: string, count: number) => void;
}
/**
 * Takes over a DATA_DIR written by a NeDB build (contract §11): every document of every
 * `db/*.db` file goes into the SQLite tables of the same names in ONE transaction, together with
 * a marker row; then the folder is renamed to `db.nedb-imported`. A kill at any point before the
 * commit leaves the old files untouched and nothing imported, so the next start does it again; a
 * kill between the commit and the rename is finished by the next start without importing twice.
 * Returns null when there is nothing to take over.
 */
export declare const takeOverNedbDataDir: (dataDir: string, driver: SqliteDriver, options?: TakeoverOptions) => Promise<TakeoverReport | null>;
/** The one log line of a takeover. */
export declare const describeTakeover: (report: TakeoverReport) => string;
