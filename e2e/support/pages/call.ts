import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { callPage } from '../call-pages';
import { CALL_BROWSER_ARGS } from '../call-stats';
import { demo, demoApi } from '../demo';
import { directRoom } from '../direct-room';
import { useMediaLane } from '../media-lane';
import type { RunningServer } from '../server';
import { openRoom } from './room';
import { useDemoStaff } from './sign-in';

/** A media engine a call journey's server uses (Janus, coturn): started before the server, stopped after it. */
type TEngine = () => Promise<{ env: Record<string, string>; stop: () => Promise<void> }>;

/**
 * A call journey (support/pages/sign-in.ts useDemoStaff, browsers with fake media devices): the media lane
 * taken first, then the engine if any, then the server with the engine's environment (also returned as `env`).
 */
export function useCallJourney(engine?: TEngine) {
  // Several browsers with live media: one call journey at a time (support/media-lane.ts).
  useMediaLane();
  const env: Record<string, string> = {};
  if (engine) {
    let stop: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      const started = await engine();
      stop = started.stop;
      Object.assign(env, started.env);
    });
    afterAll(async () => {
      await stop?.();
    });
  }
  return { env, ...useDemoStaff(env, CALL_BROWSER_ARGS) };
}

/**
 * A caller (English, light) and a callee (French, dark) with a direct chat between them, made through the API
 * before either signs in (an API sign-in ends a browser session), both signed out again.
 */
export async function directChat(server: RunningServer, callerEmail: string, calleeEmail: string): Promise<void> {
  const { apiSession, logout, setPreferences } = demoApi(() => server);
  await setPreferences(callerEmail, 'en', 'light');
  await setPreferences(calleeEmail, 'fr', 'dark');
  const caller = await apiSession(callerEmail);
  const callee = await apiSession(calleeEmail);
  await directRoom(server, caller, callee.id);
  await logout(caller);
  await logout(callee);
}

/**
 * The nurse's group `room` with the physician and the charge nurse, all three in English and light, signed in
 * with the room open: their pages (nurse, physician, charge nurse) and error watchers.
 */
export async function groupOfThree(browser: Browser, server: RunningServer, room: string) {
  const { apiSession, apiGroup, logout, setPreferences } = demoApi(() => server);
  const nurseEmail = demo('amelia.broussard');
  const emails = [nurseEmail, demo('noah.thibodeaux'), demo('mason.arceneaux')];
  for (const email of emails) await setPreferences(email, 'en', 'light');
  const nurse = await apiSession(nurseEmail);
  await apiGroup(nurse, room, ['Noah Thibodeaux', 'Mason Arceneaux']);
  await logout(nurse);
  const signedIn = [];
  for (const email of emails) signedIn.push(await callPage(browser, server.url, email));
  const pages = signedIn.map((s) => s.page) as [Page, Page, Page];
  for (const page of pages) {
    await openRoom(page, room);
  }
  return { pages, errors: signedIn.map((s) => s.errors) };
}
