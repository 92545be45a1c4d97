import { readFileSync } from 'node:fs';
import { routeUrl } from '@rounds/contracts/api-route';
import {
  complianceExportRoutes,
  complianceRoutes,
  EXPORT_MANIFEST,
  ZExportManifest,
} from '@rounds/contracts/compliance';
import { unzip } from '@rounds/test-kit/unzip';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, call } from '../support/api';
import { snap } from '../support/browser';
import { demo } from '../support/demo';
import { adminTab as openAdminTab } from '../support/pages/admin-tab';
import { eachLook, type TLook } from '../support/pages/looks';
import { useDemoStaff } from '../support/pages/sign-in';
import { ADMIN } from '../support/server';

/**
 * Retention and legal hold (issue 27), the Admin's side: set how long group messages are kept, place a hold on
 * a person and release it, in Administration › Retention & legal hold; nobody else may read the holds. The
 * export for counsel: the Admin exports a conversation and the downloaded ZIP is read back. Then the section in
 * both languages and themes, on a desktop and a phone.
 */

const { server, browser, apiSession, logout, writtenGroup } = useDemoStaff();

/** The Admin signed in on Retention, in the look's language and theme. */
async function adminTab(look?: Omit<TLook, 'viewport'>) {
  const tab = await openAdminTab(server(), browser(), look);
  await tab.page.goto('/admin/retention');
  return tab;
}

