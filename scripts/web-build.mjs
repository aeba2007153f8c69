// The web app's build (React Router's framework mode, web/dist): whether it is missing, older than
// its sources, or fresh, and how to make it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What the web build is made from: a change in any of it makes the build stale. */
export const WEB_SOURCES = [
  'web/src',
  'web/public',
  'web/vite.config.ts',
  'web/react-router.config.ts',
  'web/build',
  'web/tsconfig.json',
  'web/package.json',
  'packages/contracts/src',
  'pnpm-lock.yaml',
];

/** The newest modification time under these files and folders (0 when none exist). */
export const newestModification = (entries) => {
  let latest = 0;
  const visit = (entry) => {
    if (!existsSync(entry)) return;
    const stats = statSync(entry);
    if (stats.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name));
    else latest = Math.max(latest, stats.mtimeMs);
  };
  entries.forEach(visit);
  return latest;
};

/** The build's server module, written last: its presence says the build is whole. */
export const SERVER_ENTRY = path.join('server', 'index.js');

/** 'missing' (no server module), 'stale' (a source is newer than it) or 'fresh'. */
export const webBuildState = (root, webDist) => {
  const entry = path.join(webDist, SERVER_ENTRY);
  if (!existsSync(entry)) return 'missing';
  return newestModification(WEB_SOURCES.map((source) => path.join(root, source))) > statSync(entry).mtimeMs ? 'stale' : 'fresh';
};

/** The React Router CLI that builds the web app (installed with the web workspace). */
export const webBuilder = (root) => path.join(root, 'web', 'node_modules', '@react-router', 'dev', 'bin.js');

/**
 * Builds the web app into `webDist` (its `client/` and `server/`), as users get it: the production
 * build, whatever NODE_ENV the caller runs with (vitest's `test` would make React's development one).
 * Returns the exit status.
 */
export const buildWeb = (root, webDist, { quiet = false } = {}) => {
  const result = spawnSync(process.execPath, [webBuilder(root), 'build'], {
    cwd: path.join(root, 'web'),
    stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
    env: { ...process.env, NODE_ENV: 'production', LE_WEB_BUILD_DIR: webDist },
  });
  return result.status ?? 1;
};
