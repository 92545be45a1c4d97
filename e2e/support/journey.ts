import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { type RunningServer, startServer } from './server';

/**
 * The server and browser of one journey file, started together before its tests and stopped after them.
 * `env` is read when the journey starts, so a file's own beforeAll (a Janus or coturn it starts) can fill it in.
 * E2E_WEB_DIST serves a private build while someone else rebuilds apps/web/dist (the server lists the built
 * files at start-up).
 */
export function useJourney(
  env: Record<string, string | undefined>,
  started: (server: RunningServer, browser: Browser) => void,
  browserArgs: string[] = [],
  defaults: Record<string, string | undefined> = {},
): void {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const dist = process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {};
    [server, browser] = await Promise.all([startServer({ ...defaults, ...dist, ...env }), launchBrowser(browserArgs)]);
    started(server, browser);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
}

/**
 * A journey on the demo hospital: seeded, and since many sign-ins and page loads come from one address within
 * a minute, far over the per-client limits meant for people, those are raised.
 */
export function useDemoJourney(
  env: Record<string, string | undefined>,
  started: (server: RunningServer, browser: Browser) => void,
  browserArgs: string[] = [],
): void {
  // env is read when the hook runs, not now: a file's own beforeAll may add to it first (JANUS_URL, TURN).
  useJourney(env, started, browserArgs, { SEED_DEMO: '1', LOGIN_RATE_LIMIT: '500', RATE_LIMIT_MAX: '100000' });
}
