import { CHAT_TEXTS } from '@rounds/contracts/chat';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/api';
import { dismissToasts, openWatchedPage } from '../support/app';
import { snap } from '../support/browser';
import { budget } from '../support/budget';
import { demo, demoApi } from '../support/demo';
import { directRoom } from '../support/direct-room';
import { useDemoJourney } from '../support/journey';
import { loginUi } from '../support/login-ui';
import { eachLook } from '../support/pages/looks';
import { demoTabs } from '../support/pages/sign-in';
import type { RunningServer } from '../support/server';

/**
 * The group modal against the demo hospital (SEED_DEMO): create through the similar-groups dialog and see the
 * group reach another member at once, the duplicate-name rules, edit and extend, and how it looks in both
 * themes and languages, on a desktop and a phone. Each journey signs in its own demo users, since a second
 * sign-in of the same user ends the first session.
 */

let server: RunningServer;
let browser: Browser;
const { apiSession, logout, idOf, apiGroup, ownedGroup, setPreferences } = demoApi(() => server);
useDemoJourney({}, (s, b) => {
  server = s;
  browser = b;
});
const { open, signIn } = demoTabs(() => ({ server, browser }));

/**
 * The room the app navigated to: its own address, /chat/<twId>.
 * Polled: the page is often in a room already, so the path alone does not say the navigation happened.
 */
async function openedRoom(page: Page, previous?: string): Promise<string | undefined> {
  let twId: string | undefined;
  await expect
    .poll(async () => {
      const url = new URL(page.url());
      twId = /^\/chat\/([0-9a-f]{24})$/.exec(url.pathname)?.[1];
      return twId !== undefined && twId !== previous;
    })
    .toBe(true);
  return twId;
}

