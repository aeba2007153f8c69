// The servers compiled ahead of time (contract §15: a start compiles nothing). Each entry is
// bundled with esbuild into its package's `dist/` (ESM, the MongoDB store in a lazy chunk): our
// workspace packages (TypeScript) and the pure-JavaScript dependencies are inlined, the few in
// KEEP_EXTERNAL stay imports that Node resolves from the package's node_modules. `pnpm build`
// runs it; a start builds what is missing or older than the sources (1-2 s).
import { createRequire } from 'node:module';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What each start mode runs: the entry's source and the bundle's place. */
export const SERVER_ENTRIES = {
  api: { entry: 'api/src/cli.ts', outdir: 'api/dist', out: 'api/dist/cli.mjs', pkg: 'api' },
  realtime: { entry: 'realtime-server/src/main.ts', outdir: 'realtime-server/dist', out: 'realtime-server/dist/main.mjs', pkg: 'realtime-server' },
};

/**
 * Dependencies left to Node at run time: native addons, packages that read files beside their
 * own code, optional ones, and the MongoDB driver (loaded only with MONGODB_URL). Everything else
 * is inlined: resolving and reading a thousand files of node_modules was most of a start.
 */
const KEEP_EXTERNAL = new Set([
  'better-sqlite3', 'sharp', '@node-rs/argon2', 'mongodb', '@fastify/swagger', '@fastify/swagger-ui', '@fastify/static',
  'bufferutil', 'utf-8-validate', 'pino-pretty', 'nodemailer', 'ioredis',
]);

/** The folders whose files a bundle is made of. */
const SOURCE_DIRS = ['api/src', 'realtime-server/src', ...readdirSync(path.join(root, 'packages')).map((name) => `packages/${name}/src`)];

const newestSource = () => {
  let newest = 0;
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|mts|js|mjs|json)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  for (const dir of SOURCE_DIRS) walk(path.join(root, dir));
  for (const file of ['pnpm-lock.yaml', 'scripts/server-build.mjs']) newest = Math.max(newest, statSync(path.join(root, file)).mtimeMs);
  return newest;
};

/** 'missing', 'stale' or 'ready' for one start mode's bundle. */
export const serverBuildState = (which) => {
  const out = path.join(root, SERVER_ENTRIES[which].out);
  if (!existsSync(out)) return 'missing';
  return statSync(out).mtimeMs < newestSource() ? 'stale' : 'ready';
};

const buildOne = async (esbuild, which) => {
  const { entry, outdir } = SERVER_ENTRIES[which];
  // Built aside, then put in place whole: chunks of an earlier build (hashed names) are not left
  // beside the new ones, and a build that fails leaves the earlier one as it was.
  const target = path.join(root, outdir);
  const aside = `${target}.building-${process.pid}`;
  rmSync(aside, { recursive: true, force: true });
  const external = {
    name: 'what-stays-an-import',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('@le/')) return undefined;
        const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
        if (args.path.startsWith('node:') || KEEP_EXTERNAL.has(name)) return { path: args.path, external: true };
        return undefined;
      });
    },
  };
  await esbuild.build({
    entryPoints: { [path.basename(SERVER_ENTRIES[which].out, '.mjs')]: path.join(root, entry) },
    outdir: aside,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true, // a dynamic import (the MongoDB driver) stays lazy, in its own chunk
    format: 'esm',
    platform: 'node',
    // Bundled packages are resolved from their own package's folder, as Node would.
    nodePaths: [],
    target: 'node20',
    plugins: [external],
    // CommonJS code that was inlined may call require.
    banner: { js: "import { createRequire as __leRequire } from 'node:module'; const require = __leRequire(import.meta.url);" },
    logLevel: 'warning',
    legalComments: 'none',
  }).catch((error) => {
    rmSync(aside, { recursive: true, force: true });
    throw error;
  });
  rmSync(target, { recursive: true, force: true });
  try {
    renameSync(aside, target);
  } catch (error) {
    rmSync(aside, { recursive: true, force: true });
    // Processes started together on a fresh machine each build the same sources: one that finds
    // another's build put in place between its removal and its rename keeps that one.
    if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
  }
};

/** Builds the bundles of `modes` (all by default). */
export const buildServers = async (modes = Object.keys(SERVER_ENTRIES)) => {
  const esbuild = await import('esbuild');
  for (const which of modes) await buildOne(esbuild, which);
};

/** The bundle a start runs, built first when it is missing or older than its sources. */
export const ensureServerBuild = async (which) => {
  const state = serverBuildState(which);
  if (state !== 'ready') {
    let esbuildThere = true;
    try {
      createRequire(import.meta.url).resolve('esbuild');
    } catch {
      esbuildThere = false;
    }
    if (state === 'missing' && !esbuildThere) throw new Error(`${SERVER_ENTRIES[which].out} is missing and esbuild is not installed: run pnpm build`);
    if (esbuildThere) {
      process.stdout.write(state === 'missing' ? 'Compiling the server (first start)...\n' : 'Compiling the server again (its sources changed)...\n');
      try {
        await buildServers([which]);
      } catch (error) {
        // A build that is there still runs (a read-only image whose files' times moved).
        if (state === 'missing') throw error;
        process.stdout.write(`Could not compile the server again (${error.message.split('\n')[0]}): running the build that is there.\n`);
      }
    }
  }
  return pathToFileURL(path.join(root, SERVER_ENTRIES[which].out)).href;
};

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const began = performance.now();
  await buildServers();
  process.stdout.write(`Compiled the API and the realtime server in ${((performance.now() - began) / 1000).toFixed(1)} s\n`);
}
