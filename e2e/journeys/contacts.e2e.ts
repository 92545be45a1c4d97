import { routeUrl } from '@rounds/contracts/api-route';
import { TIMINGS } from '@rounds/contracts/limits';
import { adminSettingRoutes } from '@rounds/contracts/settings';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openContext, openWatchedPage } from '../support/app';
import { snap, watchErrors } from '../support/browser';
import { budget } from '../support/budget';
import { demoApi } from '../support/demo';
import { useDemoJourney } from '../support/journey';
import { eachLook } from '../support/pages/looks';
import { ROOM_PATH } from '../support/pages/room';
import type { RunningServer } from '../support/server';

/**
 * The Contacts screen against the demo hospital (SEED_DEMO): 40 staff, all with the password Rounds2026.
 * Each journey signs in its own demo users, since a second sign-in of the same user ends the first session.
 */

const PASSWORD = 'Rounds2026';
const demo = (name: string) => `${name}@demo.rounds.local`;

let server: RunningServer;
let browser: Browser;
const { setPreferences } = demoApi(() => server);
useDemoJourney({}, (s, b) => {
  server = s;
  browser = b;
});

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** Opens Contacts from the navigation and waits for the list. */
async function openContacts(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Contacts' }).first().click();
  await page.waitForURL((url) => url.pathname === '/contacts');
  await page.getByRole('button', { name: /^Abigail Taylor/ }).waitFor();
}

