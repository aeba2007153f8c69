import { type Database as SqliteDatabase } from 'better-sqlite3';
import { type Collection, type Doc, type Filter, type FindOptions, type IndexSpec, type StoreDriver, type Update } from './collection';
/** The one database file of the embedded store, inside DATA_DIR. */
export declare const SQLITE_FILE = "store.sqlite";
/** Applies the Update subset of collection.ts to a copy of the document. */
export declare const applyUpdate: <T extends Doc>(doc: T, update: Update) => T;
/** What `deferDurability` hands back: the work's value, and when the writes it made are durable. */
export interface Deferred<R> {
    value: R;
    /** Resolves once every write of the work is committed; rejects if any was rolled back. */
    durable(): Promise<void>;
}
/**
 * Group commit. Every write runs at once inside a transaction that stays open until the end of
 * the current turn of the event loop; then one COMMIT (one fsync with synchronous=FULL) makes all
 * of them durable together, and only then do their promises resolve. Each write is its own
 * savepoint, so a refused one (a unique index) undoes only itself; an error that makes SQLite
 * abandon the whole transaction (a full disk, an I/O error) or a failed COMMIT rejects every
 * write of that transaction (its generation) and tells the rollback listeners. Inside
 * `deferDurability` a write resolves once applied, so a command's several writes cost one turn
 * and one commit; the command awaits the returned `durable()` before it answers or publishes.
 */
declare class WriteBatcher {
    private readonly db;
    /** The number of the open transaction (or of the last one): each BEGIN starts a new generation. */
    private generation;
    /** Every generation up to this one has committed or failed. */
    private settledUpTo;
    /** Generations that were rolled back, with why (the newest few hundred). */
    private readonly failures;
    private waiters;
    private scheduled;
    /** Inside deferDurability: the generations the work wrote in. */
    private readonly deferred;
    private readonly rollbackListeners;
    constructor(db: SqliteDatabase);
    run<R>(work: () => R): Promise<R>;
    deferDurability<R>(work: () => Promise<R>): Promise<Deferred<R>>;
    /** A read barrier: resolves once what is open now has been committed or abandoned. */
    durable(): Promise<void>;
    onRollback(listener: () => void): void;
    private settled;
    private schedule;
    private settle;
    private fail;
    /** Commits what is open now; safe to call at any time (close() does). */
    flush(): void;
}
declare class SqliteCollection<T extends Doc> implements Collection<T> {
    private readonly db;
    private readonly writes;
    private readonly table;
    /** Index name → its first field, to name the field of a unique violation. */
    private readonly uniqueFields;
    private readonly statements;
    constructor(db: SqliteDatabase, writes: WriteBatcher, table: string, 
    /** Index name → its first field, to name the field of a unique violation. */
    uniqueFields: Map<string, string>);
    private statement;
    private duplicate;
    private select;
    insertOne(doc: T): Promise<T>;
    /** Many documents in one write (the takeover, a rebuild, the benchmark's fill). */
    insertMany(docs: T[]): Promise<number>;
    findOne(filter: Filter): Promise<T | null>;
    find(filter: Filter, options?: FindOptions): Promise<T[]>;
    count(filter: Filter): Promise<number>;
    updateOne(filter: Filter, update: Update): Promise<T | null>;
    updateMany(filter: Filter, update: Update): Promise<number>;
    deleteMany(filter: Filter, options?: {
        limit?: number;
    }): Promise<number>;
    /** The query plan of a find, for the tests that hold every page to an index. */
    explain(filter: Filter, options?: FindOptions): string[];
}
export interface SqliteDriver extends StoreDriver {
    readonly kind: 'embedded';
    readonly file: string;
    readonly db: SqliteDatabase;
    collection<T extends Doc>(name: string, indexes?: IndexSpec[]): Promise<SqliteCollection<T>>;
    /** Runs `work` as one transaction, committed before the promise resolves. */
    transaction<R>(work: () => R): Promise<R>;
    /** A consistent copy of the database, taken while it is in use (SQLite's online backup). */
    backup(destination: string): Promise<void>;
}
export type { SqliteCollection };
/**
 * SQLite's online backup into a new owner-only file, in ONE step: copied a hundred pages at a
 * time (the default), every commit of another connection restarts it, and under steady writes it
 * never ends. One step holds a read transaction, which in WAL mode blocks no writer.
 */
export declare const backupDatabase: (db: SqliteDatabase, destination: string) => Promise<void>;
/**
 * The embedded store: one SQLite file in DATA_DIR (WAL), one table per collection holding each
 * document as JSON, with an index on the expression of every indexed field.
 *
 * Durability: journal_mode=WAL with synchronous=FULL, so a write whose promise resolved has been
 * fsynced (the WAL is synced at each commit) and survives a power cut, not just a kill -9. The cost
 * of that fsync is paid once per turn of the event loop by the group commit (WriteBatcher).
 */
export declare const createSqliteDriver: (dataDir: string, options?: {
    file?: string;
}) => SqliteDriver;
