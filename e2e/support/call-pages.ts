import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_PASSWORD } from './api';
import { openContext, watchAppSocket } from './app';
import { snap, watchErrors } from './browser';
import { budget } from './budget';
import { capturePeers } from './call-stats';
import { demo, demoApi } from './demo';
import { directRoom } from './direct-room';
import { loginUi } from './login-ui';
import { roomRow, roomTitle } from './pages/room';
import type { RunningServer } from './server';

/**
 * A demo user signed in for a call journey: their own browser context (light or dark), every peer connection
 * kept for getStats (relay-only ICE if asked), and the page's errors watched from the first request.
 */
export async function callPage(
  browser: Browser,
  url: string,
  email: string,
  o: {
    colorScheme?: 'light' | 'dark';
    relayOnly?: boolean;
    /** Runs on the fresh page before it signs in (a route on its socket, say). */
    prepare?: (page: Page) => Promise<void>;
    /** Hand the page back only once its socket is connected (default); false for a socket held back on purpose. */
    untilConnected?: boolean;
  } = {},
): Promise<{ page: Page; errors: () => string[] }> {
  const context = await openContext(browser, {
    baseURL: url,
    ...(o.colorScheme ? { colorScheme: o.colorScheme } : {}),
  });
  const page = await context.newPage();
  await capturePeers(page, { relayOnly: o.relayOnly ?? false });
  const errors = watchErrors(page);
  await o.prepare?.(page);
  const connected = watchAppSocket(page);
  await loginUi(page, email, DEMO_PASSWORD);
  // Listening before it is handed back: a call placed before the socket is up rings nobody (calls-turn did).
  if (o.untilConnected !== false) await expect.poll(connected, { timeout: budget(30_000) }).toBe(true);
  return { page, errors };
}

/**
 * The three people of the video journeys: the nurse (English, light), the physician (French, dark) and the
 * charge nurse (English, light); the nurse makes the group `room` with both and a direct chat with the
 * physician (for a direct screen share), then all three sign in with the room open, the nurse starts a video
 * call and the two others accept it from their ringing cards. Returns their pages, call regions and error
 * watchers, in that order, and the charge nurse's id.
 */
export async function threeWayVideoCall(browser: Browser, server: RunningServer, room: string) {
  const { apiSession, apiGroup, logout, setPreferences, idOf } = demoApi(() => server);
  const emails = [demo('amelia.broussard'), demo('noah.thibodeaux'), demo('mason.arceneaux')] as const;
  await setPreferences(emails[0], 'en', 'light');
  await setPreferences(emails[1], 'fr', 'dark');
  await setPreferences(emails[2], 'en', 'light');
  const nurse = await apiSession(emails[0]);
  await apiGroup(nurse, room, ['Noah Thibodeaux', 'Mason Arceneaux']);
  const chargeId = await idOf(nurse, 'Mason Arceneaux');
  const doctorId = await idOf(nurse, 'Noah Thibodeaux');
  await directRoom(server, nurse, doctorId);
  await logout(nurse);

  const signedIn = [];
  for (const [i, colorScheme] of (['light', 'dark', 'light'] as const).entries()) {
    signedIn.push(await callPage(browser, server.url, emails[i]!, { colorScheme }));
  }
  const pages = signedIn.map((s) => s.page) as [Page, Page, Page];
  for (const page of pages) {
    await roomRow(page, room).click();
    await roomTitle(page, room).waitFor();
  }
  const [nursePage, doctorPage, chargePage] = pages;
  await nursePage.getByRole('button', { name: 'Start a video call' }).click();
  await doctorPage
    .getByRole('dialog', { name: 'Appel vidéo entrant: Amelia Broussard' })
    .getByRole('button', { name: 'Accepter', exact: true })
    .click();
  await chargePage
    .getByRole('dialog', { name: 'Incoming video call: Amelia Broussard' })
    .getByRole('button', { name: 'Accept', exact: true })
    .click();
  const regions = [
    nursePage.getByRole('region', { name: 'Call' }),
    doctorPage.getByRole('region', { name: 'Appel' }),
    chargePage.getByRole('region', { name: 'Call' }),
  ] as const;
  return { pages, regions, errors: signedIn.map((s) => s.errors), chargeId };
}

/**
 * A screenshot of a call (and its axe audit, support/browser.ts snap) with nothing hovering over it: the pointer
 * moved off the controls, focus taken from the last button pressed, and every tooltip gone.
 */
export async function lookAtCall(page: Page, name: string): Promise<void> {
  await page.mouse.move(640, 790);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  // A tooltip the pointer just left fades out first: photographed (and audited) mid-fade, its text nearly
  // vanishes into the background (axe measured 1.03:1 once).
  await expect.poll(() => page.getByRole('tooltip').count()).toBe(0);
  await snap(page, name);
}
