import { breakGlassRoutes } from '@rounds/contracts/compliance';
import { userLogRoutes } from '@rounds/contracts/user-logs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, call } from '../support/api';
import { snap } from '../support/browser';
import { demo } from '../support/demo';
import { adminTab as openAdminTab } from '../support/pages/admin-tab';
import { eachLook, type TLook } from '../support/pages/looks';
import { log } from '../support/pages/room';
import { useDemoStaff } from '../support/pages/sign-in';
import { ADMIN } from '../support/server';

/**
 * Break-glass access (issue 27): the Admin, no member of a ward's group, finds it in Administration › Break-glass
 * access, types why, confirms, and reads it read-only under a red banner (no composer); a member of the group
 * sees the privacy office's line arrive. The Admin ends the access early. Then the view and the member's line in
 * both languages and themes, on a desktop and a phone.
 */

const { server, browser, apiSession, logout, writtenGroup, signIn } = useDemoStaff();

const REASON = 'Patient complaint 2026-114 about the night of 12 March';
const HANDOVER = 'Bed 12: potassium 3.1, recheck at 06:00';

/** A ward's group, written by its owner before anyone reads it: Amelia and Noah, two messages. */
const seedGroup = (name: string) => writtenGroup(name, [HANDOVER, 'Family asked to be called before 08:00']);

const adminTab = (look?: Omit<TLook, 'viewport'>) => openAdminTab(server(), browser(), look);

const banner = (page: Page) => page.getByTestId('break-glass-banner');
const PRIVACY_LINE = /^(Privacy office|Bureau de la confidentialité)/;

describe('break-glass access', () => {
  it('the Admin opens a room with a reason, reads it under the banner and cannot write; a member sees the line', async () => {
    const name = 'Ward 7 handover';
    const twId = await seedGroup(name);
    // Noah, a member, has the room open when the privacy office opens it.
    const noah = await signIn('noah.thibodeaux');
    await noah.page.goto(`/chat/${twId}`);
    await log(noah.page).getByText(HANDOVER).waitFor();

    const { page, errors } = await adminTab();
    await page.goto('/admin/break-glass');
    await page.getByRole('searchbox', { name: 'Find a conversation by group name or member' }).fill('Ward 7');
    await page.getByRole('button', { name: `Open read-only: ${name}` }).click();
    // Too short a reason is refused before anything is asked.
    const reason = page.getByRole('textbox', { name: 'Reason' });
    await reason.fill('checking');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Write at least 10 characters.').waitFor();
    await reason.fill(REASON);
    await snap(page, 'break-glass-reason-light-en');
    await page.getByRole('button', { name: 'Continue' }).click();
    const confirm = page.getByRole('dialog', { name: 'Open this conversation read-only?' });
    // Cancel has the focus: an Enter out of habit opens nothing.
    await expect(
      confirm.getByRole('button', { name: 'Cancel' }).evaluate((b) => b === document.activeElement),
    ).resolves.toBe(true);
    await confirm.getByRole('button', { name: 'Open read-only' }).click();

    // The read-only view: the banner with the end time and the reason, the messages, the members, no composer.
    await page.waitForURL((url) => url.pathname === `/admin/break-glass/${twId}`);
    await banner(page)
      .getByText(/^Break-glass access · read-only · ends at .+ · reason: Patient complaint 2026-114/)
      .waitFor();
    await log(page).getByText(HANDOVER).waitFor();
    await log(page).getByText(PRIVACY_LINE).waitFor();
    await page.getByRole('region', { name: 'Members' }).getByText('Noah Thibodeaux').waitFor();
    expect(await page.getByRole('textbox', { name: /message/i }).count()).toBe(0);
    await page.getByTestId('break-glass-read-only').waitFor();
    await snap(page, 'break-glass-view-light-en');

    // Noah sees the privacy office's line arrive in the room he has open.
    await log(noah.page).getByText(PRIVACY_LINE).waitFor();
    await snap(noah.page, 'break-glass-member-line-light-en');

    expect(errors()).toEqual([]);
    expect(noah.errors()).toEqual([]);

    // Through the API (this ends the Admin's browser session): the grant keeps the reason, the user log has the
    // opening, and a nurse reads nothing.
    const token = await apiLogin(server(), ADMIN.email, ADMIN.password);
    const grant = await call(server(), breakGlassRoutes.grant, { params: { roomId: twId }, token });
    expect(grant.body.data.reason).toBe(REASON);
    const logs = await call(server(), userLogRoutes.list, { query: { pageSize: 20 }, token });
    expect(JSON.stringify(logs.body)).toContain('break-glass opened');
    const nurse = await apiSession(demo('olivia.landry'));
    const refused = await call(server(), breakGlassRoutes.messages, {
      params: { roomId: twId },
      query: {},
      token: nurse.token,
    });
    expect(refused.status).toBe(403);
    await logout(nurse);
  });

  it('the Admin ends the access early; the view then says it is over', async () => {
    const name = 'Ward 9 night';
    const twId = await seedGroup(name);
    const token = await apiLogin(server(), ADMIN.email, ADMIN.password);
    expect(
      (await call(server(), breakGlassRoutes.open, { params: { roomId: twId }, body: { reason: REASON }, token }))
        .status,
    ).toBe(200);
    const { page, errors } = await adminTab();
    await page.goto(`/admin/break-glass/${twId}`);
    await banner(page).getByRole('button', { name: 'End access now' }).click();
    await page
      .getByRole('dialog', { name: 'End break-glass access?' })
      .getByRole('button', { name: 'End access now' })
      .click();
    await page.getByText('Break-glass access ended').first().waitFor();
    await page.waitForURL((url) => url.pathname === '/admin/break-glass');
    await page.goto(`/admin/break-glass/${twId}`);
    await page.getByTestId('break-glass-over').waitFor();
    expect(await banner(page).count()).toBe(0);
    expect(errors()).toEqual([]);
  });

  let looksRoom: string | undefined;
  eachLook('looks right', async (look) => {
    const { theme, lang, viewport } = look;
    looksRoom ??= await seedGroup('Ward 3 day');
    const twId = looksRoom;
    const token = await apiLogin(server(), ADMIN.email, ADMIN.password);
    const opened = await call(server(), breakGlassRoutes.open, {
      params: { roomId: twId },
      body: { reason: REASON },
      token,
    });
    expect([200, 409]).toContain(opened.status);
    // The member's side first: signing the Admin in below ends no session of Noah's.
    const noah = await signIn('noah.thibodeaux', look);
    await noah.page.goto(`/chat/${twId}`);
    await log(noah.page).getByText(PRIVACY_LINE).first().waitFor();
    await snap(noah.page, `break-glass-member-${theme}-${lang}-${viewport}`);
    expect(noah.errors()).toEqual([]);

    const { page, errors } = await adminTab(look);
    await expect(page.locator('html').getAttribute('data-mantine-color-scheme')).resolves.toBe(theme);
    await page.goto(`/admin/break-glass/${twId}`);
    await banner(page).waitFor();
    await log(page).getByText(HANDOVER).waitFor();
    await snap(page, `break-glass-view-${theme}-${lang}-${viewport}`);
    await page.goto('/admin/break-glass');
    await page.getByTestId('break-glass-room').first().waitFor();
    await snap(page, `break-glass-list-${theme}-${lang}-${viewport}`);
    expect(errors()).toEqual([]);
  });
});
