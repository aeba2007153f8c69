#!/usr/bin/env node
// `pnpm start [all|api|realtime]`: builds the web app if it is missing, then runs the server in
// this same process (TypeScript is loaded through tsx, so there is no separate compile step).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const mode = process.argv[2] ?? 'all';
if (!['all', 'api', 'realtime'].includes(mode)) {
  process.stderr.write(`unknown mode "${mode}": use all, api or realtime\n`);
  process.exit(1);
}

if (mode !== 'realtime') {
  const webDist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, 'web', 'dist');
  if (!existsSync(path.join(webDist, 'index.html'))) {
    process.stdout.write('Building the web app (first start)...\n');
    const vite = path.join(root, 'web', 'node_modules', 'vite', 'bin', 'vite.js');
    const build = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
      cwd: path.join(root, 'web'),
      stdio: 'inherit',
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
