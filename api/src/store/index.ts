import { ActivityRepository } from './activity-repository';
import { ChatEventsRepository } from './chat-events-repository';
import { ChatProjectionsRepository } from './chat-projections-repository';
import type { StoreDriver } from './collection';
import { CodesRepository } from './codes-repository';
import { FilesRepository } from './files-repository';
import { HistoryRepository } from './history-repository';
import { PaymentsRepository } from './payments-repository';
import { SessionsRepository } from './sessions-repository';
import { SignalsRepository } from './signals-repository';
import { LifecycleRepository } from './lifecycle-repository';
import { takeOverNedbDataDir, type TakeoverReport } from './nedb-takeover';
import { createSqliteDriver } from './sqlite';
import { UsersRepository } from './users-repository';

export { DuplicateKeyError } from './collection';
export type { StoreDriver } from './collection';
export type { TakeoverReport } from './nedb-takeover';
export { describeTakeover } from './nedb-takeover';
export type * from './records';
export { newUserRecord } from './records';
export type { FileKind, FileRecord, FileVariant, FileVisibility } from './files-repository';
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
  /** The signals' events and their projection (contract §8). */
  signals: SignalsRepository;
  /** The membership lifecycle's lease and the notices it sent (contract §9). */
  lifecycle: LifecycleRepository;
  /** See StoreDriver: a command's writes share one commit; await `durable()` before answering. */
  deferDurability<R>(work: () => Promise<R>): Promise<{ value: R; durable(): Promise<void> }>;
  durable(): Promise<void>;
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
  deferDurability: (work) => driver.deferDurability(work),
  durable: () => driver.durable(),
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
export const createStore = async (options: { mongodbUrl: string | null; dataDir: string; graceDays?: number }): Promise<Store> => {
  if (options.mongodbUrl) {
    // Loaded only when used: the driver alone adds about 0.2 s to every start.
    const { createMongoDriver } = await import('./mongo');
    return openStore(await createMongoDriver(options.mongodbUrl), options);
  }
  const driver = createSqliteDriver(options.dataDir);
  try {
    const store = await openStore(driver, options);
    return { ...store, takeover: await takeOverNedbDataDir(options.dataDir, driver) };
  } catch (error) {
    await driver.close();
    throw error;
  }
};
