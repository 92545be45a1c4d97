import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from '../support/api';
import { dismissToasts } from '../support/app';
import { snap } from '../support/browser';
import { demoApi } from '../support/demo';
import { useDemoJourney } from '../support/journey';
import { loginUi } from '../support/login-ui';
import { eachLook, lookSuffix } from '../support/pages/looks';
import { demoTabs, type TTab } from '../support/pages/sign-in';
import type { RunningServer } from '../support/server';

/**
 * Settings' signed-in devices (issue 26), with several sessions per account allowed (SINGLE_SESSION=false):
 * Olivia at a workstation ends the session of her other browser, which lands on the login page at once; then
 * she signs out all her other devices. The panel photographed in both languages, both themes, desktop and phone.
 */
let server: RunningServer;
let browser: Browser;
useDemoJourney({ SINGLE_SESSION: 'false' }, (s, b) => {
  server = s;
  browser = b;
});
const { open, signIn } = demoTabs(() => ({ server, browser }));
const { apiSession } = demoApi(() => server);

const TEXTS = {
  en: { panel: 'Signed-in devices', thisDevice: 'This device' },
  fr: { panel: 'Appareils connectés', thisDevice: 'Cet appareil' },
} as const;

/** Another browser of Olivia's, signed in through the login page and left on the app. */
async function otherBrowser(): Promise<TTab> {
  const tab = await open();
  await loginUi(tab.page, DEMO.olivia, DEMO_PASSWORD);
  return tab;
}

const panelOf = (page: Page, lang: 'en' | 'fr' = 'en') => page.getByRole('region', { name: TEXTS[lang].panel });
const rows = (page: Page) => panelOf(page).getByRole('listitem');

describe('signed-in devices', () => {
  it('ends another browser, which lands on the login page, then signs out every other device', async () => {
    const desk = await signIn('olivia.landry', { theme: 'light', lang: 'en', mobile: false });
    const phone = await otherBrowser();
    await desk.page.goto('/settings');
    await expect.poll(() => rows(desk.page).count()).toBe(2);
    await expect.poll(() => rows(desk.page).filter({ hasText: 'This device' }).count()).toBe(1);

    // End the other one, after saying yes.
    await rows(desk.page)
      .filter({ hasNotText: 'This device' })
      .getByRole('button', { name: /^End the session/ })
      .click();
    const dialog = desk.page.getByRole('dialog', { name: 'End this session?' });
    await dialog.getByRole('button', { name: 'End session' }).click();
    await phone.page.waitForURL('**/login');
    await expect.poll(() => rows(desk.page).count()).toBe(1);
    await panelOf(desk.page).getByText('You are signed in on this device only.').waitFor();

    // Two more browsers, then all but this one.
    const [second, third] = [await otherBrowser(), await otherBrowser()];
    await desk.page.reload();
    await expect.poll(() => rows(desk.page).count()).toBe(3);
    await panelOf(desk.page).getByRole('button', { name: 'Sign out all other devices' }).click();
    await desk.page
      .getByRole('dialog', { name: 'Sign out all other devices?' })
      .getByRole('button', { name: 'Sign out others' })
      .click();
    await Promise.all([second.page.waitForURL('**/login'), third.page.waitForURL('**/login')]);
    await expect.poll(() => rows(desk.page).count()).toBe(1);
    // This browser carries on.
    expect(desk.page.url()).toMatch(/\/settings$/);

    // Its own session, ended from the list: this browser signs out, and only this one.
    const kept = await otherBrowser();
    await desk.page.reload();
    await expect.poll(() => rows(desk.page).count()).toBe(2);
    await rows(desk.page)
      .filter({ hasText: 'This device' })
      .getByRole('button', { name: /^End the session/ })
      .click();
    const own = desk.page.getByRole('dialog', { name: 'End this session?' });
    await own.getByText('You will be signed out on this device at once.').waitFor();
    await own.getByRole('button', { name: 'End session' }).click();
    await desk.page.waitForURL('**/login');
    await kept.page.goto('/settings');
    await expect.poll(() => rows(kept.page).count()).toBe(1);
    expect(desk.errors()).toEqual([]);
  });

  eachLook('the panel as people see it', async (look) => {
    const tab = await signIn('olivia.landry', look);
    // A second session, from a client whose browser the server cannot name.
    await apiSession(DEMO.olivia);
    await tab.page.goto('/settings');
    const panel = panelOf(tab.page, look.lang);
    await expect.poll(() => panel.getByRole('listitem').count()).toBe(2);
    await panel.getByText(TEXTS[look.lang].thisDevice).waitFor();
    await panel.scrollIntoViewIfNeeded();
    await dismissToasts(tab.page);
    await snap(tab.page, `signed-in-devices-${lookSuffix(look)}`);
    expect(tab.errors()).toEqual([]);
  });
});
