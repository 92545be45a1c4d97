// Bundles the server (and the contracts it imports) into apps/server/dist/main.mjs when missing or older than
// its sources. Production runs plain JavaScript: no TypeScript loader hooks at start, so a restart is ready in
// about half the time (bench/restart-storm). Dependencies stay in node_modules (native ones included).
import { join } from 'node:path';
import { build } from 'esbuild';
import { isStale } from './stale.mjs';

const root = join(import.meta.dirname, '..');
export const SERVER_BUNDLE = join(root, 'apps', 'server', 'dist', 'main.mjs');

/**
 * The server bundle's esbuild options; `overrides` lets a test build it in memory with a metafile to read its
 * inputs (apps/server/test/bundle-inputs.test.ts: no test support in it).
 */
export function serverBuildOptions(overrides = {}) {
  return {
    entryPoints: [join(root, 'apps', 'server', 'src', 'main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: SERVER_BUNDLE,
    sourcemap: true,
    logLevel: 'warning',
    // Bundled CommonJS code may call require(); an ES module has none of its own.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    // Every package but our own workspaces is loaded from node_modules at run time, as it is installed.
    plugins: [
      {
        name: 'dependencies-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@rounds/') ? undefined : { external: true },
          );
        },
      },
    ],
    ...overrides,
  };
}

export async function ensureServerBuild() {
  const sources = [join(root, 'apps', 'server', 'src'), join(root, 'packages', 'contracts', 'src')];
  if (!isStale(SERVER_BUNDLE, sources)) return SERVER_BUNDLE;
  await build(serverBuildOptions());
  return SERVER_BUNDLE;
}

if (import.meta.url === `file://${process.argv[1]}`) await ensureServerBuild();
