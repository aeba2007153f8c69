import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, tempDir, type TempDir } from '@le/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { startServer } from '../src/main';
import { catchUpChatProjections } from '../src/services/chat-catch-up';
import { rebuildChatProjections } from '../src/services/chat-rebuild';
import { openStore } from '../src/store';
import { createSqliteDriver } from '../src/store/sqlite';
import { runScript } from './support/run-script';

/** A process killed between appending a chat event and projecting it: the next start catches up. */
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');

const crashBetweenWrites = (dataDir: string, command: 'post' | 'edit' | 'post-uncommitted') =>
  runScript(path.join(here, 'support/crash-between-writes.ts'), [dataDir, command]);

const projectionsOf = async (dataDir: string) => {
  const store = await openStore(createSqliteDriver(dataDir));
  try {
    return { report: await rebuildChatProjections(store), head: await store.chatEvents.readHead('global'), projected: (await store.chat.findChat('global'))?.seq ?? 0 };
  } finally {
    await store.close();
  }
};

describe('projections catch up on start', () => {
  let dir: TempDir;
  beforeAll(async () => {
    dir = await tempDir('le-catch-up-');
  });
  afterAll(() => dir.remove());

  it('a post and an edit whose process died after the append and before the projection are projected by the next start', async () => {
    for (const command of ['post', 'edit'] as const) {
      const crashed = await crashBetweenWrites(dir.path, command);
      expect(crashed.signal, crashed.output).toBe('SIGKILL');
    }
    const stale = await projectionsOf(dir.path);
    expect(stale.head).toBe(3);
    expect(stale.projected).toBe(1);
    expect(stale.report.equal).toBe(false);

    // On SQLite a command's append and projection share one commit: killed before it, nothing of
    // the command is left, neither the event nor its message.
    const uncommitted = await crashBetweenWrites(dir.path, 'post-uncommitted');
    expect(uncommitted.signal, uncommitted.output).toBe('SIGKILL');
    expect((await projectionsOf(dir.path)).head).toBe(3);

    const config = loadConfig({ DATA_DIR: dir.path, PORT: String(await freePort()), HOST: '127.0.0.1' }, root);
    const server = await startServer(config, 'all', { logger: false });
    try {
      const room = await (await fetch(`${server.url}/api/chat/public`)).json() as { messages: { content: string; editedAt: string | null }[] };
      expect(room.messages.map((message) => message.content).sort()).toEqual(['appended, then the process died', 'edited, then the process died']);
      expect(room.messages.find((message) => message.content.startsWith('edited'))?.editedAt).not.toBeNull();
      expect((await rebuildChatProjections(server.app.store)).equal).toBe(true);
      expect((await server.app.store.chat.findChat('global'))?.seq).toBe(3);
      // A second pass finds nothing left to do.
      expect(await catchUpChatProjections(server.app.store)).toEqual({ streams: 0, events: 0 });
    } finally {
      await server.close();
    }
  });
});
