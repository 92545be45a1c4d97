import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { CHUNK_GROUPS } from './build/chunk-groups.ts';
import { firstPaintScript } from './build/first-paint-script.ts';
import { pureZodContracts } from './build/pure-zod-contracts.ts';
import { WEB_MANIFEST } from './build/web-manifest.ts';

// The API, the logos and the socket all live on the server; in development Vite forwards them so the
// browser sees a single origin, exactly as in production where the server serves dist/.
const SERVER = 'http://localhost:8080';

export default defineConfig(({ isSsrBuild }) => ({
  // @vitejs/plugin-react is hoisted to the root node_modules where it resolves vite 8 (pulled in by vitest),
  // while this package pins vite 7 (apps/web/node_modules/vite), so its Plugin type is the other vite's.
  // Drop the cast once both resolve the same vite.
  // Brotli and gzip copies of every asset next to it; the server sends them as they are (preCompressed).
  // The SSR build (scripts/prerender.mjs) is only run at build time to write the guest pages: nothing of it is
  // served, so it is not compressed.
  plugins: [
    react(),
    pureZodContracts(),
    firstPaintScript(),
    ...(isSsrBuild
      ? []
      : [
          // The service worker (src/sw/sw.ts), built with the app: Workbox lists the shell and the hashed assets
          // for it to precache. Registered by the app itself (app/pwa), so a new build waits for a safe moment.
          VitePWA({
            strategies: 'injectManifest',
            srcDir: 'src/sw',
            filename: 'sw.ts',
            injectRegister: false,
            manifest: WEB_MANIFEST,
            injectManifest: {
              // The prerendered pages are chosen per language by the server: the worker falls back to the shell.
              globPatterns: ['index.html', 'assets/**/*.{js,css,woff2,svg,png}', '*.svg', 'icons/*.png'],
              maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
            },
            devOptions: { enabled: false },
          }),
          compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
        ]),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: SERVER, changeOrigin: true },
      '/logos': { target: SERVER, changeOrigin: true },
      '/server/socket.io': { target: SERVER, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/print-sizes.mjs reads the manifest to find what index.html loads up front.
    manifest: true,
    sourcemap: false,
    // scripts/print-sizes.mjs enforces the real budget (initial JS); this warning would only repeat it.
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      // Fewer, larger chunks for what a page needs up front (build/chunk-groups.ts); the SSR build is one file anyway.
      ...(isSsrBuild ? {} : { output: { codeSplitting: { groups: CHUNK_GROUPS } } }),
      onwarn(warning, warn) {
        // zod ships explanatory comments mentioning @__PURE__ that Rollup reports as misplaced annotations.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/zod/')) return;
        warn(warning);
      },
    },
  },
}));
