import { authRoutes } from '@rounds/contracts/auth';
import { adminSettingRoutes } from '@rounds/contracts/settings';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, call, DEMO, DEMO_PASSWORD } from '../support/api';
import { dismissToasts, field, openWatchedPage } from '../support/app';
import { snap } from '../support/browser';
import { loginUi } from '../support/login-ui';
import { adminPage, adminPreferences } from '../support/pages/admin-tab';
import { useDemoStaff } from '../support/pages/sign-in';

/**
 * The Users section of administration (issue 10): the Admin finds, sorts and changes users in the table,
 * sets the password policy, creates a user through the form (who then shows in contacts), imports a CSV
 * with good and bad rows, and resets a password; the table, the user page and the modals in both
 * languages, both themes, desktop and phone.
 */

const { server, browser } = useDemoStaff();

/** A 1×1 PNG: the smallest real picture. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const table = (page: Page) => page.getByRole('region', { name: /^(All users|Tous les utilisateurs)$/ });
const rowOf = (page: Page, email: string) => table(page).getByRole('row').filter({ hasText: email });

/** A modal after its opening transition, so its screenshot shows it as a person sees it. */
async function settled(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  await expect
    .poll(() =>
      dialog.evaluate((element) => getComputedStyle(element.closest('.mantine-Modal-content') ?? element).opacity),
    )
    .toBe('1');
  return dialog;
}

