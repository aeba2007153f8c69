import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, inject } from 'vitest';
import type { E2EServer } from './global-setup';

const WAIT_MS = 50;
const GIVE_UP_MS = 120_000;
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

let mine: E2EServer | undefined;

/**
 * This file's server, one that no file running at the same time has: the first free one of the
 * run's servers, claimed with a lock (a directory made atomically) and freed when the file's
 * suites end. (Vitest's VITEST_POOL_ID does not tell concurrent files apart: it is 1 in every
 * worker.) Before the suites skip for a missing Chromium there is none, and its fields are empty.
 */
export const e2eServer = (): E2EServer => {
  if (mine) return mine;
  const servers = inject('servers');
  if (servers.length === 0) return { baseURL: '', dataDir: '', accounts: null as unknown as E2EServer['accounts'] };
  const locks = inject('serverLocks');
  const started = Date.now();
  for (;;) {
    for (const [index, server] of servers.entries()) {
      const lock = path.join(locks, String(index));
      try {
        mkdirSync(lock);
      } catch {
        continue;
      }
      const free = () => rmSync(lock, { recursive: true, force: true });
      afterAll(free);
      process.once('exit', free);
      mine = server;
      return server;
    }
    if (Date.now() - started > GIVE_UP_MS) throw new Error(`no free browser-suite server in ${GIVE_UP_MS / 1000} s`);
    pause(WAIT_MS);
  }
};
