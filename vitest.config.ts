import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * One runner, three kinds of test, named by their files: `*.unit.test.ts` (pure code),
 * `*.int.test.ts` (the real HTTP server through inject or a port, real files, a real redis-server)
 * and `*.e2e.test.ts` (the built app in Debian's Chromium).
 */
export default defineConfig({
  test: {
    projects: [
      {
        // The web app's `@/` alias (web/vite.config.ts).
        resolve: { alias: { '@': fileURLToPath(new URL('./web/src', import.meta.url)) } },
        test: {
          name: 'unit',
          include: ['packages/**/src/**/*.unit.test.ts', 'scripts/**/*.unit.test.ts', 'api/**/*.unit.test.ts', 'realtime-server/**/*.unit.test.ts', 'web/src/**/*.unit.test.{ts,tsx}', 'web/build/**/*.unit.test.ts'],
          environment: 'node',
          // A screen's first render loads Chakra and the page in jsdom: seconds on a busy 2-core
          // machine while the other projects run beside it. Time limits are not what these test.
          testTimeout: 20_000,
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
          fileParallelism: false,
          globalSetup: ['e2e/support/global-setup.ts'],
        },
      },
    ],
  },
});
