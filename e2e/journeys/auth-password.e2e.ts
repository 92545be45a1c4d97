import { accountRoutes } from '@rounds/contracts/account';
import { routeUrl } from '@rounds/contracts/api-route';
import { adminSettingRoutes } from '@rounds/contracts/settings';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, call, DEMO, DEMO_PASSWORD, latestCode } from '../support/api';
import { dismissToasts, field, openWatchedPage, snapLightAndDark } from '../support/app';
import { snap } from '../support/browser';
import { budget } from '../support/budget';
import { useJourney } from '../support/journey';
import { loginUi } from '../support/login-ui';
import type { RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
useJourney({ SEED_DEMO: 'true' }, (s, b) => {
  server = s;
  browser = b;
});

const DAY = 86_400_000;

/** The app settings as the server sends them, with a password policy due since 10 days. */
async function withDuePolicy(page: Page): Promise<void> {
  await page.route(`**${routeUrl(adminSettingRoutes.appSettings)}`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { appSettings: Record<string, unknown> };
    body.appSettings.passwordUpdate = {
      active: true,
      frequency: 90,
      period: 'day',
      lastUpdate: Date.now() - 100 * DAY,
      changed: false,
    };
    await route.fulfill({ response, json: body });
  });
}

describe('passwords', () => {
  it('forgot and reset: the code from the email, then login with the new password', async () => {
    const { page, errors } = await openWatchedPage(browser, { baseURL: server.url });
    const fresh = 'Fresh-Start9';

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await page.getByText('Required').waitFor();
    await snapLightAndDark(page, 'forgot');

    await page.getByLabel('Email').fill(DEMO.noah);
    await page.getByRole('button', { name: 'Send reset code' }).click();
    await page.waitForURL('**/reset-password');
    await page.getByText('If this email is registered, a reset code has been sent to it.').waitFor();
    await page.getByText(DEMO.noah).waitFor();

    // The reset screen's own rules: an uppercase letter and a digit, the same confirmation.
    await field(page, 'New password').fill('fresh');
    await field(page, 'Confirm password').fill('other');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Required').waitFor();
    await page.getByText('Password must be at least 6 characters long').waitFor();
    await page.getByText("Doesn't match with password").waitFor();
    await snapLightAndDark(page, 'reset');

    await field(page, 'Reset code').fill('ZZZZZZZZZZ');
    await field(page, 'New password').fill(fresh);
    await field(page, 'Confirm password').fill(fresh);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('This reset code is invalid or has expired.').waitFor();

    // Typed in lowercase with a space: the screen tidies it up.
    const code = await latestCode(server, DEMO.noah, 'reset');
    await field(page, 'Reset code').fill(` ${code.toLowerCase()}`);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.waitForURL('**/login');
    await page.getByText('Password has been updated').waitFor();
    await loginUi(page, DEMO.noah, fresh);
    expect(errors()).toEqual([]);
  });

  it('the forced set-password link hides the code field', async () => {
    const { page, errors } = await openWatchedPage(browser, { baseURL: server.url, colorScheme: 'dark' });
    await page.goto('/set-password?token=NOTAREALTOKEN');
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    await expect(page.getByLabel(/Reset code/).count()).resolves.toBe(0);
    await snap(page, 'set-password-light-en');
    await field(page, 'New password').fill('Brand-New7');
    await field(page, 'Confirm password').fill('Brand-New7');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('This reset code is invalid or has expired.').waitFor();
    expect(errors()).toEqual([]);
  });

  it('changes the password in Settings: wrong current password, then success with the fields cleared', async () => {
    const { page, errors } = await openWatchedPage(browser, { baseURL: server.url });
    await loginUi(page, DEMO.olivia, DEMO_PASSWORD);
    await page.goto('/settings?tab=account');
    const card = page.getByRole('region', { name: 'Manage password' });
    await card.waitFor();

    await card.getByLabel('Current password').fill('Not-it-1');
    await card.getByLabel('New password', { exact: true }).fill('Ward-Round5');
    await card.getByLabel('Confirm new password').fill('Ward-Round5');
    await card.getByLabel('Confirm new password').press('Enter');
    await card.getByText('The current password is incorrect.').waitFor();

    await card.getByLabel('Current password').fill(DEMO_PASSWORD);
    await card.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Password has been updated').first().waitFor();
    await expect(card.getByLabel('Current password').inputValue()).resolves.toBe('');
    await expect(card.getByLabel('New password', { exact: true }).inputValue()).resolves.toBe('');

    // This session stays; the new password is the one that works from now on.
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await loginUi(page, DEMO.olivia, 'Ward-Round5');
    expect(errors()).toEqual([]);
  });

  it('asks for a password update when the policy is due: remind me later, then update', async () => {
    const { context, page, errors } = await openWatchedPage(browser, { baseURL: server.url });
    await withDuePolicy(page);
    await loginUi(page, DEMO.liam, DEMO_PASSWORD);
    const modal = page.getByRole('dialog', { name: 'Time to update your password' });
    await modal.waitFor();
    await snap(page, 'password-modal-light-en');
    await modal.getByRole('button', { name: 'Remind me later' }).click();
    await modal.waitFor({ state: 'detached' });
    // Not again in this session.
    await page.reload();
    await page.getByRole('link', { name: 'Settings' }).waitFor();
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    expect(errors()).toEqual([]);
    await context.close();

    // The account's theme is dark (as if chosen on another device): login applies it.
    const token = await apiLogin(server, DEMO.liam, DEMO_PASSWORD);
    const me = await call(server, accountRoutes.me, { token });
    await call(server, adminSettingRoutes.write, { body: { id: me.body.data.id, settings: { theme: 'dark' } }, token });
    const { page: next, errors: darkErrors } = await openWatchedPage(browser, {
      baseURL: server.url,
      colorScheme: 'dark',
    });
    await withDuePolicy(next);
    await loginUi(next, DEMO.liam, DEMO_PASSWORD);
    await expect.poll(() => next.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
    const again = next.getByRole('dialog', { name: 'Time to update your password' });
    await again.waitFor();
    await again.getByRole('button', { name: 'Update' }).click();
    await again.getByText('Required').first().waitFor();
    await snap(next, 'password-modal-dark-en');
    await again.getByLabel('Current password').fill(DEMO_PASSWORD);
    await again.getByLabel('New password', { exact: true }).fill('Quiet-Night3');
    await again.getByLabel('Confirm new password').fill('Quiet-Night3');
    await again.getByRole('button', { name: 'Update' }).click();
    const done = next.getByRole('dialog');
    await done.getByRole('heading', { name: 'Password has been updated' }).waitFor();
    await snap(next, 'password-modal-done-dark-en');
    await done.getByRole('button', { name: 'OK' }).click();
    await done.waitFor({ state: 'detached' });
    expect(darkErrors()).toEqual([]);
  });
  it('after three wrong passwords asks for the security check, then signs in', async () => {
    const { context, page, errors } = await openWatchedPage(browser, { baseURL: server.url });
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO.emma);
    const password = page.getByLabel('Password', { exact: true });
    const logIn = page.getByRole('button', { name: 'Log in', exact: true });
    // The refusal is shown at the form, worded for its Email field, with no toast; the last tries as a warning.
    const form = page.getByRole('form', { name: 'Welcome back' });
    for (const left of [4, 3, 2]) {
      await password.fill('Wrong-Pass1');
      await logIn.click();
      const refusal = form.getByRole('alert').filter({ hasText: 'Incorrect username or password.' });
      if (left > 2) await refusal.getByText(`${left} attempts left!`).waitFor();
      else
        await refusal.getByText(`Careful: ${left} attempts left before sign-in from this device is paused.`).waitFor();
      await expect(refusal.getAttribute('data-tone')).resolves.toBe(left > 2 ? 'error' : 'warning');
      await expect(page.locator('input[type="email"]').getAttribute('aria-invalid')).resolves.toBe('true');
      await expect(page.locator('.mantine-Notification-root').count()).resolves.toBe(0);
      if (left === 2) await snap(page, 'login-last-attempts-light-en');
      await dismissToasts(page);
    }
    await page.getByText('Several sign-in attempts failed: please complete the security check.').waitFor();
    const captcha = page.locator('altcha-widget');
    await captcha.waitFor();
    await password.fill(DEMO_PASSWORD);
    await snap(page, 'login-captcha-light-en');
    if (await captcha.getByText("I'm not a robot").isVisible()) await captcha.getByText("I'm not a robot").click();
    await captcha.getByText('Verified', { exact: true }).waitFor({ timeout: budget(20_000) });
    await logIn.click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(errors()).toEqual([]);
    await context.close();
  });
});
