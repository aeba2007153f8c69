// Whether the built web app (web/dist) is missing, older than its sources, or fresh.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What the web build is made from: a change in any of it makes the build stale. */
export const WEB_SOURCES = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
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

/** 'missing' (no index.html), 'stale' (a source is newer than it) or 'fresh'. */
export const webBuildState = (root, webDist) => {
  const index = path.join(webDist, 'index.html');
  if (!existsSync(index)) return 'missing';
  return newestModification(WEB_SOURCES.map((entry) => path.join(root, entry))) > statSync(index).mtimeMs ? 'stale' : 'fresh';
};