/** Fills the export form: a conversation found by name, today alone. */
async function fillExport(page: Page, room: string, lang: 'en' | 'fr' = 'en') {
  const card = page.getByRole('region', { name: lang === 'en' ? 'Export for counsel' : 'Export pour les avocats' });
  const picker = card.getByRole('textbox', { name: 'Conversation' });
  // Chosen with the keyboard once the server's match is listed: a click raced the dropdown's placement on a busy
  // machine and landed on the control beneath it. The list is opened by focus; a busy machine once left it shut
  // with the name typed, so the name is typed again (reopening it) until the match shows.
  const match = page.getByRole('option', { name: new RegExp(`^${room}`) });
  await expect
    .poll(
      async () => {
        if (await match.isVisible()) return true;
        await picker.click();
        await picker.fill('');
        await picker.fill(room);
        return match.waitFor({ timeout: 5_000 }).then(
          () => true,
          () => false,
        );
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  await picker.press('ArrowDown');
  await picker.press('Enter');
  await expect.poll(() => picker.inputValue()).toMatch(new RegExp(`^${room}`));
  await card.getByRole('button', { name: lang === 'en' ? /^Days/ : /^Jours/ }).click();
  // Today, twice: a range of one day.
  await page.locator('button[data-today]').click();
  await page.locator('button[data-today]').click();
  return card;
}

let exportRoomSeeded: string | undefined;
const holdRow = (page: Page, name: string) => page.getByTestId('legal-hold-row').filter({ hasText: name });

describe('retention and legal hold', () => {
  it('the Admin sets retention, places a hold on a person and releases it; others may not see holds', async () => {
    const { page, errors } = await adminTab();
    await page.getByRole('heading', { name: 'How long messages are kept' }).waitFor();
    await page.getByTestId('last-sweep').getByText('No sweep has run yet.').waitFor();

    // Groups: 30 days; the hospital default stays forever, direct chats follow it.
    await page.getByRole('textbox', { name: 'Groups' }).click();
    await page.getByRole('option', { name: 'A number of days' }).click();
    await page.getByRole('textbox', { name: 'Groups: days' }).fill('30');
    await page.getByRole('button', { name: 'Save policy' }).click();
    await page.getByText('Retention policy saved').waitFor();
    // Read back after a reload. (The server is asked through the API only at the end: signing the Admin in
    // there would end this browser's session.)
    await page.reload();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Groups: days' }).inputValue(), { timeout: 15_000 })
      .toBe('30');
    await expect(page.getByRole('textbox', { name: 'Direct chats' }).inputValue()).resolves.toBe('Hospital default');

    // A hold on a person, found by name.
    await page.getByRole('button', { name: 'Place a hold' }).click();
    const dialog = page.getByRole('dialog', { name: 'Place a legal hold' });
    await dialog.getByRole('textbox', { name: 'Person' }).fill('Amelia');
    await page.getByRole('option', { name: /^Amelia Broussard/ }).click();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Case 2026-114');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Litigation about the night of 12 March');
    await dialog.getByRole('button', { name: 'Place hold' }).click();
    await page.getByText('Legal hold placed').waitFor();
    await holdRow(page, 'Case 2026-114').getByText('In force').waitFor();
    await holdRow(page, 'Case 2026-114').getByText('Amelia Broussard').waitFor();
    await snap(page, 'retention-hold-placed-light-en');

    await holdRow(page, 'Case 2026-114').getByRole('button', { name: 'Release Case 2026-114' }).click();
    const confirm = page.getByRole('dialog', { name: 'Release this legal hold?' });
    await confirm.getByRole('button', { name: 'Release' }).click();
    await page.getByText('Legal hold released').waitFor();
    await holdRow(page, 'Case 2026-114')
      .getByText(/^Released /)
      .waitFor();
    expect(errors()).toEqual([]);

    const token = await apiLogin(server(), ADMIN.email, ADMIN.password);
    const retention = await call(server(), complianceRoutes.retention, { token });
    expect(retention.body.data.policy).toEqual({ defaultDays: null, rooms: { group: 30 } });
    const holds = await call(server(), complianceRoutes.holds, { token });
    expect(holds.body.data.find((h) => h.name === 'Case 2026-114')?.releasedAt).toBeTypeOf('number');
    // Nobody but an Admin reads the holds.
    const nurse = await apiSession(demo('noah.thibodeaux'));
    expect((await call(server(), complianceRoutes.holds, { token: nurse.token })).status).toBe(403);
    await logout(nurse);
    expect(errors()).toEqual([]);
  });

  it('the Admin exports a conversation for counsel; the ZIP downloads with its manifest and messages', async () => {
    const room = 'Bay 3 incident';
    const twId = await writtenGroup(room, ['Fall in bay 3 at 02:10, no injury seen', 'Family informed at 03:00']);
    const { page, errors } = await adminTab();
    const card = await fillExport(page, room);
    const created = page.waitForResponse(
      (r) => r.url().endsWith(routeUrl(complianceExportRoutes.createExport)) && r.request().method() === 'POST',
    );
    const downloading = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Export', exact: true }).click();
    const { data } = (await (await created).json()) as { data: { token: string } };
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^counsel-export-\d{4}-\d{2}-\d{2}-[0-9a-f]{24}\.zip$/);
    const path = await download.path();
    await page.getByText('Export recorded: the ZIP is downloading').waitFor();
    await snap(page, 'retention-export-light-en');

    const entries = await unzip(readFileSync(path));
    const manifest = ZExportManifest.parse(JSON.parse(entries.get(EXPORT_MANIFEST)!.toString('utf8')));
    expect(manifest.target).toMatchObject({ type: 'room', id: twId, label: room });
    expect(manifest.createdBy.email).toBe(ADMIN.email);
    const lines = entries
      .get(`rooms/${twId}.jsonl`)!
      .toString('utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { body: string | null; sender: { name: string } | null });
    expect(lines.filter((l) => l.sender).map((l) => [l.sender!.name, l.body])).toEqual([
      ['Amelia Broussard', 'Fall in bay 3 at 02:10, no injury seen'],
      ['Amelia Broussard', 'Family informed at 03:00'],
    ]);
    // The link worked once: the same download again is refused. (A raw fetch: the route answers a ZIP, not JSON.)
    const downloadUrl = `${server().url}${routeUrl(complianceExportRoutes.downloadExport)}`;
    const again = await fetch(`${downloadUrl}?${new URLSearchParams({ token: data.token })}`);
    expect(again.status).toBe(404);
    expect(errors()).toEqual([]);
  });

  eachLook('looks right', async (look) => {
    const { theme, lang, viewport } = look;
    const token = await apiLogin(server(), ADMIN.email, ADMIN.password);
    const name = `Inquest ${theme}-${lang}-${viewport}`;
    const nurse = await apiSession(demo('amelia.broussard'));
    await logout(nurse);
    const placed = await call(server(), complianceRoutes.placeHold, {
      body: { targetType: 'user', targetId: nurse.id, name, reason: 'Coroner’s request, ward 4B' },
      token,
    });
    expect(placed.status).toBe(200);
    if (!exportRoomSeeded) exportRoomSeeded = await writtenGroup('Ward 4B export', ['Handover at 07:00']);
    const { page, errors } = await adminTab(look);
    await expect(page.locator('html').getAttribute('data-mantine-color-scheme')).resolves.toBe(theme);
    await holdRow(page, name).waitFor();
    await snap(page, `retention-${theme}-${lang}-${viewport}`);
    await page.getByRole('button', { name: lang === 'en' ? 'Place a hold' : 'Placer une conservation' }).click();
    await page
      .getByRole('dialog')
      .getByRole('textbox', { name: lang === 'en' ? 'Name' : 'Nom' })
      .waitFor();
    await snap(page, `retention-place-${theme}-${lang}-${viewport}`);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    const card = await fillExport(page, 'Ward 4B export', lang);
    // The calendar closes on the range's second day; the form as it is just before Export is pressed.
    await page.locator('button[data-today]').waitFor({ state: 'hidden' });
    await card.getByRole('button', { name: lang === 'en' ? 'Export' : 'Exporter', exact: true }).focus();
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, `retention-export-${theme}-${lang}-${viewport}`);
    expect(errors()).toEqual([]);
  });
});
