import { quickUnlockRoutes } from '@rounds/contracts/quick-unlock';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, DEMO, DEMO_PASSWORD } from '../support/api';
import { dismissToasts, openWatchedPage } from '../support/app';
import { snap } from '../support/browser';
import { callPage } from '../support/call-pages';
import { CALL_BROWSER_ARGS } from '../support/call-stats';
import { demoApi, type TSession } from '../support/demo';
import { directRoom } from '../support/direct-room';
import { useDemoJourney } from '../support/journey';
import { loginUi } from '../support/login-ui';
import { useMediaLane } from '../support/media-lane';
import { eachLook, lookSuffix } from '../support/pages/looks';
import { openRoom } from '../support/pages/room';
import { demoTabs } from '../support/pages/sign-in';
import { ADMIN, type RunningServer } from '../support/server';

/**
 * Quick unlock on a shared workstation (issue 26): Olivia sets a PIN in Settings, the screen locks over the page
 * (at once, and after the hospital's two idle minutes, on the page's own clock), stays locked across a reload,
 * opens with the PIN or the password, and five wrong tries sign her out. A call still rings over a locked screen
 * and is answered there. The panel and the lock photographed in both languages, themes and screens.
 */
let server: RunningServer;
let browser: Browser;
useMediaLane();
useDemoJourney(
  { SINGLE_SESSION: 'false' },
  (s, b) => {
    server = s;
    browser = b;
  },
  CALL_BROWSER_ARGS,
);
const { signIn } = demoTabs(() => ({ server, browser }));
const { apiSession } = demoApi(() => server);

const PIN = '4821';
const TEXTS = {
  en: { panel: 'Quick unlock', lock: 'Rounds is locked', lockNow: 'Lock the screen now' },
  fr: { panel: 'Déverrouillage rapide', lock: 'Rounds est verrouillé', lockNow: 'Verrouiller l’écran maintenant' },
} as const;

const lockOf = (page: Page, lang: 'en' | 'fr' = 'en') => page.getByRole('dialog', { name: TEXTS[lang].lock });

/** A PIN set through the API, as the user would have set it earlier in Settings. */
async function withPin(email: string): Promise<TSession> {
  const session = await apiSession(email);
  const reply = await call(server, quickUnlockRoutes.setPin, {
    body: { pin: PIN, password: DEMO_PASSWORD },
    token: session.token,
  });
  expect(reply.status).toBe(200);
  return session;
}

async function typeAndUnlock(page: Page, value: string): Promise<void> {
  const lock = lockOf(page);
  await lock.getByLabel(/^(PIN \(4 to 6 digits\)|Your password)$/).fill(value);
  await lock.getByRole('button', { name: 'Unlock' }).click();
}

