import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD } from './api';
import { openContext } from './app';
import { watchErrors } from './browser';
import { capturePeers } from './call-stats';
import { roomRow, roomTitle } from './chat-page';
import { loginUi } from './login-ui';

/**
 * A demo user signed in for a call journey: their own browser context (light or dark), every peer connection
 * kept for getStats (relay-only ICE if asked), and the page's errors watched from the first request.
 */
export async function callPage(
  browser: Browser,
  url: string,
  email: string,
  o: { colorScheme?: 'light' | 'dark'; relayOnly?: boolean } = {},
): Promise<{ page: Page; errors: () => string[] }> {
  const context = await openContext(browser, {
    baseURL: url,
    ...(o.colorScheme ? { colorScheme: o.colorScheme } : {}),
  });
  const page = await context.newPage();
  await capturePeers(page, { relayOnly: o.relayOnly ?? false });
  const errors = watchErrors(page);
  await loginUi(page, email, DEMO_PASSWORD);
  return { page, errors };
}

/**
 * The three people of the video journeys in `room`: the nurse (light), the physician (dark, French) and the
 * charge nurse (light) signed in with the room open; the nurse starts a video call and the two others accept it
 * from their ringing cards. Returns their pages, call regions and error watchers, in that order.
 */
export async function threeWayVideoCall(
  browser: Browser,
  url: string,
  emails: readonly [nurse: string, doctor: string, charge: string],
  room: string,
) {
  const signedIn = [];
  for (const [i, colorScheme] of (['light', 'dark', 'light'] as const).entries()) {
    signedIn.push(await callPage(browser, url, emails[i]!, { colorScheme }));
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
  return { pages, regions, errors: signedIn.map((s) => s.errors) };
}
