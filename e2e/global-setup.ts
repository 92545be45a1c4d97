import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
// @ts-expect-error: a plain .mjs build script shared with `npm start`
import { ensureServerBuild } from '../scripts/ensure-server-build.mjs';
// @ts-expect-error: a plain .mjs build script shared with `npm start`
import { ensureWebBuild } from '../scripts/ensure-web-build.mjs';
import { MEDIA_LANE } from './support/media-lane';

/** Journeys run against the real built app and server bundle (what `npm start` runs): built once, first. */
export default async function setup(): Promise<void> {
  ensureWebBuild();
  await ensureServerBuild();
  mkdirSync(join(import.meta.dirname, 'artifacts'), { recursive: true });
  // A lane left by an interrupted run (support/media-lane.ts).
  rmSync(MEDIA_LANE, { recursive: true, force: true });
}
