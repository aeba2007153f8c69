/**
 * Compares the chat projections with a rebuild from `chat_events`; with `--repair`, replaces
 * them. Reads the same configuration as the server (run it from the repository root, where the
 * default DATA_DIR ./data resolves as for `pnpm start`). The check may run beside the server;
 * stop the server before `--repair` on the embedded store.
 *
 *   pnpm chat:check [--repair]
 */
import { loadConfigOrExit } from './config';
import { rebuildChatProjections } from './services/chat-rebuild';
import { createStore } from './store';

const repair = process.argv.includes('--repair');
const config = loadConfigOrExit();
const store = await createStore(config);
try {
  const report = await rebuildChatProjections(store, { repair });
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  if (!report.equal) {
    process.stdout.write(repair ? 'The projections differed and were replaced by the rebuild.\n' : 'The projections differ from a rebuild (run with --repair to replace them).\n');
  }
  process.exitCode = report.equal || repair ? 0 : 2;
} finally {
  await store.close();
}
