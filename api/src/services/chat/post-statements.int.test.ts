import { tempDir, type TempDir } from '@le/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids';
import { nullPublisher } from '../../plugins/app/publisher';
import { createSqliteDriver } from '../../store/sqlite';
import { openStore, type Store, type UserRecord } from '../../store';
import { newUserRecord } from '../../store/records';
import { createChatServices, type ChatCommands } from '.';

/**
 * What one chat post costs the embedded store, statement by statement (SQLite's own trace, so
 * transaction control counts too). A post in a room that already has messages, as most are.
 * It was 19 (10 of them transaction control: a savepoint around every write, a conditional UPDATE
 * that could not match and a findOne before the message's INSERT, a findOne before the head's
 * update); the write is now 6: the retry check, BEGIN, the event, the message's upsert, the head's
 * upsert, COMMIT. Around it, reads that are the features' own: what moderation holds against the
 * writer (a running timeout, the room's settings, the blocked terms; the writer's last post only
 * while the room is in slow mode), read from the store for each decision so that every API process
 * enforces them, and the sender as the account is now, for the answer and the publish.
 */
const STATEMENTS_PER_POST = 10;
let dir: TempDir;
let store: Store;
let commands: ChatCommands;
let member: UserRecord;
let tracing = false;
const statements: string[] = [];

beforeAll(async () => {
  dir = await tempDir('le-post-statements-');
  store = await openStore(createSqliteDriver(dir.path, { trace: (sql) => tracing && statements.push(sql) }));
  commands = createChatServices(store, { publisher: nullPublisher }).commands;
  const id = newId();
  member = await store.users.create({
    ...newUserRecord({ _id: id, name: 'Sari', username: `sari_${id.slice(0, 6)}`, email: `sari.${id.slice(0, 6)}@example.com`, passwordHash: 'x', emailVerified: true, role: 'member', membershipTier: 'pro' }),
    membershipEnd: new Date(Date.now() + 30 * 86_400_000),
  });
  await commands.post(member, { content: 'the room has a message already' });
});
afterAll(async () => {
  await store.close();
  await dir.remove();
});

describe('one chat post on the embedded store', () => {
  it('runs STATEMENTS_PER_POST statements, one BEGIN and one COMMIT among them', async () => {
    tracing = true;
    await commands.post(member, { content: 'counted', clientId: 'c-1' });
    tracing = false;
    const control = statements.filter((sql) => /^(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)\b/i.test(sql.trim()));
    process.stdout.write(`one chat post: ${statements.length} statements, ${control.length} of them transaction control\n${statements.join('\n')}\n`);
    expect(statements).toHaveLength(STATEMENTS_PER_POST);
    expect(control.map((sql) => sql.trim().split(' ')[0])).toEqual(['BEGIN', 'COMMIT']);
    expect(statements.filter((sql) => sql.includes('ON CONFLICT(_id) DO UPDATE'))).toHaveLength(2);
    // Inside the transaction: the event, the message and the head; nothing read there.
    const inside = statements.slice(statements.findIndex((sql) => sql.startsWith('BEGIN')) + 1, statements.findIndex((sql) => sql.startsWith('COMMIT')));
    expect(inside.map((sql) => sql.split(' ')[0])).toEqual(['INSERT', 'INSERT', 'INSERT']);
    // And the post is what it was: projected, the room's head and last message moved.
    const [newest] = (await store.chat.page('global', { before: null, limit: 1 })).messages;
    expect(newest).toMatchObject({ content: 'counted', projSeq: 2, postedSeq: 2 });
    expect(await store.chat.findChat('global')).toMatchObject({ seq: 2, lastMessageId: newest!._id, reads: {} });
  });
});
