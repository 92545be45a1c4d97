import { adminUserRoutes } from '@rounds/contracts/admin-users';
import { describe, expect, it } from 'vitest';
import { apiLogin, call, DEMO, DEMO_PASSWORD } from '../support/api';
import { openContext, openWatchedPage } from '../support/app';
import { snap, watchErrors } from '../support/browser';
import { directRoom } from '../support/direct-room';
import { loginUi } from '../support/login-ui';
import { composer, openRoom } from '../support/pages/room';
import { useDemoStaff } from '../support/pages/sign-in';
import { ADMIN } from '../support/server';

/**
 * Administration reaches the person at once (issue 10, "Live effects"): a physician made Facility Admin sees the
 * Admin entry appear in their open app without a reload, and when deactivated is warned that they will be
 * signed out in 10 seconds, then lands on the sign-in page; a deleted colleague's direct chats turn read-only
 * in the others' open apps.
 */

const { server, browser, apiSession, logout, setPreferences } = useDemoStaff();

describe('administration, live', () => {
  it('changes a signed-in user’s menus at once, and warns them 10 seconds before deactivation signs them out', async () => {
    await setPreferences(DEMO.lucas, 'en', 'light');
    const lucas = await apiSession(DEMO.lucas);
    await logout(lucas);
    const { page, errors } = await openWatchedPage(browser(), { baseURL: server().url });
    await loginUi(page, DEMO.lucas, DEMO_PASSWORD);
    const adminLink = page.getByRole('link', { name: 'Admin' });
    await page.getByRole('link', { name: 'Contacts' }).first().waitFor();
    await expect(adminLink.count()).resolves.toBe(0);

    const admin = await apiLogin(server(), ADMIN.email, ADMIN.password);
    const role = await call(server(), adminUserRoutes.updateRole, {
      body: { id: lucas.id, role: 'FacilityAdmin' },
      token: admin,
    });
    expect(role.status).toBe(200);
    await adminLink.first().waitFor();
    await snap(page, 'admin-live-role-light-en');

    const off = await call(server(), adminUserRoutes.deactivate, { body: { userId: lucas.id }, token: admin });
    expect(off.status).toBe(200);
    const warning = page.getByText(/Please save any unsaved data: you will be logged out in \d+ seconds?\./);
    await warning.waitFor();
    // The toast has slid in before it is pictured.
    await expect
      .poll(() => warning.evaluate((el) => getComputedStyle(el.closest('.mantine-Notification-root') ?? el).opacity))
      .toBe('1');
    await snap(page, 'admin-live-deactivated-light-en');
    await page.waitForURL('**/login**', { timeout: 20_000 });
    expect(errors()).toEqual([]);
  });

  it('turns the direct chats of a deleted colleague read-only in the open apps of the others', async () => {
    const readers = [
      { email: DEMO.liam, lang: 'en', theme: 'light', text: "This person's account has been removed." },
      { email: DEMO.olivia, lang: 'fr', theme: 'dark', text: 'Le compte de cette personne a été supprimé.' },
    ] as const;
    const emma = await apiSession(DEMO.emma);
    await logout(emma);
    const pages = [];
    for (const r of readers) {
      await setPreferences(r.email, r.lang, r.theme);
      const session = await apiSession(r.email);
      await directRoom(server(), session, emma.id);
      await logout(session);
      const context = await openContext(browser(), { baseURL: server().url, colorScheme: r.theme });
      const page = await context.newPage();
      await loginUi(page, r.email, DEMO_PASSWORD);
      await openRoom(page, 'Emma Guidry');
      await composer(page, r.lang === 'en' ? 'Type a message' : 'Écrire un message').waitFor();
      pages.push({ page, errors: watchErrors(page), ...r });
    }

    const admin = await apiLogin(server(), ADMIN.email, ADMIN.password);
    expect((await call(server(), adminUserRoutes.remove, { query: { id: emma.id }, token: admin })).status).toBe(200);
    for (const { page, errors, text, lang, theme } of pages) {
      await page.getByText(text).waitFor();
      expect(await composer(page, lang === 'en' ? 'Type a message' : 'Écrire un message').count()).toBe(0);
      await snap(page, `admin-live-deleted-direct-${theme}-${lang}`);
      expect(errors()).toEqual([]);
    }
  });
});
