import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, requireOrSkip, tempDir } from '@le/testing';
import type { TestProject } from 'vitest/node';
import { seedAccounts, type SeededAccounts } from './seed';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
    chromium: string | null;
    admin: { email: string; password: string };
    /** Accounts written into the store before the server starts (see seed.ts). */
    accounts: SeededAccounts | null;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ADMIN = { email: 'e2e-admin@example.com', password: 'e2e-admin-password' };

/**
 * Builds the web app as it is now, starts the real one-process server on a free port with a fresh
 * DATA_DIR, and hands its address to the suites. Without Chromium the suites skip, except under
 * CI=true where a missing browser fails the run.
 */
export default async function setup(project: TestProject) {
  const chromium = requireOrSkip('chromium', 'browser suites', 'apt-get install chromium');
  project.provide('chromium', chromium);
  project.provide('admin', ADMIN);
  if (!chromium) {
    project.provide('baseURL', '');
    project.provide('dataDir', '');
    project.provide('accounts', null);
    return;
  }

  const dir = await tempDir('le-e2e-');
  // Each run builds into its own folder, so two runs in one checkout never overwrite each other.
  const webDist = path.join(dir.path, 'web-dist');
  const build = spawnSync(
    process.execPath,
    [path.join(root, 'web/node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error', '--outDir', webDist, '--emptyOutDir'],
    // vitest runs with NODE_ENV=test, which would make Vite build React's development bundle
    // (StrictMode's double effects and all): the suites test what users get.
    { cwd: path.join(root, 'web'), stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (build.status !== 0) throw new Error('the web build failed');
  // A paid member, a trial and an expired member, through the real store module (see seed.ts).
  project.provide('accounts', await seedAccounts(path.join(dir.path, 'data')));
  const port = await freePort();
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'api/src/cli.ts'), 'all'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir.path, 'data'),
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
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start in 30 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  project.provide('baseURL', baseURL);
  project.provide('dataDir', path.join(dir.path, 'data'));

  return async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    await dir.remove();
  };
}
