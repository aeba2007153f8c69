import { ActivityRepository } from './activity-repository';
import { ChatEventsRepository } from './chat-events-repository';
import { ChatProjectionsRepository } from './chat-projections-repository';
import type { StoreDriver } from './collection';
import { CodesRepository } from './codes-repository';
import { FilesRepository } from './files-repository';
import { HistoryRepository } from './history-repository';
import { PaymentsRepository } from './payments-repository';
import { SessionsRepository } from './sessions-repository';
import { type TakeoverReport } from './nedb-takeover';
import { UsersRepository } from './users-repository';
export { DuplicateKeyError } from './collection';
export type { StoreDriver } from './collection';
export type { TakeoverReport } from './nedb-takeover';
export { describeTakeover } from './nedb-takeover';
export type * from './records';
export { newUserRecord } from './records';
export type { FileKind, FileRecord, FileVisibility } from './files-repository';
export type { PaymentDecision, PaymentDoc } from './payments-repository';
export interface Store {
    kind: StoreDriver['kind'];
    /** The NeDB data this start took over (embedded store only), for the start-up log. */
    takeover?: TakeoverReport | null;
    users: UsersRepository;
    sessions: SessionsRepository;
    codes: CodesRepository;
    files: FilesRepository;
    payments: PaymentsRepository;
    history: HistoryRepository;
    activity: ActivityRepository;
    chatEvents: ChatEventsRepository;
    chat: ChatProjectionsRepository;
    /** See StoreDriver: a command's writes share one commit; await `durable()` before answering. */
    deferDurability<R>(work: () => Promise<R>): Promise<{
        value: R;
        durable(): Promise<void>;
    }>;
    durable(): Promise<void>;
    close(): Promise<void>;
}
export declare const openStore: (driver: StoreDriver) => Promise<Store>;
/**
 * MongoDB when a URL is given, the embedded store (SQLite in DATA_DIR) otherwise; an embedded
 * store first takes over the NeDB files of an earlier build, if DATA_DIR has any.
 */
export declare const createStore: (options: {
    mongodbUrl: string | null;
    dataDir: string;
}) => Promise<Store>;
