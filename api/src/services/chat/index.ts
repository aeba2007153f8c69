import type { EventPublisher } from '../../plugins/app/publisher';
import type { Store } from '../../store';
import type { PushNotifier } from '../push';
import { ChatAccess } from './access';
import { ChatCommands } from './commands';
import { ChatQueries } from './queries';

export { ChatAccess, viewerOf, type MemberChat } from './access';
export { ChatCommands } from './commands';
export { ChatQueries, type Page } from './queries';

/** The chat's application services: the writes (one per app, for its per-stream queue) and the reads. */
export interface ChatServices {
  commands: ChatCommands;
  queries: ChatQueries;
}

export const createChatServices = (
  store: Store,
  out: { publisher: EventPublisher; push?: PushNotifier },
  clock: () => Date = () => new Date(),
): ChatServices => {
  const access = new ChatAccess(store);
  const queries = new ChatQueries(store, access);
  return { commands: new ChatCommands(store, out, queries, clock, access), queries };
};
