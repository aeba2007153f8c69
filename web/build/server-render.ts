import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

/**
 * The folder, inside the client build, of the server bundle (`entry-server.js`): the API imports it to
 * draw the guest's first paint of the public pages (web-app plugin); it never serves it.
 */
export const SERVER_RENDER_DIR = 'ssr';
export const SERVER_RENDER_ENTRY = 'entry-server.js';

/** Whether a Vite build is the nested server build this plugin starts (other plugins skip it). */
export const isServerBuild = (env: { isSsrBuild?: boolean }): boolean => env.isSsrBuild === true;

/**
 * After the client build, builds `src/app/entry-server.tsx` for Node into `<outDir>/ssr/`, every
 * dependency bundled in (the API runs it without the web's node_modules). Every way the app is built
 * (`pnpm build`, `pnpm start`, the tests, `pnpm lighthouse`) runs through this config, so a client
 * build never ships without the server bundle that draws its pages.
 */
export const serverRenderPlugin = (): Plugin => {
  let config: ResolvedConfig;
  return {
    name: 'le-server-render',
    apply: (_config, env) => env.command === 'build' && !isServerBuild(env),
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle(error) {
      if (error) return;
      const { build } = await import('vite');
      await build({
        configFile: config.configFile,
        root: config.root,
        mode: config.mode,
        logLevel: config.logLevel === 'info' ? 'warn' : config.logLevel,
        ssr: { noExternal: true },
        // React's production build, whatever NODE_ENV the API runs with (its development build is
        // several times slower and checks nothing a drawn page needs).
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: {
          ssr: path.join(config.root, 'src/app/entry-server.tsx'),
          outDir: path.join(config.build.outDir, SERVER_RENDER_DIR),
          emptyOutDir: false,
          copyPublicDir: false,
          minify: false,
          rolldownOptions: { output: { entryFileNames: SERVER_RENDER_ENTRY } },
        },
      });
    },
  };
};
