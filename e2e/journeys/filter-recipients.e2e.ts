import { demoEmail } from '@rounds/test-kit/demo';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap } from '../support/browser';
import { budget } from '../support/budget';
import { dutyRoleAdmin } from '../support/duty-roles';
import { eachLook } from '../support/pages/looks';
import { ROOM_PATH, roomRow, roomTitle } from '../support/pages/room';
import { useDemoStaff } from '../support/pages/sign-in';

/**
 * Issue 25, a saved directory filter as a recipient list ("all ICU nurses on shift"): a charge nurse filters
 * Contacts to St. Mary's registered nurses, saves the filter, and from it starts a group of those on shift,
 * told first how many it will reach; the nurse on shift finds the group in Recent at once. The dialog is
 * photographed in both languages, themes and screens.
 */
const { server, apiSession, logout, signIn } = useDemoStaff();

/** Opens Contacts and its filters, and chooses these items of each filter (labels in the page's language). */
async function filterContacts(page: Page, choices: [label: string, option: string][], showFilters: string) {
  await page.goto('/contacts');
  await page.getByRole('button', { name: showFilters }).click();
  for (const [label, option] of choices) {
    await page.getByLabel(label).click();
    await page.getByRole('option', { name: option }).click();
    await page.keyboard.press('Escape');
  }
}

describe('a filter as a recipient list', () => {
  it('a nurse saves "St. Mary\'s nurses" and starts a group of those on shift from it', async () => {
    // Before any browser: Abigail Taylor, a registered nurse of St. Mary's, is on shift as ICU charge nurse.
    const admin = await dutyRoleAdmin(server());
    const abigail = await apiSession(demoEmail('abigail.taylor'));
    await logout(abigail);
    await admin.onShiftNow(await admin.createRole('ICU charge nurse'), abigail.id);

    const { page: noah, errors: noahErrors } = await signIn('noah.thibodeaux');
    const { page: nurse, errors: nurseErrors } = await signIn('abigail.taylor');
    await filterContacts(
      noah,
      [
        ['Facilities', "St. Mary's General Hospital"],
        ['Clinical roles', 'Registered Nurse'],
      ],
      'Show filters',
    );
    await noah.getByText('3 contacts').waitFor();

    // Saved, then used: the group is named after the saved filter.
    await noah.getByRole('button', { name: 'Save filter' }).click();
    const save = noah.getByRole('dialog', { name: 'Save filter' });
    await save.getByLabel('Filter name').fill("St. Mary's nurses");
    await save.getByRole('button', { name: 'Save', exact: true }).click();
    await save.waitFor({ state: 'detached' });

    await noah.getByRole('button', { name: 'Message these people' }).click();
    const dialog = noah.getByRole('dialog', { name: 'Message these people' });
    await expect(dialog.getByLabel(/^Group name/).inputValue()).resolves.toBe("St. Mary's nurses");
    await dialog.getByText('This will reach 3 people, plus you.').waitFor();
    await dialog.getByRole('switch', { name: 'Only people on shift' }).click();
    await dialog.getByText('This will reach 1 person, plus you.').waitFor();
    await dialog.getByLabel(/^Group name/).fill("St. Mary's nurses on shift");
    await snap(noah, 'filter-recipients-on-shift-light-en-desktop');
    await dialog.getByRole('button', { name: 'Start conversation' }).click();

    // The group opens for its owner, and the nurse on shift has it in Recent without a reload.
    await noah.waitForURL((url) => ROOM_PATH.test(url.pathname));
    await roomTitle(noah, "St. Mary's nurses on shift").waitFor();
    await roomRow(nurse, "St. Mary's nurses on shift").waitFor({ timeout: budget(10_000) });
    await snap(noah, 'filter-recipients-group-light-en-desktop');

    // The same name again is refused beside the field; the dialog stays for another name.
    // Back in Contacts the filter is still applied and its panel open.
    await noah.getByRole('link', { name: 'Contacts' }).first().click();
    await noah.getByRole('button', { name: 'Message these people' }).click();
    await dialog.getByRole('switch', { name: 'Only people on shift' }).click();
    await dialog.getByLabel(/^Group name/).fill("St. Mary's nurses on shift");
    await dialog.getByText('This will reach 1 person, plus you.').waitFor();
    await dialog.getByRole('button', { name: 'Start conversation' }).click();
    await dialog
      .getByText('You or another user has created a group with the same name. Please use a different group name.')
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    expect(noahErrors()).toEqual([]);
    expect(nurseErrors()).toEqual([]);
  });

  eachLook('looks right', async (look) => {
    const t = look.lang === 'en';
    const { page, errors } = await signIn('grace.nguyen', look);
    await filterContacts(
      page,
      [[t ? 'Departments' : 'Services', 'Intensive Care Unit']],
      t ? 'Show filters' : 'Afficher les filtres',
    );
    const message = t ? 'Message these people' : 'Écrire à ces personnes';
    await page.getByRole('button', { name: message }).click();
    const dialog = page.getByRole('dialog', { name: message });
    await dialog
      .getByText(t ? /^This will reach \d+ people, plus you\.$/ : /^Le groupe réunira \d+ personnes, plus vous\.$/)
      .waitFor();
    await expect(dialog.getByLabel(t ? /^Group name/ : /^Nom du groupe/).inputValue()).resolves.toBe(
      'Intensive Care Unit',
    );
    await snap(page, `filter-recipients-${look.theme}-${look.lang}-${look.viewport}`);
    // Nobody in intensive care is on shift: the dialog says so and offers nothing to start.
    await dialog.getByRole('switch', { name: t ? 'Only people on shift' : 'Seulement les personnes de garde' }).click();
    await dialog
      .getByText(
        t
          ? 'Nobody this filter finds is on shift now.'
          : 'Aucune des personnes de ce filtre n’est de garde en ce moment.',
      )
      .waitFor();
    await expect(
      dialog.getByRole('button', { name: t ? 'Start conversation' : 'Démarrer la conversation' }).isDisabled(),
    ).resolves.toBe(true);
    await snap(page, `filter-recipients-nobody-${look.theme}-${look.lang}-${look.viewport}`);
    expect(errors()).toEqual([]);
  });
});
