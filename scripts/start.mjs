#!/usr/bin/env node
// `pnpm start [all|api|realtime]`: builds the web app if it is missing or older than its sources,
// then runs the compiled server in this same process (scripts/server-build.mjs).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuild } from './server-build.mjs';
import { buildWeb, webBuildState, webBuilder } from './web-build.mjs';

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
  const builder = webBuilder(root);
  if (stale && !existsSync(builder)) {
    process.stdout.write('The web app is older than its sources, but its build tools are not installed here: serving the build as it is.\n');
  }
  if (missing || (stale && existsSync(builder))) {
    process.stdout.write(missing ? 'Building the web app (first start)...\n' : 'Rebuilding the web app (its sources changed)...\n');
    const status = buildWeb(root, webDist, { quiet: true });
    if (status !== 0) process.exit(status);
  }
  process.env.WEB_DIST = webDist;
}

// The server runs as JavaScript compiled ahead of time (server-build.mjs), built first when
// missing or older than its sources: a start compiles nothing.
const entry = await ensureServerBuild(mode === 'realtime' ? 'realtime' : 'api');
if (mode !== 'realtime') process.argv[2] = mode;
await import(entry);
