import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, requireOrSkip, tempDir } from '@le/testing';
import type { TestProject } from 'vitest/node';
import { buildWeb } from '../../scripts/web-build.mjs';
import { seedAccounts, type SeededAccounts } from './seed';

/** One running server of the browser suites: its address, its DATA_DIR and the accounts seeded into it. */
export interface E2EServer {
  baseURL: string;
  dataDir: string;
  /** Accounts written into the store before the server starts (see seed.ts). */
  accounts: SeededAccounts;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker (server.ts gives each file one no other running file has); empty when Chromium is missing. */
    servers: E2EServer[];
    /** Where a file claims its server for the time it runs (server.ts). */
    serverLocks: string;
    chromium: string | null;
    admin: { email: string; password: string };
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ADMIN = { email: 'e2e-admin@example.com', password: 'e2e-admin-password' };

/**
 * Builds the web app as it is now, starts one real one-process server per worker, each on a free port
 * with a fresh DATA_DIR and the seeded accounts, and hands their addresses to the suites. Two suites
 * that run at the same time never share a server (a room, a signal feed, a mailbox), as when they ran
 * one after the other. Without Chromium the suites skip, except under CI=true where a missing
 * browser fails the run.
 */
export default async function setup(project: TestProject) {
  const chromium = requireOrSkip('chromium', 'browser suites', 'apt-get install chromium');
  project.provide('chromium', chromium);
  project.provide('admin', ADMIN);
  if (!chromium) {
    project.provide('servers', []);
    project.provide('serverLocks', '');
    return;
  }

  const dir = await tempDir('le-e2e-');
  // Each run builds into its own folder, so two runs in one checkout never overwrite each other.
  const webDist = path.join(dir.path, 'web-dist');
  if (buildWeb(root, webDist, { quiet: true }) !== 0) throw new Error('the web build failed');
  // As many as the suites run at once (vitest.config.ts: the e2e project's workers; 1 without file parallelism).
  const workers = Math.max(1, project.config.maxWorkers);
  const started = await Promise.allSettled(Array.from({ length: workers }, (_, index) => startServer(path.join(dir.path, `data-${index + 1}`), webDist)));
  const running = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopAll = async () => {
    await Promise.all(running.map((server) => server.stop()));
    await dir.remove();
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  const serverLocks = path.join(dir.path, 'server-locks');
  await mkdir(serverLocks);
  project.provide('serverLocks', serverLocks);
  project.provide(
    'servers',
    running.map(({ baseURL, dataDir, accounts }) => ({ baseURL, dataDir, accounts })),
  );
  return stopAll;
}

const startServer = async (dataDir: string, webDist: string): Promise<E2EServer & { stop: () => Promise<void> }> => {
  // A paid member, a trial and an expired member, through the real store module (see seed.ts).
  const accounts = await seedAccounts(dataDir);
  const port = await freePort();
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'api/src/cli.ts'), 'all'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      // every browser and API client of the suites is 127.0.0.1, and they sign in many times a minute
      RATE_LIMIT_SCALE: '20',
      // the membership lifecycle runs every second, so a membership that ends is pushed within one (membership-lifecycle.e2e)
      LIFECYCLE_SCAN_MS: '1000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  };
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the server did not start in 90 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { baseURL, dataDir, accounts, stop };
};
