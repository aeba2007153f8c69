/**
 * Starts a takeover of the DATA_DIR given as argument and kills its own process with SIGKILL
 * inside the transaction, after the collection named by the second argument was written.
 */
import { openStore } from '../../src/store';
import { takeOverNedbDataDir } from '../../src/store/nedb-takeover';
import { createSqliteDriver } from '../../src/store/sqlite';

const [dataDir, killAfter] = process.argv.slice(2) as [string, string];
const driver = createSqliteDriver(dataDir);
await openStore(driver);
await takeOverNedbDataDir(dataDir, driver, {
  onCollection: (name) => {
    if (name === killAfter) process.kill(process.pid, 'SIGKILL');
  },
});
process.stdout.write('the takeover finished without being killed\n');
