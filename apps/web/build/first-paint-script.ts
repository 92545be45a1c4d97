// By path, not by package name: Vite bundles the config's relative imports but hands packages to Node, which
// cannot load the contracts' TypeScript.

import type { Plugin } from 'vite';
import { FIRST_PAINT_SCRIPT } from '../../../packages/contracts/src/first-paint.ts';

/**
 * Puts the first-paint script (contracts/first-paint.ts) inline at the top of <head>, before the stylesheet, so
 * the attribute Mantine's CSS keys on is set before the first paint. The server allows this exact script by its
 * hash; the prerendered guest pages start from this index.html and carry it too.
 */
export function firstPaintScript(): Plugin {
  return {
    name: 'rounds-first-paint-script',
    transformIndexHtml: {
      order: 'pre',
      handler: () => [{ tag: 'script', children: FIRST_PAINT_SCRIPT, injectTo: 'head-prepend' }],
    },
  };
}
