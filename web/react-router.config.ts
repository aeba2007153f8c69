import type { Config } from '@react-router/dev/config';

/**
 * React Router's framework mode: every page is drawn on the server (app/entry.server.tsx) and
 * hydrated at once (app/entry.client.tsx). The signed-in areas draw a spinner there and render in
 * the browser, where the session is (their layouts' clientLoader). `LE_WEB_BUILD_DIR` lets a run
 * build elsewhere (the browser suites build into their own folder).
 */
export default {
  appDirectory: 'src/app',
  buildDirectory: process.env.LE_WEB_BUILD_DIR ?? 'dist',
  ssr: true,
} satisfies Config;
