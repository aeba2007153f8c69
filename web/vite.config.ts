import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { webAliases } from './build/aliases.ts';
import { precompressPlugin } from './build/precompress.ts';
import { tokenDictionaryPlugin } from './build/token-dictionary-plugin.ts';

/** What every page's start needs of our code: the browser's entry, the root route and the public layout. */
const SHELL = /\/web\/src\/app\/(entry\.client|root|routes\/layout-public)\.tsx$/;

type ModuleGraph = { getModuleInfo: (id: string) => { importers: readonly string[] } | null };

/** Whether a module of ours is imported, statically and through any chain of modules, by the shell. */
const inShell = (() => {
  const known = new Set<string>();
  const reaches = (id: string, graph: ModuleGraph, seen: Set<string>): boolean => {
    if (known.has(id) || SHELL.test(id)) return true;
    if (seen.has(id)) return false;
    seen.add(id);
    const found = (graph.getModuleInfo(id)?.importers ?? []).some((importer) => reaches(importer, graph, seen));
    if (found) known.add(id);
    return found;
  };
  return (id: string, graph: ModuleGraph): boolean => id.includes('/web/src/') && reaches(id, graph, new Set());
})();

/**
 * What most public pages start with beside the shell, kept with it: the server's reads, the paged
 * lists, the small parts two or more of /, /faq-chat, /history and /signals draw (a form's alert, the
 * spinners, "Load more", the on-demand wrapper, number formats) and Chakra's Heading, Badge, Center,
 * Card, Separator, grids, Table and VisuallyHidden. Apart, each was a file of under 1 KB, one more
 * request on a phone that fetches six at a time over HTTP/1.1; together they add 1.6 KB to the shell.
 */
const PUBLIC_COMMON =
  /\/web\/src\/(app\/server-reads\.tsx|lib\/paged-list\.ts|lib\/numbers\.ts|hooks\/use-wanted-once\.ts|components\/ui\/(form-alert|load-more-button|page-spinner|on-demand)\.tsx)$|@chakra-ui\/react\/dist\/esm\/components\/(heading|badge|center|card|separator|grid|simple-grid|table|visually-hidden)\//;

/**
 * What every form and the live room's composer start with: Ark's field and the helpers every Ark part
 * is made with, Zag's autoresize and Chakra's Field, Input and Textarea, one file of 5 KB (split by
 * which pages share which part, it was five). The dialogs and the toaster, loaded later, take the
 * helpers from it too.
 */
const FORMS = /@ark-ui\/react\/dist\/(components\/field\/|components\/factory\.js|utils\/(create-split-props|create-context|compose-refs)\.js|providers\/environment\/use-environment-context\.js)|@zag-js\/auto-resize\/|@chakra-ui\/react\/dist\/esm\/components\/(field|textarea|input)\//;

const apiOrigin = 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  // React Router's framework mode (react-router.config.ts): the browser's build in <build>/client, the
  // server's in <build>/server, which the API imports to draw every page (plugins/external/web-app.ts).
  // precompress: a .br and a .gz copy of each built text file of the browser's, sent by the API.
  // token dictionary: Chakra's token dictionary of the browser's system, made here rather than at
  // every page's start (build/token-dictionary-plugin.ts).
  // pwa (the browser's build only): the service worker src/sw/sw.ts built into /sw.js with the offline
  // page and icons precached (nothing else: pages and /api are never cached); the manifest is
  // public/manifest.webmanifest
  plugins: [
    reactRouter(),
    precompressPlugin(),
    tokenDictionaryPlugin(),
    isSsrBuild
      ? null
      : VitePWA({
          strategies: 'injectManifest',
          srcDir: 'src/sw',
          filename: 'sw.ts',
          injectRegister: false,
          manifest: false,
          injectManifest: { globPatterns: ['offline.html', 'icons/*.png'] },
        }),
  ],
  // `@/lib/...` is `web/src/lib/...` (as in web/tsconfig.json), and the browser's Chakra system is
  // made from Chakra's own modules (build/aliases.ts, the same for the unit tests).
  resolve: { alias: webAliases() },
  // The server build carries every dependency in it: the API runs it without the web's node_modules.
  ssr: { noExternal: true },
  // React's production build on the server, whatever NODE_ENV the API runs with.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  server: {
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: true },
      '/socket.io': { target: apiOrigin, ws: true, changeOrigin: true },
    },
  },
  build: {
    // Chakra's theme is one large module; the warning is about the pages' shared chunk, not the entry.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // Chakra builds every component's anatomy (createAnatomy) and its default theme (defineConfig)
      // at the top of modules the entry imports; both only make objects, so unused results go.
      treeshake: { manualPureFunctions: ['createAnatomy', 'defineConfig'] },
      // What every page runs first and changes only with the dependencies (React, React Router,
      // TanStack Query, zustand) as one file: a returning reader keeps it across our releases, and
      // a first one fetches it as one request rather than split by which pages share which part.
      output: isSsrBuild
        ? {}
        : {
            codeSplitting: {
              groups: [
                { name: 'framework', priority: 1, test: /node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?(react|react-dom|scheduler|react-router|@tanstack\/query-core|@tanstack\/react-query|zustand)\// },
                // Our code that every page starts with (and the dependencies only it uses) as one file:
                // split by which pages share which part, it was some 50 small files that a phone on
                // HTTP/1.1 fetches six at a time.
                { name: (id: string, graph: ModuleGraph) => (inShell(id, graph) || PUBLIC_COMMON.test(id) ? 'shell' : null), debugName: 'shell' },
                { name: 'forms', test: FORMS },
              ],
            },
          },
    },
  },
}));