/** Picks options of a Mantine (Multi)Select by its label. */
async function choose(page: Page, label: string, options: string[]): Promise<void> {
  for (const option of options) {
    await page.getByRole('textbox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }
  await page.keyboard.press('Escape');
}

describe('administration: users', () => {
  it('searches, sorts, changes a role, a permission and the status in the table', async () => {
    await adminPreferences(server(), 'en', 'light');
    const { page, errors } = await adminPage(server(), browser());
    await page.goto('/admin/users');
    await rowOf(page, DEMO.amelia).waitFor();
    await page.getByText('41 users').waitFor();
    await expect(table(page).getByRole('row').count()).resolves.toBe(11);
    await snap(page, 'admin-users-light-en');

    // Search: only the settled text asks the server, and the table follows it.
    await page.getByLabel('Search users').fill('thibodeaux');
    await page.getByText('1 user', { exact: true }).waitFor();
    await rowOf(page, DEMO.noah).waitFor();
    await page.getByLabel('Search users').fill('');
    await page.getByText('41 users').waitFor();

    // Sort by surname, then the other way.
    const surname = table(page).getByRole('columnheader', { name: 'Surname' });
    await surname.getByRole('button').click();
    await expect.poll(() => surname.getAttribute('aria-sort')).toBe('ascending');
    await page.waitForURL('**/admin/users?sort=lastName');
    // The rows, once the server's reply for that order is on screen, read in that order.
    const surnames = async () => {
      const rows = table(page).getByRole('row');
      const count = await rows.count();
      const names: string[] = [];
      for (let i = 1; i < count; i++) names.push((await rows.nth(i).getByRole('cell').nth(2).textContent()) ?? '');
      return names;
    };
    const inOrder = (names: string[], sign: 1 | -1) =>
      names.length > 1 && names.every((n, i) => i === 0 || sign * names[i - 1]!.localeCompare(n) <= 0);
    await expect.poll(async () => inOrder(await surnames(), 1)).toBe(true);
    const ascending = (await surnames())[0]!;
    await surname.getByRole('button').click();
    await expect.poll(() => surname.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(async () => inOrder(await surnames(), -1)).toBe(true);
    await expect((await surnames())[0]!.localeCompare(ascending)).toBeGreaterThan(0);

    // Pages: 10 a page, the last page holds the 41st.
    await page.getByRole('button', { name: 'Page 5' }).click();
    await expect.poll(() => table(page).getByRole('row').count()).toBe(2);
    await page.getByRole('button', { name: 'Page 1' }).click();

    await page.getByLabel('Search users').fill('noah.thibodeaux');
    const noah = rowOf(page, DEMO.noah);
    await noah.waitFor();

    // Role: Regular to Facility admin and back; an Admin viewer is offered the Admin role too.
    const role = noah.getByLabel('Role of Noah Thibodeaux');
    await expect(role.locator('option').allTextContents()).resolves.toEqual([
      'Administrator',
      'Facility admin',
      'Staff',
    ]);
    await role.selectOption('FacilityAdmin');
    await page.getByText('Role changed successfully').waitFor();
    await dismissToasts(page);
    await expect(role.inputValue()).resolves.toBe('FacilityAdmin');

    // A permission: the demo hospital's staff may call (video granted, off unless set); taken away.
    const video = noah.getByRole('switch', { name: 'Video for Noah Thibodeaux' });
    await expect(video.isChecked()).resolves.toBe(true);
    await video.click({ force: true });
    await page.getByText('Permissions updated successfully').waitFor();
    await expect.poll(() => video.isChecked()).toBe(false);
    await dismissToasts(page);

    // Deactivate, then activate again.
    const status = noah.getByLabel('Status of Noah Thibodeaux');
    await status.selectOption('inactive');
    await page.getByText('User status changed successfully').waitFor();
    await expect.poll(() => status.inputValue()).toBe('inactive');
    await dismissToasts(page);
    // A deactivated user cannot sign in.
    await expect(apiLogin(server(), DEMO.noah, DEMO_PASSWORD)).rejects.toThrow();
    await status.selectOption('active');
    await page.getByText('User status changed successfully').waitFor();
    await expect.poll(() => status.inputValue()).toBe('active');
    await dismissToasts(page);
    await role.selectOption('Regular');
    await page.getByText('Role changed successfully').waitFor();
    await dismissToasts(page);
    expect(errors()).toEqual([]);
  });

  it('creates a user through the form, who then shows in contacts', async () => {
    const { page, errors } = await adminPage(server(), browser());
    await page.goto('/admin/users');
    await page.getByRole('link', { name: 'Add user' }).click();
    await page.waitForURL('**/admin/users/new');
    await page.getByRole('heading', { name: 'New user' }).waitFor();

    // The server's own rules, checked before sending.
    await page.getByRole('button', { name: 'Create user' }).click();
    await expect(page.getByText('Required').count()).resolves.toBeGreaterThanOrEqual(6);
    await field(page, 'Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Create user' }).click();
    await page.getByText('Invalid email').first().waitFor();
    await snap(page, 'admin-user-new-errors-light-en');

    await field(page, 'First name').fill('Chloé');
    await field(page, 'Last name').fill('Arnaud');
    await field(page, 'Email').fill('chloe.arnaud@hospital.test');
    await field(page, 'Phone number').fill('5550142');
    await choose(page, 'Facility', ["St. Mary's General Hospital"]);
    await choose(page, 'Department', ['Emergency Department', 'Cardiology']);
    await choose(page, 'Clinical role', ['Registered Nurse']);
    await choose(page, 'Specialty', ['Emergency Medicine']);
    await field(page, 'Session timeout').fill('45');
    await page.getByRole('button', { name: 'Create user' }).click();
    await page.getByText('User created successfully').waitFor();
    await page.waitForURL(/\/admin\/users\/[0-9a-f]{24}$/);
    await page.getByRole('heading', { name: 'Chloé Arnaud' }).waitFor();
    await dismissToasts(page);

    // Picture: uploaded, then removed.
    await page.locator('input[type="file"]').setInputFiles({ name: 'ca.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('Avatar updated successfully').waitFor();
    await page.getByRole('button', { name: 'Remove picture' }).click();
    await page.getByText('Avatar removed successfully').waitFor();
    await dismissToasts(page);

    // An update: back to the default session timeout.
    await expect(page.getByRole('button', { name: 'Save changes' }).isDisabled()).resolves.toBe(true);
    await field(page, 'Session timeout').fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('User updated successfully').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Save changes' }).isDisabled()).toBe(true);
    await dismissToasts(page);
    await snap(page, 'admin-user-page-light-en');

    // A second user with the same email is refused at the email field.
    await page.goto('/admin/users/new');
    await field(page, 'First name').fill('Other');
    await field(page, 'Last name').fill('Person');
    await field(page, 'Email').fill('chloe.arnaud@hospital.test');
    await field(page, 'Phone number').fill('5550143');
    await choose(page, 'Facility', ["St. Mary's General Hospital"]);
    await choose(page, 'Department', ['Cardiology']);
    await choose(page, 'Clinical role', ['Physician']);
    await choose(page, 'Specialty', ['Cardiology']);
    await page.getByRole('button', { name: 'Create user' }).click();
    await page.getByText('This email is already registered.').waitFor();
    await expect(page.url()).toMatch(/\/admin\/users\/new$/);

    // Staff see the new colleague in their contacts.
    const { page: amelia, errors: ameliaErrors } = await openWatchedPage(browser(), { baseURL: server().url });
    await loginUi(amelia, DEMO.amelia, DEMO_PASSWORD);
    await amelia.goto('/contacts');
    await amelia.getByLabel('Search contacts').fill('arnaud');
    await amelia.getByRole('button', { name: /^Chloé Arnaud/ }).waitFor();
    expect([...errors(), ...ameliaErrors()]).toEqual([]);
  });

  it('imports a CSV with good and bad rows and shows each row’s result', async () => {
    const { page, errors } = await adminPage(server(), browser());
    await page.goto('/admin/users');
    const bulk = page.getByRole('region', { name: 'Bulk upload' });
    const input = bulk.locator('input[type="file"]');

    // Checked in the browser first: CSV only, at most 2 MB.
    await input.setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: Buffer.alloc(2_000_001, 'a') });
    await page.getByText('The maximum file size allowed for uploads is 2MB').waitFor();
    await dismissToasts(page);

    // The template is built in the browser from the contract's columns.
    const download = page.waitForEvent('download');
    await bulk.getByRole('button', { name: 'Download the template' }).click();
    const template = await download;
    expect(template.suggestedFilename()).toBe('users-template.csv');

    const csv = [
      'firstName,lastName,email,phoneCountryCode,phone,facility,department,profession,specialty,suffix,role',
      "Bulk,One,bulk.one@hospital.test,+1,5550201,St. Mary's General Hospital,Cardiology,Registered Nurse,Cardiology,RN,Regular",
      'Bulk,Two,bulk.two@hospital.test,+1,5550202,Riverside Medical Center,Oncology,Physician,Oncology,MD,Regular',
      'Bulk,Three,not-an-email,+1,5550203,Riverside Medical Center,Oncology,Astronaut,Oncology,,Regular',
      `Bulk,Four,${DEMO.amelia},+1,5550204,Riverside Medical Center,Oncology,Physician,Oncology,,Regular`,
    ].join('\n');
    await input.setInputFiles({ name: 'staff.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const results = await settled(page, 'Bulk Users Upload Results');
    await results.getByText('2 created').waitFor();
    await results.getByText('2 failed').waitFor();
    await results.getByRole('row').filter({ hasText: 'bulk.one@hospital.test' }).getByText('Created').waitFor();
    const bad = results.getByRole('row').filter({ hasText: 'not-an-email' });
    await bad.getByText('Failed').waitFor();
    // The server's "profession" reads as clinical role.
    await expect(bad.textContent()).resolves.toMatch(/clinical role/i);
    await expect(bad.textContent()).resolves.not.toMatch(/profession/i);
    await snap(page, 'admin-users-bulk-results-light-en');
    await results.getByRole('button', { name: 'Close' }).click();
    await page.getByLabel('Search users').fill('bulk');
    await rowOf(page, 'bulk.two@hospital.test').waitFor();
    expect(errors()).toEqual([]);
  });

  it('resets a password and deletes a user from the table', async () => {
    const { page, errors } = await adminPage(server(), browser());
    await page.goto('/admin/users?q=liam.hebert');
    const liam = rowOf(page, DEMO.liam);
    await liam.waitFor();
    await liam.getByRole('button', { name: 'Reset the password of Liam Hebert' }).click();
    const dialog = await settled(page, 'Reset password');
    await field(page, 'New password').fill('short');
    await field(page, 'Confirm new password').fill('other');
    await dialog.getByRole('button', { name: 'Reset password' }).click();
    await dialog.getByText('Password must be at least 6 characters long').waitFor();
    await dialog.getByText("Doesn't match with password").waitFor();
    await snap(page, 'admin-users-reset-password-light-en');
    await field(page, 'New password').fill('Fresh2026pass');
    await field(page, 'Confirm new password').fill('Fresh2026pass');
    await dialog.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Password updated successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect(apiLogin(server(), DEMO.liam, DEMO_PASSWORD)).rejects.toThrow();
    const login = await call(server(), authRoutes.login, {
      body: { username: DEMO.liam, password: 'Fresh2026pass', remember: false },
    });
    expect(login.status).toBe(200);
    await dismissToasts(page);

    // Delete the one user on the page: the modal closes and the list refreshes.
    await page.goto('/admin/users?q=bulk.one');
    const bulkOne = rowOf(page, 'bulk.one@hospital.test');
    await bulkOne.getByRole('button', { name: 'Delete Bulk One' }).click();
    const confirm = await settled(page, 'Delete user');
    await snap(page, 'admin-users-delete-light-en');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('User removed successfully').waitFor();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('No user matches “bulk.one”.').waitFor();
    expect(errors()).toEqual([]);
  });

  it('sets the password update policy and the default session timeout', async () => {
    const { page, errors } = await adminPage(server(), browser());
    await page.goto('/admin/users');
    const policy = page.getByRole('region', { name: 'Password update policy' });
    const submit = policy.getByRole('button', { name: 'Update policy' });
    await expect(submit.isDisabled()).resolves.toBe(true);
    await expect(policy.getByLabel('Every').isDisabled()).resolves.toBe(true);
    await policy.getByText('Active', { exact: true }).click();
    await expect(policy.getByLabel('Every').isDisabled()).resolves.toBe(false);
    // Digits only, three at most.
    await policy.getByLabel('Every').fill('4x5');
    await expect(policy.getByLabel('Every').inputValue()).resolves.toBe('45');
    await policy.getByLabel('Every').fill('123');
    await policy.getByLabel('Period').selectOption('week');
    await submit.click();
    await page.getByText('Password update policy updated successfully').waitFor();
    await expect.poll(() => submit.isDisabled()).toBe(true);
    await dismissToasts(page);

    const settings = page.getByRole('region', { name: 'App settings' });
    const timeout = settings.getByLabel('Default session timeout');
    await timeout.fill('100001');
    await settings.getByText('Input value should not be greater than 100000.').waitFor();
    await timeout.fill('abc');
    await settings.getByText('Input value should be a number.').waitFor();
    await timeout.fill('0');
    await expect(settings.getByRole('button', { name: 'Save' }).isDisabled()).resolves.toBe(true);
    await timeout.fill('90');
    await settings.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Setting updated successfully').waitFor();
    const app = await call(server(), adminSettingRoutes.appSettings, {});
    expect(app.body.appSettings).toMatchObject({ sessionTimeout: 90, passwordUpdate: { frequency: 123 } });
    expect(errors()).toEqual([]);
  });

  it.each(['desktop', 'phone'] as const)('reads in French and dark on a %s', async (view) => {
    await adminPreferences(server(), 'fr', 'dark');
    const { page, errors } = await adminPage(server(), browser(), { mobile: view === 'phone' });
    await page.goto('/admin/users');
    await rowOf(page, DEMO.amelia).waitFor();
    await snap(page, `admin-users-dark-fr-${view}`);
    await rowOf(page, DEMO.amelia).getByRole('link', { name: 'Modifier Amelia Broussard' }).click();
    await page.getByRole('heading', { name: 'Amelia Broussard' }).waitFor();
    await page.getByRole('region', { name: 'Informations professionnelles' }).waitFor();
    await snap(page, `admin-user-page-dark-fr-${view}`);
    await page.getByRole('button', { name: "Supprimer l'utilisateur" }).click();
    await settled(page, "Supprimer l'utilisateur");
    await snap(page, `admin-users-delete-dark-fr-${view}`);
    await page.getByRole('button', { name: 'Annuler' }).click();
    await page.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click();
    const reset = await settled(page, 'Réinitialiser le mot de passe');
    await reset.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click();
    await reset.getByText('Obligatoire').first().waitFor();
    await snap(page, `admin-users-reset-password-dark-fr-${view}`);
    await reset.getByRole('button', { name: 'Annuler' }).click();
    await page.getByRole('link', { name: 'Retour aux utilisateurs' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/users');
    // Results of a file whose only row is refused: nothing is created.
    const bad =
      'firstName,lastName,email,phoneCountryCode,phone,facility,department,profession,specialty,suffix,role\nX,Y,nope,+1,1,Nowhere,Nowhere,Nobody,Nothing,,Regular\n';
    await page
      .getByRole('region', { name: 'Import en masse' })
      .locator('input[type="file"]')
      .setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    const results = await settled(page, "Résultats de l'import des utilisateurs");
    await results.getByText('1 en échec').waitFor();
    await snap(page, `admin-users-bulk-results-dark-fr-${view}`);
    await results.getByRole('button', { name: 'Fermer' }).click();
    expect(errors()).toEqual([]);
  });

  it('reads in English and light on a phone', async () => {
    await adminPreferences(server(), 'en', 'light');
    const { page, errors } = await adminPage(server(), browser(), { mobile: true });
    await page.goto('/admin/users');
    await rowOf(page, DEMO.amelia).waitFor();
    await snap(page, 'admin-users-light-en-phone');
    await rowOf(page, DEMO.amelia).getByRole('link', { name: 'Edit Amelia Broussard' }).click();
    await page.getByRole('heading', { name: 'Amelia Broussard' }).waitFor();
    await snap(page, 'admin-user-page-light-en-phone');
    expect(errors()).toEqual([]);
  });
});
