#!/usr/bin/env node
// `pnpm start [all|api|realtime]`: builds the web app if it is missing or older than its sources,
// then runs the server in this same process (TypeScript is loaded through tsx, so there is no
// separate compile step).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import { webBuildState } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const mode = process.argv[2] ?? 'all';
if (!['all', 'api', 'realtime'].includes(mode)) {
  process.stderr.write(`unknown mode "${mode}": use all, api or realtime\n`);
  process.exit(1);
}

if (mode !== 'realtime') {
  const webDist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, 'web', 'dist');
  const state = webBuildState(root, webDist);
  const missing = state === 'missing';
  // Only the default build is ours to rebuild; a WEB_DIST given from outside is served as it is.
  const stale = state === 'stale' && !process.env.WEB_DIST;
  const vite = path.join(root, 'web', 'node_modules', 'vite', 'bin', 'vite.js');
  if (stale && !existsSync(vite)) {
    process.stdout.write('The web app is older than its sources, but Vite is not installed here: serving the build as it is.\n');
  }
  if (missing || (stale && existsSync(vite))) {
    process.stdout.write(missing ? 'Building the web app (first start)...\n' : 'Rebuilding the web app (its sources changed)...\n');
    const build = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
      cwd: path.join(root, 'web'),
      stdio: 'inherit',
      // whatever NODE_ENV the shell has, the served app is the production build
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  process.env.WEB_DIST = webDist;
}

register();
if (mode === 'realtime') {
  await import('../realtime-server/src/main.ts');
} else {
  process.argv[2] = mode;
  await import('../api/src/cli.ts');
}
