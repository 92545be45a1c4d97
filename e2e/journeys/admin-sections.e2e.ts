import { readFileSync } from 'node:fs';
import { authRoutes } from '@rounds/contracts/auth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, call, DEMO_PASSWORD } from '../support/api';
import { dismissToasts, openWatchedPage } from '../support/app';
import { snap } from '../support/browser';
import { demo } from '../support/demo';
import { loginUi } from '../support/login-ui';
import { adminPage, adminPreferences } from '../support/pages/admin-tab';
import { inLook } from '../support/pages/looks';
import { useDemoStaff } from '../support/pages/sign-in';

/**
 * The administration sections other than Users (issue 10): a department and its members, a logo that shows
 * in the navigation at once, the about text with bold and a link on /about-us, a banner reaching another
 * signed-in user without a reload, and the user logs filtered and exported; then every section in both
 * languages, both themes, on a desktop and a phone.
 */

const { server, browser } = useDemoStaff();

/** A real PNG drawn by the browser. */
async function png(page: Page, text: string): Promise<Buffer> {
  const dataUrl = await page.evaluate((label) => {
    const canvas = document.createElement('canvas');
    canvas.width = 240;
    canvas.height = 96;
    const context = canvas.getContext('2d');
    if (!context) return '';
    context.fillStyle = '#b4235a';
    context.fillRect(0, 0, 240, 96);
    context.fillStyle = '#ffffff';
    context.font = 'bold 40px sans-serif';
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.fillText(label, 120, 50);
    return canvas.toDataURL('image/png');
  }, text);
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

describe('administration sections', () => {
  it('creates a department, then adds a member and removes them', async () => {
    await adminPreferences(server(), 'en', 'light');
    const { page, errors } = await adminPage(server(), browser());
    await page.goto('/admin/departments');
    await page.getByRole('heading', { name: 'Departments' }).waitFor();
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    await snap(page, 'admin-departments-light-en');

    await page.getByRole('button', { name: 'Add department' }).click();
    const modal = page.getByRole('dialog', { name: 'New department' });
    const create = modal.getByRole('button', { name: 'Create' });
    await expect(create.isDisabled()).resolves.toBe(true);
    await modal.getByLabel('Name').fill('   ');
    await modal.getByLabel('Name').blur();
    await modal.getByText('Required').waitFor();
    await expect(create.isDisabled()).resolves.toBe(true);
    await modal.getByLabel('Name').fill('  Wound care ');
    await snap(page, 'admin-department-create-light-en');
    await modal.getByLabel('Name').press('Enter');
    await page.getByText('Department created successfully').first().waitFor();
    await modal.waitFor({ state: 'hidden' });
    await dismissToasts(page);

    // The search finds it, with no member yet.
    await page.getByLabel('Search departments').fill('Wound');
    const row = page.getByRole('row', { name: /Wound care/ });
    await row.waitFor();
    await expect(page.getByRole('table').getByRole('row').count()).resolves.toBe(2);
    await expect(row.getByRole('cell').nth(1).textContent()).resolves.toBe('0');
    await row.getByRole('link', { name: 'Edit Wound care' }).click();
    await page.getByRole('link', { name: 'Back to departments' }).waitFor();
    await expect.poll(() => page.getByLabel(/^Name/).inputValue()).toBe('Wound care');

    const members = page.getByRole('region', { name: 'Members', exact: true });
    const available = page.getByRole('region', { name: 'Available users', exact: true });
    await members.getByText('No data').waitFor();
    await available.getByLabel('Search available users').fill('Amelia');
    await available.getByRole('button', { name: 'Add Amelia Broussard' }).click();
    await page.getByText('Member added successfully').first().waitFor();
    await members.getByRole('cell', { name: 'Amelia', exact: true }).waitFor();
    await expect(members.getByLabel('Status of Amelia Broussard').inputValue()).resolves.toBe('Active');
    await available.getByRole('button', { name: 'Add Amelia Broussard' }).waitFor({ state: 'detached' });
    await dismissToasts(page);
    await snap(page, 'admin-department-members-light-en');

    await members.getByRole('button', { name: 'Remove Amelia Broussard' }).click();
    await page.getByText('Member removed successfully').first().waitFor();
    await members.getByText('No data').waitFor();
    await available.getByRole('button', { name: 'Add Amelia Broussard' }).waitFor();

    // Renamed with Enter; the list shows the new name.
    await page.getByLabel(/^Name/).fill('Wound and ostomy care');
    await page.getByLabel(/^Name/).press('Enter');
    await page.getByText('Department updated successfully').first().waitFor();
    await page.getByRole('link', { name: 'Back to departments' }).click();
    await page.getByLabel('Search departments').fill('ostomy');
    await page.getByRole('row', { name: /Wound and ostomy care/ }).waitFor();
    expect(errors()).toEqual([]);
  });

  it('uploads a logo that the navigation shows at once, and refuses one of 10 MB', async () => {
    const { page, errors } = await adminPage(server(), browser());
    await page.goto('/admin/logos');
    const slot = page.getByRole('region', { name: 'Main logo', exact: true });
    await slot.waitFor();
    const navLogo = page.locator('.side-nav img').first();
    const before = await navLogo.getAttribute('src');

    await slot.locator('input[type=file]').setInputFiles({
      name: 'main.png',
      mimeType: 'image/png',
      buffer: await png(page, 'WARD'),
    });
    await page.getByText('Logo updated successfully').first().waitFor();
    await expect.poll(() => navLogo.getAttribute('src')).not.toBe(before);
    const after = await navLogo.getAttribute('src');
    expect(after).toMatch(/\/logos\/logo-[0-9a-f]{24}\.png$/);
    await expect(slot.getByRole('img', { name: 'Current Main logo' }).getAttribute('src')).resolves.toBe(after);
    const served = await fetch(`${server().url}${after}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    await dismissToasts(page);
    await snap(page, 'admin-logos-light-en');

    // Refused in the browser at 10,485,760 bytes, before anything is sent.
    await slot.locator('input[type=file]').setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(10_485_760, 1),
    });
    await page.getByText('The logo is too large: it must be under 10 MB.').first().waitFor();
    await expect(navLogo.getAttribute('src')).resolves.toBe(after);
    expect(errors()).toEqual([]);
  });

  it('saves the about text with bold and a link, and /about-us shows it', async () => {
    const { page, errors } = await adminPage(server(), browser());
    await page.goto('/admin/about');
    const editor = page.getByRole('textbox', { name: 'About us text (English)' });
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.type('Rounds keeps ');
    await page.keyboard.press('Control+B');
    await page.keyboard.type('every ward');
    await page.keyboard.press('Control+B');
    await page.keyboard.type(' connected. Read more on our site');
    for (let i = 0; i < 'our site'.length; i += 1) await page.keyboard.press('Shift+ArrowLeft');
    await page
      .getByRole('region', { name: 'About us page' })
      .getByRole('button', { name: 'Link', exact: true })
      .click();
    await page.getByRole('textbox', { name: 'Link address' }).fill('https://example.org/rounds');
    await page.getByRole('textbox', { name: 'Link address' }).press('Enter');
    await editor.locator('a[href="https://example.org/rounds"]').waitFor();
    await page.getByRole('button', { name: 'Update text' }).click();
    await page.getByText('Texts updated successfully').first().waitFor();
    await dismissToasts(page);
    await snap(page, 'admin-about-light-en');

    await page.goto('/about-us');
    await page.getByText('every ward', { exact: true }).waitFor();
    await expect(page.locator('strong', { hasText: 'every ward' }).count()).resolves.toBe(1);
    await expect(page.getByRole('link', { name: 'our site' }).getAttribute('href')).resolves.toBe(
      'https://example.org/rounds',
    );
    await snap(page, 'about-us-rich-text-light-en');
    expect(errors()).toEqual([]);
  });

  it('shows the banner on another signed-in screen at once, in that user’s language, until dismissed', async () => {
    const { page: nurse, errors: nurseErrors } = await openWatchedPage(browser(), {
      baseURL: server().url,
      mobile: true,
    });
    await loginUi(nurse, demo('noah.thibodeaux'), DEMO_PASSWORD);

    const { page, errors } = await adminPage(server(), browser());
    await page.goto('/admin/banner');
    await page.getByText('Inactive', { exact: true }).waitFor();
    await page.getByLabel('Message (English)').fill('Fire drill at 14:00 in the east wing.');
    await page.getByText('37/500').waitFor();
    await page
      .getByRole('radiogroup', { name: 'Language of the message' })
      .getByText('Français', { exact: true })
      .click();
    await page.getByLabel('Message (Français)').fill('Exercice incendie à 14 h dans l’aile est.');
    await page.getByRole('radiogroup', { name: 'Show the banner' }).getByText('Activate', { exact: true }).click();
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByText('Banner message updated successfully').first().waitFor();
    await page.getByText('Active', { exact: true }).waitFor();
    await dismissToasts(page);
    await snap(page, 'admin-banner-light-en');

    // The nurse's screen shows it without a reload (AppSettingsChanged), and so does the admin's own.
    const banner = nurse.getByRole('region', { name: 'Announcement' });
    await banner.getByText('Fire drill at 14:00 in the east wing.').waitFor();
    await page.getByRole('region', { name: 'Announcement' }).waitFor();
    await snap(nurse, 'banner-recent-phone-light-en');
    await banner.getByRole('button', { name: 'Hide this announcement' }).click();
    await banner.waitFor({ state: 'detached' });
    // Dismissed for the session: a reload keeps it hidden.
    await nurse.reload();
    await nurse.getByRole('link', { name: 'Contacts' }).first().waitFor();
    await expect(nurse.getByRole('region', { name: 'Announcement' }).count()).resolves.toBe(0);

    // Deactivated: gone from the admin's screen too.
    await page.getByRole('radiogroup', { name: 'Show the banner' }).getByText('Deactivate', { exact: true }).click();
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByRole('region', { name: 'Announcement' }).waitFor({ state: 'detached' });
    expect(errors()).toEqual([]);
    expect(nurseErrors()).toEqual([]);
  });

  it('filters the user logs and exports exactly what the filter shows', async () => {
    // Sign-ins are logged: a few for Amelia, today.
    for (let i = 0; i < 2; i += 1) {
      const token = await apiLogin(server(), demo('amelia.broussard'), DEMO_PASSWORD);
      await call(server(), authRoutes.logout, { token });
    }
    const { page, errors } = await adminPage(server(), browser());
    await page.goto('/admin/user-logs');
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    await page.getByLabel('Search logs').fill('amelia.broussard');
    await page.getByRole('button', { name: /^Dates/ }).click();
    // The calendar's weekend days read at 4.5:1 in light and dark (issue 28: 3.3:1).
    await page.locator('button[data-weekend]').first().waitFor();
    await snap(page, 'admin-user-logs-calendar-light-en');
    await page.getByRole('button', { name: 'Today', exact: true }).click();
    const rows = page.getByRole('table').getByRole('row');
    await expect
      .poll(async () => (await rows.allTextContents()).slice(1).every((text) => text.includes('amelia.broussard')))
      .toBe(true);
    const summary = await page.getByText(/^\d+ entr(y|ies)$/).textContent();
    const total = Number(summary?.split(' ')[0]);
    expect(total).toBeGreaterThanOrEqual(2);
    const firstDate = await rows.nth(1).getByRole('cell').nth(3).textContent();
    expect(firstDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} (AM|PM)$/);
    await snap(page, 'admin-user-logs-light-en');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('logs.csv');
    const csv = readFileSync((await download.path()) as string, 'utf8')
      .trim()
      .split(/\r\n/);
    expect(csv[0]).toBe('"Name","Email","Event","Date","Address"');
    expect(csv.length - 1).toBe(total);
    for (const line of csv.slice(1)) expect(line).toContain('amelia.broussard@demo.rounds.local');
    expect(errors()).toEqual([]);
  });

  it('looks finished in both languages and themes, on a desktop and a phone', async () => {
    for (const [language, theme, mobile] of [
      ['en', 'dark', false],
      ['fr', 'light', false],
      ['fr', 'dark', true],
      ['en', 'light', true],
    ] as const) {
      await inLook(async () => {
        await adminPreferences(server(), language, theme);
        const { page, errors } = await adminPage(server(), browser(), { mobile });
        const device = mobile ? 'phone' : 'desktop';
        const suffix = `${device}-${theme}-${language}`;
        const sections = ['departments', 'roles', 'logos', 'about', 'user-logs', 'banner'] as const;
        for (const section of sections) {
          await page.goto(`/admin/${section}`);
          await page.locator('main h1').waitFor();
          if (section === 'departments' || section === 'roles' || section === 'user-logs') {
            await page.getByRole('table').getByRole('row').nth(1).waitFor();
            await page
              .getByRole('table')
              .getByText(/Loading|Chargement/)
              .waitFor({ state: 'detached' });
          }
          if (section === 'about') await page.locator('.ProseMirror').first().waitFor();
          if (section === 'logos') await page.locator('.mantine-Dropzone-root').first().waitFor();
          if (section === 'banner') await page.locator('textarea').first().waitFor();
          // Issue 28: the events read in the screen's language ('login' is 'connexion' in French).
          if (section === 'user-logs')
            await page
              .getByRole('table')
              .getByText(language === 'fr' ? 'connexion' : 'login', { exact: true })
              .first()
              .waitFor();
          await snap(page, `admin-${section}-${suffix}`);
        }
        // A phone field's country picker names the countries in the screen's language too.
        await page.goto('/admin/users/new');
        const country = page.getByLabel(language === 'fr' ? 'Indicatif' : 'Country code');
        // The calling codes arrive with their own request: wait for them.
        await expect
          .poll(() => country.locator('option', { hasText: language === 'fr' ? 'Norvège' : 'Norway' }).count())
          .toBe(1);
        await snap(page, `admin-user-new-${suffix}`);
        // An item's page: its members and the available users.
        await page.goto('/admin/departments');
        await page.getByRole('table').getByRole('link').first().click();
        await page.getByRole('table').nth(1).getByRole('row').nth(1).waitFor();
        await page
          .getByRole('table')
          .nth(1)
          .getByText(/Loading|Chargement/)
          .waitFor({ state: 'detached' });
        await snap(page, `admin-department-edit-${suffix}`);
        expect(errors()).toEqual([]);
      });
    }
  });
});
