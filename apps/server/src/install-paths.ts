import { fileURLToPath } from 'node:url';

/**
 * Folders of the installation, resolved from this file's folder (src/). The production bundle
 * (dist/main.mjs, scripts/ensure-server-build.mjs) sits at the same depth, so the same paths hold from both;
 * that is why they live here and not beside the modules that read them.
 */
export const WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));
export const ASSET_LOGOS_DIR = fileURLToPath(new URL('../assets/logos', import.meta.url));
