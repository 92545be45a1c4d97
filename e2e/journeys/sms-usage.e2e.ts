import { smsRoutes } from '@rounds/contracts/sms';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, call, DEMO_PASSWORD } from '../support/api';
import { openWatchedPage } from '../support/app';
import { snap } from '../support/browser';
import { demo, demoApi } from '../support/demo';
import { useDemoJourney } from '../support/journey';
import { loginUi } from '../support/login-ui';
import { bubble, composer, log, openRoom } from '../support/pages/room';
import { ADMIN, type RunningServer } from '../support/server';

/**
 * SMS caps (issue 14): a sender's third URGENT message with SMS to the same two people passes the
 * per-person cap (2 an hour here), still arrives, and tells the sender whose SMS was withheld; the Admin sees
 * the spend on the admin landing page, in both languages and themes.
 */

let server: RunningServer;
let browser: Browser;
const { apiSession, ownedGroup, setPreferences } = demoApi(() => server);
useDemoJourney({ SMS_MAX_PER_RECIPIENT_HOUR: '2' }, (s, b) => {
  server = s;
  browser = b;
});

describe('SMS caps and spend', () => {
  it('withholds SMS past the cap and tells the sender; the Admin sees sent, refused and top senders', async () => {
    await setPreferences(demo('amelia.broussard'), 'en', 'light');
    await ownedGroup(demo('amelia.broussard'), 'Rapid response', ['Noah Thibodeaux', 'Mason Arceneaux']);

    const { page, errors } = await openWatchedPage(browser, { baseURL: server.url });
    await loginUi(page, demo('amelia.broussard'), DEMO_PASSWORD);
    await openRoom(page, 'Rapid response');
    for (const n of [1, 2, 3]) {
      await composer(page).fill(`Code blue bed ${n}`);
      await page.getByRole('button', { name: 'Send as important or urgent' }).click();
      const dialog = page.getByRole('dialog', { name: 'Priority message' });
      await dialog.getByText('Urgent', { exact: true }).click();
      await dialog.getByRole('checkbox', { name: 'Also send an SMS' }).check();
      await dialog.getByRole('button', { name: 'Send' }).click();
      await bubble(page, `Code blue bed ${n}`).getByText('Urgent').waitFor();
    }
    const withheld = log(page).getByTestId('sms-withheld');
    await withheld.first().waitFor();
    await expect(withheld.count()).resolves.toBe(1);
    await expect(withheld.first().textContent()).resolves.toMatch(
      /^No SMS to (Noah Thibodeaux, Mason Arceneaux|Mason Arceneaux, Noah Thibodeaux): the SMS limit was reached\. Notified in the app\.$/,
    );
    await snap(page, 'sms-withheld-light-en');
    expect(errors()).toEqual([]);

    // Nobody but an Admin reads the spend.
    const token = await apiLogin(server, ADMIN.email, ADMIN.password);
    expect(
      (await call(server, smsRoutes.usage, { token: (await apiSession(demo('noah.thibodeaux'))).token })).status,
    ).toBe(403);
    const usage = await call(server, smsRoutes.usage, { token });
    expect(usage.body.data.today).toMatchObject({ sent: 4, refused: 2 });

    for (const [language, theme] of [
      ['en', 'light'],
      ['fr', 'dark'],
    ] as const) {
      // The account's language and theme win once signed in.
      await setPreferences(ADMIN.email, language, theme, ADMIN.password);
      const { page: admin, errors: adminErrors } = await openWatchedPage(browser, { baseURL: server.url });
      await loginUi(admin, ADMIN.email, ADMIN.password);
      await admin.goto('/admin');
      const panel = admin.getByRole('region', { name: language === 'en' ? 'SMS spend' : 'Dépenses SMS' });
      await panel.waitFor();
      await panel.getByText('Amelia Broussard').waitFor();
      await expect(
        panel
          .getByTestId(/^sms-sent-/)
          .first()
          .textContent(),
      ).resolves.toBe('4');
      await snap(admin, `admin-sms-usage-${theme}-${language}`);
      expect(adminErrors()).toEqual([]);
    }
  });
});