describe('quick unlock', () => {
  it('sets a PIN, locks now and after two idle minutes, survives a reload, opens with the PIN or the password', async () => {
    const { page, errors } = await signIn('olivia.landry', { theme: 'light', lang: 'en', mobile: false });
    await page.goto('/settings');
    const panel = page.getByRole('region', { name: 'Quick unlock' });
    await panel.getByText('No PIN yet', { exact: false }).waitFor();
    await panel.getByLabel('PIN (4 to 6 digits)', { exact: true }).fill(PIN);
    await panel.getByLabel('PIN again', { exact: true }).fill('4822');
    await panel.getByLabel('Your password', { exact: true }).fill(DEMO_PASSWORD);
    await panel.getByRole('button', { name: 'Set PIN' }).click();
    await panel.getByText('The two PINs are not the same.').waitFor();
    await panel.getByLabel('PIN again', { exact: true }).fill(PIN);
    await panel.getByRole('button', { name: 'Set PIN' }).click();
    await panel.getByText('A PIN is set on your account.').waitFor();

    // Locked at once: the page behind is hidden and out of reach, and a reload does not open it.
    await panel.getByRole('button', { name: 'Lock the screen now' }).click();
    await lockOf(page).waitFor();
    await expect.poll(() => page.locator('main').getAttribute('inert')).not.toBeNull();
    await page.reload();
    await lockOf(page).waitFor();
    await typeAndUnlock(page, '0000');
    await lockOf(page).getByText('That is not right. 4 tries left before you are signed out.').waitFor();
    await typeAndUnlock(page, PIN);
    await lockOf(page).waitFor({ state: 'detached' });
    await panel.waitFor();

    // Two idle minutes on the page's own clock lock it again; the password opens it too.
    await page.clock.install();
    await page.reload();
    await panel.getByText('A PIN is set on your account.').waitFor();
    await page.clock.fastForward('02:10');
    await lockOf(page).waitFor();
    await lockOf(page).getByRole('button', { name: 'Use my password instead' }).click();
    await typeAndUnlock(page, DEMO_PASSWORD);
    await lockOf(page).waitFor({ state: 'detached' });
    expect(errors()).toEqual([]);
  });

  it('signs out at the fifth wrong try, and says why on the login page', async () => {
    await withPin(DEMO.liam);
    const { page } = await signIn('liam.hebert', { theme: 'light', lang: 'en', mobile: false });
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Lock the screen now' }).click();
    for (const left of [4, 3, 2, 1]) {
      await typeAndUnlock(page, '9999');
      await lockOf(page).getByText(`That is not right. ${left} tries left before you are signed out.`).waitFor();
    }
    await typeAndUnlock(page, '9999');
    await page.waitForURL('**/login');
    await page.getByText('Too many wrong tries: you have been signed out. Please sign in again.').waitFor();
  });

  it('rings a locked screen, which answers the call over the lock', async () => {
    const noah = await withPin(DEMO.noah);
    // Their direct chat, from earlier.
    const amelia = await apiSession(DEMO.amelia);
    await directRoom(server, amelia, noah.id);
    const doctor = await callPage(browser, server.url, DEMO.noah);
    await doctor.page.goto('/settings');
    await doctor.page.getByRole('button', { name: 'Lock the screen now' }).click();
    await lockOf(doctor.page).waitFor();

    const nurse = await callPage(browser, server.url, DEMO.amelia);
    await openRoom(nurse.page, 'Noah Thibodeaux');
    await nurse.page.getByRole('button', { name: 'Start a voice call' }).click();
    const ringing = doctor.page.getByRole('dialog', { name: 'Incoming voice call: Amelia Broussard' });
    await ringing.waitFor();
    await snap(doctor.page, 'quick-unlock-ringing-over-lock');
    await ringing.getByRole('button', { name: 'Accept', exact: true }).click();
    const call = doctor.page.getByRole('region', { name: 'Call' });
    await call.waitFor();
    await call.getByRole('button', { name: 'Leave call' }).click();
    await call.waitFor({ state: 'detached' });
    // The call is over; the screen is still locked.
    await lockOf(doctor.page).waitFor();
    expect([...doctor.errors(), ...nurse.errors()]).toEqual([]);
  });

  it('lets the Admin set the idle minutes, 0 to 60, which the users’ Settings then state', async () => {
    const { page, errors } = await openWatchedPage(browser, { baseURL: server.url });
    await loginUi(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/users');
    const card = page.getByRole('region', { name: 'Shared workstations' });
    const minutes = card.getByLabel('Lock the screen after');
    await minutes.fill('61');
    await card.getByText('Input value should be between 0 and 60.').waitFor();
    await expect(card.getByRole('button', { name: 'Save' }).isDisabled()).resolves.toBe(true);
    await minutes.fill('5');
    await card.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Setting updated successfully').waitFor();
    await snap(page, 'quick-unlock-admin-light-en');
    await dismissToasts(page);

    await withPin(DEMO.lucas);
    const lucas = await signIn('lucas.fontenot', { theme: 'light', lang: 'en', mobile: false });
    await lucas.page.goto('/settings');
    await lucas.page.getByText('Rounds locks the screen after 5 minutes without activity', { exact: false }).waitFor();
    await minutes.fill('2');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => card.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    expect([...errors(), ...lucas.errors()]).toEqual([]);
  });

  eachLook('the panel and the locked screen as people see them', async (look) => {
    await withPin(DEMO.emma);
    const tab = await signIn('emma.guidry', look);
    await tab.page.goto('/settings');
    const panel = tab.page.getByRole('region', { name: TEXTS[look.lang].panel });
    await panel.scrollIntoViewIfNeeded();
    await dismissToasts(tab.page);
    await snap(tab.page, `quick-unlock-panel-${lookSuffix(look)}`);
    await panel.getByRole('button', { name: TEXTS[look.lang].lockNow }).click();
    await lockOf(tab.page, look.lang).waitFor();
    await snap(tab.page, `quick-unlock-locked-${lookSuffix(look)}`);
    expect(tab.errors()).toEqual([]);
  });
});
