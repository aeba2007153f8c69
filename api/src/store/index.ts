import { statSync } from 'node:fs';
import path from 'node:path';
import { ActivityRepository } from './activity-repository';
import { ChatEventsRepository } from './chat-events-repository';
import { ChatProjectionsRepository } from './chat-projections-repository';
import type { StoreDriver } from './collection';
import { CodesRepository } from './codes-repository';
import { FilesRepository } from './files-repository';
import { HistoryRepository } from './history-repository';
import { PaymentsRepository } from './payments-repository';
import { PushRepository } from './push-repository';
import { SessionsRepository } from './sessions-repository';
import { SignalsRepository } from './signals-repository';
import { LifecycleRepository } from './lifecycle-repository';
import { ModerationRepository } from './moderation-repository';
import { takeOverNedbDataDir, type TakeoverReport } from './nedb-takeover';
import { createSqliteDriver, SQLITE_FILE, type SqliteDriver } from './sqlite';
import { refuseDamagedStore, refuseMissingStore, takeClosedClean } from './start-checks';
import { UsersRepository } from './users-repository';
import type { WriteHealth } from './write-health';

export { DuplicateKeyError } from './collection';
export { StartRefusal, earlierRunTraces } from './start-checks';
export type { StoreDriver } from './collection';
export type { TakeoverReport } from './nedb-takeover';
export { describeTakeover } from './nedb-takeover';
export type * from './records';
export { newUserRecord } from './records';
export type { FileKind, FileRecord, FileVariant, FileVisibility } from './files-repository';
export type { PaymentDecision, PaymentDoc } from './payments-repository';
export type { PushSubscriptionRecord } from './push-repository';
export type { LogDoc, ReportDoc, TimeoutDoc } from './moderation-repository';
export { AlreadyReportedError } from './moderation-repository';

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
  /** The signals' events and their projection (contract §8). */
  signals: SignalsRepository;
  /** The membership lifecycle's lease and the notices it sent (contract §9). */
  lifecycle: LifecycleRepository;
  /** Web Push subscriptions and notification preferences (contract §14). */
  push: PushRepository;
  /** Reports, timeouts, blocked terms and the moderation log (contract §13). */
  moderation: ModerationRepository;
  /** See StoreDriver: a command's writes share one commit; await `durable()` before answering. */
  unitOfWork<R>(work: () => Promise<R>): Promise<{ value: R; durable(): Promise<void> }>;
  durable(): Promise<void>;
  /** Whether the store can write now (`GET /api/health`, contract §15). */
  health: WriteHealth;
  /** The driver underneath, for the operator's tools and the failure drills of the tests. */
  driver: StoreDriver;
  close(): Promise<void>;
}

/** `graceDays`: how long a paid membership's rights outlive its end (GRACE_DAYS, contract §9). */
export const openStore = async (driver: StoreDriver, options: { graceDays?: number } = {}): Promise<Store> => ({
  kind: driver.kind,
  ...(await openChatRepositories(driver)),
  users: await UsersRepository.open(driver, options),
  sessions: await SessionsRepository.open(driver),
  codes: await CodesRepository.open(driver),
  files: await FilesRepository.open(driver),
  payments: await PaymentsRepository.open(driver),
  history: await HistoryRepository.open(driver),
  activity: await ActivityRepository.open(driver),
  signals: await SignalsRepository.open(driver),
  lifecycle: await LifecycleRepository.open(driver),
  push: await PushRepository.open(driver),
  moderation: await ModerationRepository.open(driver),
  unitOfWork: (work) => driver.unitOfWork(work),
  durable: () => driver.durable(),
  health: driver.health,
  driver,
  close: () => driver.close(),
});

/** The chat's event store and its projections (which read events to refold a message). */
async function openChatRepositories(driver: StoreDriver): Promise<Pick<Store, 'chatEvents' | 'chat'>> {
  const chatEvents = await ChatEventsRepository.open(driver);
  return { chatEvents, chat: await ChatProjectionsRepository.open(driver, chatEvents) };
}

/**
 * MongoDB when a URL is given, the embedded store (SQLite in DATA_DIR) otherwise; an embedded
 * store first takes over the NeDB files of an earlier build, if DATA_DIR has any.
 */
export const createStore = async (options: {
  mongodbUrl: string | null;
  dataDir: string;
  graceDays?: number;
  /** What an earlier run left in DATA_DIR (config.earlierRun): without a store, the start is refused. */
  earlierRun?: readonly string[];
}): Promise<Store> => {
  if (options.mongodbUrl) {
    // Loaded only when used: the driver alone adds about 0.2 s to every start.
    const { createMongoDriver } = await import('./mongo');
    return openStore(await createMongoDriver(options.mongodbUrl), options);
  }
  const file = path.join(options.dataDir, SQLITE_FILE);
  refuseMissingStore(options.dataDir, file, options.earlierRun ?? []);
  const stored = (statSync(file, { throwIfNoEntry: false })?.size ?? 0) > 0;
  const closedClean = takeClosedClean(file);
  let driver: SqliteDriver;
  try {
    driver = createSqliteDriver(options.dataDir);
  } catch (error) {
    // Not a database at all (SQLITE_NOTADB), or damaged past opening.
    refuseDamagedStore(null, file, { full: true, error });
    throw error;
  }
  try {
    if (stored) refuseDamagedStore(driver.db, file, { full: !closedClean });
    const store = await openStore(driver, options);
    return { ...store, takeover: await takeOverNedbDataDir(options.dataDir, driver) };
  } catch (error) {
    await driver.close().catch(() => undefined);
    // A store that failed its start was not closed clean: the next start checks it in full.
    takeClosedClean(file);
    throw error;
  }
};
