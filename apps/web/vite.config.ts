import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { CHUNK_GROUPS } from './build/chunk-groups.ts';
import { firstPaintScript } from './build/first-paint-script.ts';
import { pureZodContracts } from './build/pure-zod-contracts.ts';

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
    ...(isSsrBuild ? [] : [compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })]),
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
