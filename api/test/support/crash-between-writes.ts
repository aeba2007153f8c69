/**
 * Writes chat through the real chat commands on the embedded store in DATA_DIR (argv[2]), then
 * kills its own process with SIGKILL after the event of the last command was appended and before
 * any projection was updated: the crash between the two writes.
 * argv[3]: 'post' (a new message in the global room) or 'edit' (the first global message): the
 * appended event is made durable first (as on MongoDB, where each write commits alone);
 * 'post-uncommitted': killed before the command's one commit, so nothing of it may remain.
 */
import { newId } from '../../src/lib/ids';
import { nullPublisher } from '../../src/plugins/app/publisher';
import { createChatServices } from '../../src/services/chat';
import { openStore, type Store } from '../../src/store';
import { newUserRecord } from '../../src/store/records';
import { createSqliteDriver } from '../../src/store/sqlite';

const [dataDir, command] = process.argv.slice(2) as [string, 'post' | 'edit' | 'post-uncommitted'];
const store = await openStore(createSqliteDriver(dataDir));
let crash = false;
const die = async () => {
  if (command !== 'post-uncommitted') await store.durable();
  process.kill(process.pid, 'SIGKILL');
};
const projections = new Proxy(store.chat, {
  get(target, key, receiver) {
    const value = Reflect.get(target, key, receiver) as unknown;
    if (typeof value !== 'function') return value;
    return async (...args: unknown[]) => {
      if (crash && typeof key === 'string' && key.startsWith('save')) await die();
      return (value as (...a: unknown[]) => unknown).apply(target, args);
    };
  },
});
const crashing: Store = { ...store, chat: projections };
const service = createChatServices(crashing, { publisher: nullPublisher }).commands;

let member = await store.users.findByLogin('crash_member');
if (!member) {
  member = await store.users.create({
    ...newUserRecord({ _id: newId(), name: 'Crash Member', username: 'crash_member', email: 'crash@example.com', passwordHash: 'x', emailVerified: true, role: 'member', membershipTier: 'pro' }),
    membershipEnd: new Date(Date.now() + 30 * 86_400_000),
  });
  await service.post(member, { content: 'written before any crash' });
}
const [first] = (await store.chatEvents.after('global', 0, 1)) as { data: { messageId: string } }[];
crash = true;
if (command === 'post') await service.post(member, { content: 'appended, then the process died' });
else if (command === 'post-uncommitted') await service.post(member, { content: 'never committed' });
else await service.edit(member, first!.data.messageId, 'edited, then the process died');
process.stdout.write('no crash happened\n');