/** Opens the modal from the navigation's Group item. */
async function openGroupModal(page: Page, nav = 'Group', title = 'Create Group') {
  await page.getByRole('button', { name: nav, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  return dialog;
}

/** Ticks a person in the People list after searching for them. */
async function pick(page: Page, name: string, searchLabel = 'Search people'): Promise<void> {
  const dialog = page.getByRole('dialog').first();
  const term = name.split(' ')[0] ?? name;
  await dialog.getByRole('searchbox', { name: searchLabel }).fill(term);
  // The search's own results, settled: the list the search starts after its pause would otherwise dim (busy)
  // under the next photograph's colour audit, as it once did on a loaded machine.
  await expect
    .poll(async () => {
      if ((await dialog.locator('[aria-busy="true"]').count()) > 0) return false;
      const rows = await dialog.locator('[data-person-id]').allTextContents();
      return rows.length > 0 && rows.every((text) => text.toLowerCase().includes(term.toLowerCase()));
    })
    .toBe(true);
  const row = dialog.getByRole('checkbox', { name: new RegExp(`^${name}`) });
  await row.click();
  await expect.poll(() => row.getAttribute('aria-checked')).toBe('true');
}

describe('groups', () => {
  it('creates a group through the similar-groups dialog, and it reaches another member at once', async () => {
    // Amelia already has a group with exactly Noah and Olivia.
    await ownedGroup(demo('amelia.broussard'), 'Night shift huddle', ['Noah Thibodeaux', 'Olivia Landry']);

    const [{ page: pageA, errors: errorsA }, { page: pageB, errors: errorsB }] = await Promise.all([open(), open()]);
    await loginUi(pageB, demo('noah.thibodeaux'), DEMO_PASSWORD);
    await loginUi(pageA, demo('amelia.broussard'), DEMO_PASSWORD);

    const dialog = await openGroupModal(pageA);
    const create = dialog.getByRole('button', { name: 'Create', exact: true });
    // Nothing to create yet: no name, no one picked.
    await expect(create.isDisabled()).resolves.toBe(true);
    await dialog.getByRole('textbox', { name: 'Group name' }).fill('ICU rapid response');
    await expect(create.isDisabled()).resolves.toBe(true);
    await pick(pageA, 'Noah Thibodeaux');
    await pick(pageA, 'Olivia Landry');
    await dialog.getByRole('button', { name: 'Remove Noah Thibodeaux' }).waitFor();
    await dialog.getByRole('button', { name: 'Remove Olivia Landry' }).waitFor();
    await expect(create.isDisabled()).resolves.toBe(false);
    await create.click();

    // The same three people already talk in 'Night shift huddle': the dialog offers it, or a new group.
    const similar = pageA.getByRole('dialog', { name: 'Similar conversations exist' });
    await similar.getByText('Night shift huddle').waitFor();
    await similar.getByText('3 members').waitFor();
    await snap(pageA, 'groups-similar-light-en');
    await similar.getByRole('button', { name: 'Create Anyway' }).click();

    const twId = await openedRoom(pageA);
    expect(twId).toMatch(/^[0-9a-f]{24}$/);
    await dialog.waitFor({ state: 'detached' });
    // Noah did nothing: the new group shows up in his browser by itself.
    await pageB
      .getByText('ICU rapid response')
      .first()
      .waitFor({ timeout: budget(15_000) });
    await snap(pageB, 'groups-created-seen-by-member-light-en');

    // The Groups tab finds it, with its member count, and opens it.
    const again = await openGroupModal(pageA);
    await again.getByRole('tab', { name: 'Groups' }).click();
    await again.getByRole('searchbox', { name: 'Search groups' }).fill('icu');
    const found = again.getByRole('button', { name: 'Open ICU rapid response, 3 members' });
    await found.waitFor();
    // After the search's debounce, only the match is left.
    await expect.poll(() => again.getByRole('button', { name: /^Open Night shift huddle/ }).count()).toBe(0);
    await found.click();
    await again.waitFor({ state: 'detached' });
    await expect(openedRoom(pageA)).resolves.toBe(twId);

    expect(errorsA()).toEqual([]);
    expect(errorsB()).toEqual([]);
  });

  it('refuses a long or taken name, and opens the own group of a taken name instead', async () => {
    // Liam's group Lucas is not in, and a group of Lucas's own.
    await ownedGroup(demo('liam.hebert'), 'Pharmacy round', ['Ethan LeBlanc']);
    const own = await ownedGroup(demo('lucas.fontenot'), 'Cardiology consults', ['Ava Boudreaux']);

    const { page, errors } = await openWatchedPage(browser, { baseURL: server.url });
    await loginUi(page, demo('lucas.fontenot'), DEMO_PASSWORD);
    // /group opens the same modal over Recent.
    await page.goto('/group');
    const dialog = page.getByRole('dialog', { name: 'Create Group' });
    await dialog.waitFor();
    await page.waitForURL((url) => url.pathname === '/');

    await pick(page, 'Ethan LeBlanc');
    const name = dialog.getByRole('textbox', { name: 'Group name' });
    const create = dialog.getByRole('button', { name: 'Create', exact: true });
    await name.fill('x'.repeat(101));
    await dialog.getByText(CHAT_TEXTS.groupNameTooLong).waitFor();
    await expect(create.isDisabled()).resolves.toBe(true);
    await name.fill('x'.repeat(100));
    await expect(dialog.getByText(CHAT_TEXTS.groupNameTooLong).count()).resolves.toBe(0);
    await expect(create.isDisabled()).resolves.toBe(false);

    // Taken by a group Lucas is not in: the server's message, and the modal stays with his choices.
    await name.fill('Pharmacy round');
    await create.click();
    await page.getByText(CHAT_TEXTS.groupNameTaken).waitFor();
    await expect(dialog.isVisible()).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Remove Ethan LeBlanc' }).waitFor();
    await snap(page, 'groups-name-taken-light-en');
    await dismissToasts(page);

    // Taken by his own group: that group opens.
    await name.fill('cardiology CONSULTS');
    await create.click();
    await page.getByText('A group named “Cardiology consults” already exists. It is open now.').waitFor();
    await expect(openedRoom(page)).resolves.toBe(own);
    await dialog.waitFor({ state: 'detached' });
    expect(errors()).toEqual([]);
  });

  it('lets the owner rename and remove a member, and add people, seen by a member at once', async () => {
    await ownedGroup(demo('benjamin.miller'), 'Trauma bay', ['Harper Davis', 'Elijah Martinez']);

    const [{ page: pageA, errors: errorsA }, { page: pageB, errors: errorsB }] = await Promise.all([open(), open()]);
    await loginUi(pageB, demo('harper.davis'), DEMO_PASSWORD);
    await pageB.getByText('Trauma bay', { exact: true }).first().waitFor();
    await loginUi(pageA, demo('benjamin.miller'), DEMO_PASSWORD);
    await pageA.getByText('Trauma bay', { exact: true }).first().click();
    await pageA.getByRole('heading', { name: 'Trauma bay' }).waitFor();

    // Edit: the current name and members, the owner left out of the chips.
    await pageA.getByRole('button', { name: 'More actions' }).click();
    await pageA.getByRole('menuitem', { name: 'Edit group' }).click();
    const edit = pageA.getByRole('dialog', { name: 'Edit Group' });
    const name = edit.getByRole('textbox', { name: 'Group name' });
    await expect.poll(() => name.inputValue()).toBe('Trauma bay');
    await edit.getByRole('button', { name: 'Remove Harper Davis' }).waitFor();
    await edit.getByRole('button', { name: 'Remove Elijah Martinez' }).waitFor();
    await expect.poll(() => edit.getByRole('tab').count()).toBe(0);

    // Someone already in the group, dragged onto the chosen ones, is refused with the spec's warning.
    // (The list is virtual: only rows in view exist, so she is searched for first.)
    await edit.getByRole('searchbox', { name: 'Search people' }).fill('Harper');
    const harperRow = edit.getByRole('checkbox', { name: /^Harper Davis/ });
    const chosen = edit.getByRole('region', { name: 'Selected' });
    // A drag starts on the row as it is: the search's results must have settled (the list is aria-busy while the
    // next results load, and a row redrawn under the pointer drops nothing).
    const settled = () => expect.poll(() => edit.locator('[aria-busy="true"]').count()).toBe(0);
    await settled();
    await harperRow.dragTo(chosen);
    await pageA.getByText(CHAT_TEXTS.alreadyMember).waitFor();
    await dismissToasts(pageA);
    // Someone new, dragged there, is added.
    await edit.getByRole('searchbox', { name: 'Search people' }).fill('Mia');
    await edit.getByRole('checkbox', { name: /^Mia Brown/ }).waitFor();
    await settled();
    await edit.getByRole('checkbox', { name: /^Mia Brown/ }).dragTo(chosen);
    await edit.getByRole('button', { name: 'Remove Mia Brown' }).waitFor();
    await edit.getByRole('button', { name: 'Remove Mia Brown' }).click();

    await edit.getByRole('button', { name: 'Remove Elijah Martinez' }).click();
    await name.fill('Trauma bay (nights)');
    await snap(pageA, 'groups-edit-light-en');
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await edit.waitFor({ state: 'detached' });
    await pageA.getByRole('heading', { name: 'Trauma bay (nights)' }).waitFor();
    await pageA.getByText('2 members').first().waitFor();
    // Harper sees the new name without doing anything.
    await pageB
      .getByText('Trauma bay (nights)')
      .first()
      .waitFor({ timeout: budget(15_000) });

    // Extend: search only; members are shown in the group and cannot be picked again.
    await pageA.getByRole('button', { name: 'More actions' }).click();
    await pageA.getByRole('menuitem', { name: 'Add people' }).click();
    const extend = pageA.getByRole('dialog', { name: 'Add People' });
    await extend.waitFor();
    await expect(extend.getByRole('textbox', { name: 'Group name' }).count()).resolves.toBe(0);
    await expect(extend.getByRole('button', { name: 'Show filters' }).count()).resolves.toBe(0);
    await extend.getByRole('searchbox', { name: 'Search people' }).fill('Harper');
    const member = extend.getByRole('checkbox', { name: /^Harper Davis/ });
    await member.waitFor();
    await expect.poll(() => member.isDisabled()).toBe(true);
    await extend.getByText('In the group', { exact: true }).waitFor();
    const add = extend.getByRole('button', { name: 'Add', exact: true });
    await expect.poll(() => add.isDisabled()).toBe(true);
    await pick(pageA, 'Elijah Martinez');
    await pick(pageA, 'James Jones');
    await extend.getByText('1 person', { exact: true }).waitFor();
    await snap(pageA, 'groups-extend-light-en');
    await add.click();
    await extend.waitFor({ state: 'detached' });
    await pageA.getByText('4 members').first().waitFor();

    expect(errorsA()).toEqual([]);
    expect(errorsB()).toEqual([]);
  });

  it('starts a group from a direct chat with the other person already picked', async () => {
    const isabella = await apiSession(demo('isabella.johnson'));
    const logan = await idOf(isabella, 'Logan Williams');
    const direct = await directRoom(server, isabella, logan);
    await logout(isabella);

    const { page, errors } = await openWatchedPage(browser, { baseURL: server.url });
    await loginUi(page, demo('isabella.johnson'), DEMO_PASSWORD);
    await page.getByText('Logan Williams', { exact: true }).first().click();
    await page.getByRole('heading', { name: 'Logan Williams' }).waitFor();
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Add people' }).click();

    const dialog = page.getByRole('dialog', { name: 'Create Group' });
    await dialog.getByRole('button', { name: 'Remove Logan Williams' }).waitFor();
    // Logan is in already: dragging him onto the chosen ones again only warns.
    await dialog.getByRole('searchbox', { name: 'Search people' }).fill('Logan');
    await dialog
      .getByRole('checkbox', { name: /^Logan Williams/ })
      .dragTo(dialog.getByRole('region', { name: 'Selected' }));
    await page.getByText(CHAT_TEXTS.alreadyMember).waitFor();
    await pick(page, 'Emily Moore');
    await dialog.getByRole('textbox', { name: 'Group name' }).fill('Ward 5 handover');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(openedRoom(page, direct)).resolves.toMatch(/^[0-9a-f]{24}$/);
    await page.getByRole('heading', { name: 'Ward 5 handover' }).waitFor();
    await page.getByText('3 members').first().waitFor();
    expect(errors()).toEqual([]);
  });

  it('takes a person dropped on a chat: a new group from a direct chat, edit of an owned group', async () => {
    await setPreferences(demo('henry.anderson'), 'en', 'light');
    const henry = await apiSession(demo('henry.anderson'));
    const [raj, mei] = await Promise.all([idOf(henry, 'Raj Patel'), idOf(henry, 'Mei Chen')]);
    for (const other of [raj, mei]) await directRoom(server, henry, other);
    await apiGroup(henry, 'Pharmacy nights', ['Mei Chen']);
    await logout(henry);

    const { page, errors } = await openWatchedPage(browser, { baseURL: server.url });
    await loginUi(page, demo('henry.anderson'), DEMO_PASSWORD);
    const row = (name: string) =>
      page.getByRole('navigation', { name: 'Conversations' }).getByRole('button', { name: new RegExp(`^${name}`) });

    // Mei's direct chat dropped on the chat with Raj: a new group with both of them picked.
    await row('Raj Patel').click();
    await page.getByRole('heading', { name: 'Raj Patel' }).waitFor();
    await row('Mei Chen').dragTo(page.getByRole('log'));
    const create = page.getByRole('dialog', { name: 'Create Group' });
    await create.getByRole('button', { name: 'Remove Raj Patel' }).waitFor();
    await create.getByRole('button', { name: 'Remove Mei Chen' }).waitFor();
    await page.keyboard.press('Escape');
    await create.waitFor({ state: 'detached' });

    // Raj dropped on Henry's own group: edit, with Raj picked; Mei, already in, only warns.
    await row('Pharmacy nights').click();
    await page.getByRole('heading', { name: 'Pharmacy nights' }).waitFor();
    await row('Raj Patel').dragTo(page.getByRole('log'));
    const edit = page.getByRole('dialog', { name: 'Edit Group' });
    await edit.getByRole('button', { name: 'Remove Raj Patel' }).waitFor();
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'detached' });
    await row('Mei Chen').dragTo(page.getByRole('log'));
    await page.getByText(CHAT_TEXTS.alreadyMember).waitFor();
    expect(errors()).toEqual([]);
  });

  eachLook('looks right', async (look) => {
    const { theme, lang, viewport } = look;
    const { page, errors } = await signIn('grace.nguyen', look);
    const en = lang === 'en';
    const dialog = await openGroupModal(page, en ? 'Group' : 'Groupe', en ? 'Create Group' : 'Créer un groupe');
    await expect(page.locator('html').getAttribute('data-mantine-color-scheme')).resolves.toBe(theme);
    await dialog.getByRole('checkbox', { name: /^Abigail Taylor/ }).waitFor();
    await snap(page, `groups-create-empty-${theme}-${lang}-${viewport}`);

    const search = en ? 'Search people' : 'Rechercher des personnes';
    await pick(page, 'Mia Brown', search);
    await pick(page, 'Camille Martin', search);
    await pick(page, 'Daniel Jackson', search);
    await dialog.getByRole('searchbox', { name: search }).fill('');
    await dialog
      .getByRole('textbox', { name: en ? 'Group name' : 'Nom du groupe' })
      .fill(en ? 'Step-down unit, nights' : 'Soins intermédiaires, nuit');
    if (viewport === 'mobile') {
      await dialog.getByRole('button', { name: en ? 'Show filters' : 'Afficher les filtres' }).click();
    }
    await dialog.getByLabel(en ? 'Departments' : 'Services').click();
    await page.getByRole('option', { name: 'Intensive Care Unit' }).click();
    await page.keyboard.press('Escape');
    // The dropdown closes; the modal stays.
    await dialog.getByRole('checkbox', { name: /^Logan Williams/ }).waitFor();
    await expect.poll(() => dialog.getByRole('checkbox').count()).toBe(5);
    await snap(page, `groups-create-filled-${theme}-${lang}-${viewport}`);

    await dialog.getByRole('tab', { name: en ? 'Groups' : 'Groupes' }).click();
    await dialog.getByText(en ? 'You are not in any group yet' : "Vous ne faites partie d'aucun groupe").waitFor();
    await snap(page, `groups-tab-${theme}-${lang}-${viewport}`);
    expect(errors()).toEqual([]);
  });
});
