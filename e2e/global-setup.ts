import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
// @ts-expect-error: a plain .mjs build script shared with `npm start`
import { ensureWebBuild } from '../scripts/ensure-web-build.mjs';

/** Journeys run against the real built app, so build it once before any file starts. */
export default function setup(): void {
  ensureWebBuild();
  mkdirSync(join(import.meta.dirname, 'artifacts'), { recursive: true });
}
