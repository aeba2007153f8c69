import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { webAliases } from './web/build/aliases.ts';
import { tokenDictionaryPlugin } from './web/build/token-dictionary-plugin.ts';

/**
 * One runner, three kinds of test, named by their files: `*.unit.test.ts` (pure code),
 * `*.int.test.ts` (the real HTTP server through inject or a port, real files, a real redis-server)
 * and `*.e2e.test.ts` (the built app in Debian's Chromium).
 *
 * The unit files run in two projects. Most share one worker's module cache (`isolate: false`):
 * React, Chakra and jsdom are loaded once per worker instead of once per file, which was most of
 * the unit suite's time; `packages/testing/src/unit-setup.ts` gives each file fresh modules of our own and
 * a clean document, so a store or a cache of ours never leaks from one file into the next. A file
 * that replaces a module (`vi.mock`) runs isolated in `unit-isolated`, since a mock cannot take
 * the place of a module that an earlier file already loaded.
 */
const root = fileURLToPath(new URL('.', import.meta.url));
const UNIT_FOLDERS = ['packages', 'scripts', 'api', 'realtime-server', 'web/src', 'web/build'];
const unitFiles = UNIT_FOLDERS.flatMap((folder) =>
  readdirSync(new URL(folder, `file://${root}`), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.unit\.test\.tsx?$/.test(file) && !file.split('/').includes('node_modules'))
    .map((file) => `${folder}/${file}`),
);
const mocksModules = (file: string) => /\bvi\.(mock|doMock)\(/.test(readFileSync(`${root}/${file}`, 'utf8'));

const unit = {
  // The web app's aliases and its token dictionary module, as its build has them (web/vite.config.ts).
  plugins: [tokenDictionaryPlugin()],
  resolve: { alias: webAliases() },
  environment: 'node',
  // A screen's first render loads Chakra and the page in jsdom: seconds on a busy 2-core
  // machine while the other projects run beside it. Time limits are not what these test.
  testTimeout: 20_000,
} as const;

export default defineConfig({
  test: {
    // Both cores: files are independent (each int suite has its own ports, DATA_DIR and redis-server).
    maxWorkers: 2,
    reporters: ['default', './scripts/vitest-timings.ts'],
    projects: [
      {
        plugins: unit.plugins,
        resolve: unit.resolve,
        test: {
          name: 'unit',
          include: unitFiles.filter((file) => !mocksModules(file)),
          environment: unit.environment,
          testTimeout: unit.testTimeout,
          isolate: false,
          setupFiles: ['packages/testing/src/unit-setup.ts'],
        },
      },
      {
        plugins: unit.plugins,
        resolve: unit.resolve,
        test: {
          name: 'unit-isolated',
          include: unitFiles.filter(mocksModules),
          environment: unit.environment,
          testTimeout: unit.testTimeout,
        },
      },
      {
        test: {
          name: 'int',
          include: ['api/**/*.int.test.ts', 'realtime-server/**/*.int.test.ts', 'scripts/**/*.int.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // Two suites at once, each with a server of its own (e2e/support/global-setup.ts).
          fileParallelism: true,
          maxWorkers: 2,
          // After the other projects, once the lint and the type check beside them are done: the
          // browser suites have both cores to themselves.
          sequence: { groupOrder: 1 },
          // Two browsers, two servers and two suites on two cores: a step can miss its moment once.
          // A test that fails is run once more and reported as retried; one that fails twice fails.
          retry: 1,
          globalSetup: ['e2e/support/global-setup.ts'],
        },
      },
    ],
  },
});
