import { ActivityRepository } from './activity-repository';
import { ChatEventsRepository } from './chat-events-repository';
import { ChatProjectionsRepository } from './chat-projections-repository';
import type { StoreDriver } from './collection';
import { CodesRepository } from './codes-repository';
import { FilesRepository } from './files-repository';
import { HistoryRepository } from './history-repository';
import { createMongoDriver } from './mongo';
import { PaymentsRepository } from './payments-repository';
import { SessionsRepository } from './sessions-repository';
import { createSqliteDriver } from './sqlite';
import { UsersRepository } from './users-repository';

export { DuplicateKeyError } from './collection';
export type { StoreDriver } from './collection';
export type * from './records';
export { newUserRecord } from './records';
export type { FileKind, FileRecord, FileVisibility } from './files-repository';
export type { PaymentDecision, PaymentDoc } from './payments-repository';

export interface Store {
  kind: StoreDriver['kind'];
  users: UsersRepository;
  sessions: SessionsRepository;
  codes: CodesRepository;
  files: FilesRepository;
  payments: PaymentsRepository;
  history: HistoryRepository;
  activity: ActivityRepository;
  chatEvents: ChatEventsRepository;
  chat: ChatProjectionsRepository;
  close(): Promise<void>;
}

export const openStore = async (driver: StoreDriver): Promise<Store> => ({
  kind: driver.kind,
  ...(await openChatRepositories(driver)),
  users: await UsersRepository.open(driver),
  sessions: await SessionsRepository.open(driver),
  codes: await CodesRepository.open(driver),
  files: await FilesRepository.open(driver),
  payments: await PaymentsRepository.open(driver),
  history: await HistoryRepository.open(driver),
  activity: await ActivityRepository.open(driver),
  close: () => driver.close(),
});

/** The chat's event store and its projections (which read events to refold a message). */
async function openChatRepositories(driver: StoreDriver): Promise<Pick<Store, 'chatEvents' | 'chat'>> {
  const chatEvents = await ChatEventsRepository.open(driver);
  return { chatEvents, chat: await ChatProjectionsRepository.open(driver, chatEvents) };
}

/** MongoDB when a URL is given, the embedded store in DATA_DIR otherwise. */
export const createStore = async (options: { mongodbUrl: string | null; dataDir: string }): Promise<Store> =>
  openStore(options.mongodbUrl ? await createMongoDriver(options.mongodbUrl) : createSqliteDriver(options.dataDir));
