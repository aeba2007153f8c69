import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './build/precompress.ts';
import { routePreloadsPlugin } from './build/route-preloads.ts';
import { serverRenderPlugin } from './build/server-render.ts';

const apiOrigin = 'http://localhost:3000';

export default defineConfig({
  // route preloads: each address's own scripts, named by the API in the HTML it sends (web-app plugin);
  // precompress: a .br and a .gz copy of each built text file, sent by the API (web-app plugin);
  // server render: the bundle with which the API draws a guest's first paint of the public pages
  plugins: [react(), routePreloadsPlugin(), precompressPlugin(), serverRenderPlugin()],
  // `@/lib/...` is `web/src/lib/...` (the same alias in web/tsconfig.json and vitest.config.ts).
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: true },
      '/socket.io': { target: apiOrigin, ws: true, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: true },
      '/socket.io': { target: apiOrigin, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Chakra's theme is one large module; the warning is about the lazy pages' shared chunk, not the entry.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // Chakra builds every component's anatomy (createAnatomy) and its default theme (defineConfig)
      // at the top of modules the entry imports; both only make objects, so unused results go
      // (about 2 KB gzipped of the entry).
      treeshake: { manualPureFunctions: ['createAnatomy', 'defineConfig'] },
    },
  },
});