/** A contact's row: its accessible name is the name, the role line and the status in words. */
const row = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${name}`) });

/**
 * The list is virtual: only the rows in view exist. Scrolls it from the top, half a screen at a time, until
 * the contact's row is mounted (it then stays while nothing scrolls).
 */
async function reveal(page: Page, name: string): Promise<void> {
  const found = await page.evaluate(async (wanted) => {
    const list = document.querySelector('ul[aria-label="Contact list"]');
    const scroller = list?.parentElement;
    if (!list || !scroller) return false;
    for (let top = 0; top <= scroller.scrollHeight; top += scroller.clientHeight / 2) {
      scroller.scrollTop = top;
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      const rows = Array.from(list.querySelectorAll('[data-contact-id]'));
      if (rows.some((row) => row.getAttribute('title')?.includes(wanted))) return true;
    }
    return false;
  }, name);
  expect(found, `${name} in the contact list`).toBe(true);
}

async function waitForStatus(page: Page, name: string, status: string): Promise<void> {
  await reveal(page, name);
  await page.getByRole('button', { name: new RegExp(`^${name}.*, ${status}$`) }).waitFor({ timeout: budget(15_000) });
}

/** Replaces the banner of the app settings, as an administrator would set it. */
async function withBanner(context: BrowserContext, text_en: string, text_fr: string): Promise<void> {
  await context.route(`**${routeUrl(adminSettingRoutes.appSettings)}`, async (route) => {
    const response = await route.fetch();
    const json = (await response.json()) as { appSettings: Record<string, unknown> };
    json.appSettings.bannerMessage = { show: true, text_en, text_fr };
    await route.fulfill({ response, json });
  });
}

describe('contacts', () => {
  it('filters by two classifications, saves the filter, applies it after a reload and deletes it', async () => {
    const { page, errors } = await openWatchedPage(browser, { baseURL: server.url });
    await signIn(page, demo('noah.thibodeaux'));
    await openContacts(page);
    await page.getByText('40 contacts').waitFor();

    // Sections by first letter, alphabetical, the signed-in user left out.
    const letters = await page.locator('[data-section]').allInnerTexts();
    expect(letters.map((text) => text.trim())).toEqual([...letters.map((text) => text.trim())].sort());
    await expect(row(page, 'Noah Thibodeaux').count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Show filters' }).hover();
    const tip = page.locator('.mantine-Tooltip-tooltip');
    await tip.filter({ hasText: 'Show filters' }).waitFor();
    await page.getByRole('button', { name: 'Show filters' }).click();
    // The tooltip goes at the click: left open it covered the contacts count.
    await expect.poll(() => tip.count()).toBe(0);
    await expect(page.getByRole('button', { name: 'Save filter' }).isDisabled()).resolves.toBe(true);
    await page.getByLabel('Facilities').click();
    await page.getByRole('option', { name: "St. Mary's General Hospital" }).click();
    await page.keyboard.press('Escape');
    await page.getByLabel('Clinical roles').click();
    await page.getByRole('option', { name: 'Registered Nurse' }).click();
    await page.keyboard.press('Escape');

    // The registered nurses of St. Mary's in the demo hospital.
    await page.getByText('3 contacts').waitFor();
    for (const name of ['Abigail Taylor', 'Aisha Khan', 'Amelia Broussard']) await row(page, name).waitFor();
    await expect(row(page, 'Isabella Johnson').count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Save filter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save filter' });
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByText('Please enter a name').waitFor();
    await dialog.getByLabel('Filter name').fill("St. Mary's nurses");
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText("Filter “St. Mary's nurses” saved.").waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect(page.getByRole('textbox', { name: 'Saved filters' }).inputValue()).resolves.toBe("St. Mary's nurses");

    // A second filter may not take the same name, whatever its case: the form says so beside the field.
    await page.getByRole('button', { name: 'Save filter' }).click();
    await dialog.getByLabel('Filter name').fill("st. mary's NURSES");
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByText('You already have a saved filter with this name.').waitFor();
    await snap(page, 'contacts-save-filter-duplicate-light-en-desktop');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // After a reload the list is whole again; the saved filter brings the same three back.
    await page.reload();
    await page.getByText('40 contacts').waitFor();
    await page.getByRole('button', { name: 'Show filters' }).click();
    await page.getByRole('textbox', { name: 'Saved filters' }).click();
    await page.getByRole('option', { name: "St. Mary's nurses" }).click();
    await page.getByText('3 contacts').waitFor();
    await expect(page.getByRole('button', { name: 'Show filters' }).count()).resolves.toBe(0);

    // Deleting the filter in use clears the selection; the choices stay until Reset.
    await page.getByRole('button', { name: 'Delete saved filter' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete saved filter?' });
    await confirm.getByText("The saved filter “St. Mary's nurses” will be deleted.", { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText("Filter “St. Mary's nurses” deleted.").waitFor();
    await expect(page.getByRole('textbox', { name: 'Saved filters' }).inputValue()).resolves.toBe('');
    await page.getByPlaceholder('No saved filters yet').waitFor();
    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    await page.getByText('40 contacts').waitFor();
    await expect(page.getByRole('button', { name: 'Save filter' }).isDisabled()).resolves.toBe(true);

    // Search narrows by name after the debounce.
    await page.getByLabel('Search contacts').fill('léa');
    await page.getByText('1 contact', { exact: true }).waitFor();
    await row(page, 'Léa Laurent').waitFor();
    await page.getByLabel('Search contacts').fill('nobody-by-this-name');
    await page.getByText('No contacts match').waitFor();
    await page.getByRole('button', { name: 'Reset filters' }).click();
    await page.getByText('40 contacts').waitFor();

    expect(errors()).toEqual([]);
  });

  it('opens a contact in Recent once per 5 s and keeps it highlighted on return', async () => {
    const { page, errors } = await openWatchedPage(browser, { baseURL: server.url });
    await signIn(page, demo('ethan.leblanc'));
    await openContacts(page);
    await page.getByText('No conversation open').waitFor();

    await row(page, 'Camille Martin').click();
    // The direct chat opens at its own address, with the contact still in the navigation state.
    await page.waitForURL((url) => ROOM_PATH.test(url.pathname));
    const state = await page.evaluate(() => (history.state as { usr?: { contactId?: string } } | null)?.usr);
    expect(state?.contactId).toMatch(/^[0-9a-f]{24}$/);

    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/contacts');
    await expect(row(page, 'Camille Martin').getAttribute('aria-current')).resolves.toBe('true');
    await page.getByRole('region', { name: 'Contact details' }).getByText('Camille Martin').waitFor();

    // Within 5 s of the last opening, another click opens nothing.
    await row(page, 'Daniel Jackson').click();
    await page.waitForTimeout(400);
    expect(new URL(page.url()).pathname).toBe('/contacts');
    await expect(row(page, 'Camille Martin').getAttribute('aria-current')).resolves.toBe('true');

    await page.waitForTimeout(TIMINGS.contactClickThrottleMs);
    await row(page, 'Daniel Jackson').click();
    await page.waitForURL((url) => ROOM_PATH.test(url.pathname));
    expect(errors()).toEqual([]);
  });

  it('shows Do not disturb set in one browser to another at once, and Offline when that browser closes', async () => {
    const [contextA, contextB] = await Promise.all([
      openContext(browser, { baseURL: server.url }),
      openContext(browser, { baseURL: server.url }),
    ]);
    const [pageA, pageB] = await Promise.all([contextA.newPage(), contextB.newPage()]);
    const errorsA = watchErrors(pageA);
    const errorsB = watchErrors(pageB);
    await signIn(pageB, demo('liam.hebert'));
    await openContacts(pageB);
    // A searched list is kept current too.
    await pageB.getByLabel('Search contacts').fill('landry');
    await pageB.getByText('1 contact', { exact: true }).waitFor();
    await waitForStatus(pageB, 'Olivia Landry', 'Offline');

    await signIn(pageA, demo('olivia.landry'));
    await waitForStatus(pageB, 'Olivia Landry', 'Available');
    await openContacts(pageA);
    await waitForStatus(pageA, 'Liam Hebert', '(Available|Away)');

    await pageA.getByRole('button', { name: /^Your status: Available/ }).click();
    await pageA.getByRole('menuitem', { name: 'Do not disturb' }).click();
    await pageA.getByRole('button', { name: /^Your status: Do not disturb/ }).waitFor();
    await waitForStatus(pageB, 'Olivia Landry', 'Do not disturb');
    await snap(pageB, 'contacts-presence-light-en');

    await contextA.close();
    await waitForStatus(pageB, 'Olivia Landry', 'Offline');
    expect(errorsA()).toEqual([]);
    expect(errorsB()).toEqual([]);
    await contextB.close();
  });

  it('goes Away after the inactivity delay, for everyone, and back to Available on activity unless set by hand', async () => {
    const [contextA, contextB] = await Promise.all([
      openContext(browser, { baseURL: server.url }),
      openContext(browser, { baseURL: server.url }),
    ]);
    // Fake timers for A only; its clock is moved with setSystemTime, which leaves the socket's timers alone.
    await contextA.clock.install();
    const [pageA, pageB] = await Promise.all([contextA.newPage(), contextB.newPage()]);
    const errorsA = watchErrors(pageA);
    const errorsB = watchErrors(pageB);
    await signIn(pageA, demo('lucas.fontenot'));
    await openContacts(pageA);
    await pageA.getByRole('button', { name: /^Your status: Available/ }).waitFor();
    await signIn(pageB, demo('ava.boudreaux'));
    await openContacts(pageB);
    await waitForStatus(pageB, 'Lucas Fontenot', 'Available');

    const idle = async () => {
      const now = await pageA.evaluate(() => Date.now());
      await contextA.clock.setSystemTime(now + TIMINGS.awayAfterMs + 1_000);
    };

    // Nothing happens before the delay…
    await pageA.waitForTimeout(1_000);
    await expect(pageA.getByRole('button', { name: /^Your status: Available/ }).count()).resolves.toBe(1);
    // …and after it, Away, seen by the other browser too.
    await idle();
    await pageA.getByRole('button', { name: /^Your status: Away/ }).waitFor({ timeout: budget(15_000) });
    await waitForStatus(pageB, 'Lucas Fontenot', 'Away');

    // Activity brings Available back.
    await pageA.mouse.move(200, 300);
    await pageA.mouse.move(260, 340);
    await pageA.getByRole('button', { name: /^Your status: Available/ }).waitFor({ timeout: budget(15_000) });
    await waitForStatus(pageB, 'Lucas Fontenot', 'Available');

    // Do not disturb chosen by hand: inactivity and activity leave it alone.
    await pageA.getByRole('button', { name: /^Your status: Available/ }).click();
    await pageA.getByRole('menuitem', { name: 'Do not disturb' }).click();
    await waitForStatus(pageB, 'Lucas Fontenot', 'Do not disturb');
    await idle();
    await pageA.waitForTimeout(6_000);
    await pageA.mouse.move(100, 100);
    await pageA.waitForTimeout(1_000);
    await expect(pageA.getByRole('button', { name: /^Your status: Do not disturb/ }).count()).resolves.toBe(1);
    await waitForStatus(pageB, 'Lucas Fontenot', 'Do not disturb');

    // Away chosen by hand stays Away on activity; Available by hand hands it back to the timer.
    await pageA.getByRole('button', { name: /^Your status: Do not disturb/ }).click();
    await pageA.getByRole('menuitem', { name: 'Away' }).click();
    await waitForStatus(pageB, 'Lucas Fontenot', 'Away');
    await pageA.mouse.move(300, 300);
    await pageA.waitForTimeout(1_000);
    await waitForStatus(pageB, 'Lucas Fontenot', 'Away');
    await pageA.getByRole('button', { name: /^Your status: Away/ }).click();
    await pageA.getByRole('menuitem', { name: 'Available' }).click();
    await waitForStatus(pageB, 'Lucas Fontenot', 'Available');
    await idle();
    await waitForStatus(pageB, 'Lucas Fontenot', 'Away');

    expect(errorsA()).toEqual([]);
    expect(errorsB()).toEqual([]);
  });

  eachLook('looks right', async (look) => {
    const { theme, lang, viewport } = look;
    const email = demo('grace.nguyen');
    await setPreferences(email, lang, theme);
    const context = await openContext(browser, {
      baseURL: server.url,
      colorScheme: theme,
      mobile: viewport === 'mobile',
    });
    await withBanner(
      context,
      'Code blue drill on 4 West at 14:00 today: please keep the corridor clear.',
      'Exercice code bleu à 14 h',
    );
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page, email);
    await page.getByRole('link', { name: 'Contacts' }).first().click();
    await row(page, 'Abigail Taylor').waitFor();
    await expect(page.locator('html').getAttribute('data-mantine-color-scheme')).resolves.toBe(theme);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe(lang);
    const t = lang === 'en';
    // The banner: the long English one scrolls, the short French one stands still.
    const banner = page.getByRole('region', { name: t ? 'Announcement' : 'Annonce' });
    await banner.waitFor();
    await expect(banner.locator('[aria-hidden]').count()).resolves.toBe(t ? 2 : 1);
    if (viewport === 'desktop')
      await page.getByText(t ? 'No conversation open' : 'Aucune conversation ouverte').waitFor();
    await snap(page, `contacts-${theme}-${lang}-${viewport}`);

    await page.getByRole('button', { name: t ? 'Show filters' : 'Afficher les filtres' }).click();
    await page.getByLabel(t ? 'Departments' : 'Services').click();
    await page.getByRole('option', { name: 'Intensive Care Unit' }).click();
    await page.getByRole('option', { name: 'Cardiology' }).click();
    await page.keyboard.press('Escape');
    await snap(page, `contacts-filters-${theme}-${lang}-${viewport}`);
    await page.getByRole('button', { name: t ? 'Save filter' : 'Enregistrer le filtre' }).click();
    await page
      .getByRole('dialog')
      .getByLabel(t ? 'Filter name' : 'Nom du filtre')
      .fill(t ? 'ICU and cardiology' : 'Réa et cardiologie');
    await snap(page, `contacts-save-filter-modal-${theme}-${lang}-${viewport}`);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t ? 'Cancel' : 'Annuler' })
      .click();

    if (viewport === 'mobile') {
      // On a phone the chosen contact covers the list; Back returns to it.
      await row(page, 'Mia Brown').click();
      await page.waitForURL((url) => ROOM_PATH.test(url.pathname));
      await page.goBack();
      await page.getByRole('button', { name: t ? 'Back to contacts' : 'Retour aux contacts' }).click();
      await row(page, 'Mia Brown').waitFor();
    }
    expect(errors()).toEqual([]);
  });
});
