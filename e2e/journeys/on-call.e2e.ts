import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../support/api';
import { snap } from '../support/browser';
import { budget } from '../support/budget';
import { dutyRoleAdmin } from '../support/duty-roles';
import { inLook, LOOKS } from '../support/pages/looks';
import { useDemoStaff } from '../support/pages/sign-in';

/**
 * Issue 25, on-call roles: a FacilityAdmin creates "Cardiology on call" in Administration, a clinician of the
 * facility takes it from Contacts › On call, a colleague takes it over with a handover note and the first
 * holder is told at once; the On call view photographed in both languages, themes and screens.
 */
const { server, apiSession, logout, signIn } = useDemoStaff();

const ROLE = 'Cardiology on call';

/** Contacts › On call, in the page's language. */
async function openOnCall(page: Page, onCall: 'On call' | 'De garde' = 'On call'): Promise<void> {
  await page.goto('/contacts');
  await page.getByText(onCall, { exact: true }).click();
  await page.getByRole('list', { name: /On-call roles|Rôles de garde/ }).waitFor();
}

const roleRow = (page: Page, name: string) => page.locator('[data-role-id]').filter({ hasText: name });

describe('on-call roles', () => {
  it('an administrator creates a role, a clinician takes it, a colleague takes it over with a note', async () => {
    // Amelia is the demo FacilityAdmin (St. Mary's and Riverside); Liam works at St. Mary's.
    const { page: amelia, errors: ameliaErrors } = await signIn('amelia.broussard');
    await amelia.goto('/admin/on-call');
    await amelia.getByRole('button', { name: 'Add role' }).click();
    const form = amelia.getByRole('dialog', { name: 'New on-call role' });
    await form.getByLabel(/^Name/).fill(ROLE);
    await form.getByRole('textbox', { name: /^Facility/ }).click();
    await amelia.getByRole('option', { name: "St. Mary's General Hospital" }).click();
    await form.getByRole('button', { name: 'Create' }).click();
    const adminRow = amelia.getByRole('row').filter({ hasText: ROLE });
    await adminRow.waitFor();
    await expect(adminRow.getByText('Not held').count()).resolves.toBe(1);
    // The write and DutyRoleChanged both refresh the table; neither may cancel the other into an error toast.
    await expect(amelia.locator('.mantine-Notification-root').allInnerTexts()).resolves.toEqual(['Role created']);
    await snap(amelia, 'on-call-admin-en-light-desktop');

    // A schedule from CSV: a bad row is reported by its line and nothing is imported; the clean file goes in.
    const csv = (rows: string[]) => ({
      name: 'rota.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(['role,email,start,end', ...rows].join('\n')),
    });
    const good = `${ROLE},${DEMO.liam},2030-01-07 08:00,2030-01-07 20:00`;
    await amelia.getByRole('button', { name: 'Import schedule' }).click();
    const importer = amelia.getByRole('dialog', { name: 'Import a schedule' });
    await importer.getByRole('textbox', { name: /^Facility/ }).click();
    await amelia.getByRole('option', { name: "St. Mary's General Hospital" }).click();
    await importer
      .locator('input[type=file]')
      .setInputFiles(csv([good, `${ROLE},nobody@demo.rounds.local,2030-01-08 08:00,2030-01-08 20:00`]));
    await importer.getByRole('button', { name: 'Import', exact: true }).click();
    await importer.getByText('Line 3: no user with the email nobody@demo.rounds.local').waitFor();
    await snap(amelia, 'on-call-import-en-light-desktop');
    await importer.locator('input[type=file]').setInputFiles(csv([good]));
    await importer.getByRole('button', { name: 'Import', exact: true }).click();
    await amelia.getByText('1 shift imported').waitFor();

    const { page: liam, errors: liamErrors } = await signIn('liam.hebert');
    await openOnCall(liam);
    const row = roleRow(liam, ROLE);
    await row.getByText('Nobody holds this role').waitFor();
    await row.getByRole('button', { name: `Take ${ROLE}` }).click();
    await row.getByText('Liam Hebert').waitFor();
    await row.getByRole('button', { name: `Release ${ROLE}` }).waitFor();

    // The administrator's table follows without a reload (DutyRoleChanged).
    await adminRow.getByText('Liam Hebert').waitFor({ timeout: budget(10_000) });

    // Amelia takes it over from Contacts: asked first, then Liam is told with her note.
    await openOnCall(amelia);
    const ameliaRow = roleRow(amelia, ROLE);
    await ameliaRow.getByRole('button', { name: `Take ${ROLE}` }).click();
    const dialog = amelia.getByRole('dialog', { name: `${ROLE} is held` });
    await dialog.getByText('Held now by Liam Hebert.').waitFor();
    await dialog.getByLabel('Handover note (optional)').fill('Bed 12: troponin at 04:00');
    await snap(amelia, 'on-call-take-over-en-light-desktop');
    await dialog.getByRole('button', { name: 'Take over' }).click();
    await ameliaRow.getByText('Amelia Broussard').waitFor();
    await liam.getByText('Amelia Broussard took over Cardiology on call: “Bed 12: troponin at 04:00”').waitFor();
    await row.getByText('Amelia Broussard').waitFor();
    await expect(row.getByText('Liam Hebert').count()).resolves.toBe(0);
    await snap(liam, 'on-call-taken-over-en-light-desktop');

    expect(ameliaErrors()).toEqual([]);
    expect(liamErrors()).toEqual([]);
  });

  it('shows the roles with holders, presence and the roles nobody holds, in both languages, themes and screens', async () => {
    // More roles, as a hospital has: one held on schedule, one nobody holds (set up before any browser).
    const admin = await dutyRoleAdmin(server());
    const noah = await apiSession(DEMO.noah);
    await logout(noah);
    const created: string[] = [];
    for (const name of ['Rapid response team', 'Charge nurse 4 West', 'Stroke team on call'])
      created.push(await admin.createRole(name));
    await admin.onShiftNow(created[0]!, noah.id);

    for (const [language, theme, mobile] of LOOKS.map((l) => [l.lang, l.theme, l.mobile] as const)) {
      await inLook(async () => {
        const { context, page, errors } = await signIn('liam.hebert', { lang: language, theme, mobile });
        await openOnCall(page, language === 'fr' ? 'De garde' : 'On call');
        await roleRow(page, 'Rapid response team').getByText('Noah Thibodeaux').waitFor();
        await roleRow(page, 'Charge nurse 4 West')
          .getByText(language === 'fr' ? 'Personne ne tient ce rôle' : 'Nobody holds this role')
          .waitFor();
        await snap(page, `on-call-view-${language}-${theme}-${mobile ? 'phone' : 'desktop'}`);
        expect(errors()).toEqual([]);
        await context.close();
      });
    }

    // The administration section too, in French and dark on a phone.
    const { page, errors } = await signIn('amelia.broussard', { lang: 'fr', theme: 'dark', mobile: true });
    await page.goto('/admin/on-call');
    await page.getByRole('row').filter({ hasText: 'Charge nurse 4 West' }).waitFor();
    await snap(page, 'on-call-admin-fr-dark-phone');
    expect(errors()).toEqual([]);
  });
});
