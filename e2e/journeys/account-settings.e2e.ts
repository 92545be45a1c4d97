import { accountRoutes } from '@rounds/contracts/account';
import { routeUrl } from '@rounds/contracts/api-route';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD, latestCode } from '../support/api';
import { dismissToasts, openWatchedPage } from '../support/app';
import { snap } from '../support/browser';
import { useJourney } from '../support/journey';
import { loginUi, passSecondStepUi } from '../support/login-ui';
import type { RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
useJourney({ SEED_DEMO: 'true' }, (s, b) => {
  server = s;
  browser = b;
});

/** A real PNG drawn by the browser: a profile picture with initials. */
async function picture(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 160;
    const context = canvas.getContext('2d');
    if (!context) return '';
    const gradient = context.createLinearGradient(0, 0, 160, 160);
    gradient.addColorStop(0, '#127f73');
    gradient.addColorStop(1, '#36ad9d');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 160, 160);
    context.fillStyle = '#ffffff';
    context.font = 'bold 64px sans-serif';
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.fillText('NT', 80, 84);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

/** A SegmentedControl option (a visually hidden radio): by its label, as a person clicks it. */
async function segment(page: Page, group: string, option: string): Promise<void> {
  await page.getByRole('radiogroup', { name: group }).getByText(option, { exact: true }).click();
}

describe('settings', () => {
  it('saves sound, theme and language to the account, and applies them at the next login', async () => {
    const { context, page, errors } = await openWatchedPage(browser, { baseURL: server.url });
    await loginUi(page, DEMO.amelia, DEMO_PASSWORD);
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/settings');
    await page.getByRole('heading', { name: 'Amelia Broussard' }).waitFor();
    await snap(page, 'settings-light-en');

    const sound = page.getByRole('checkbox', { name: 'Play notification sound' });
    await expect(sound.isChecked()).resolves.toBe(true);
    await sound.uncheck();
    await page.getByText('Settings updated.').first().waitFor();
    await dismissToasts(page);

    await segment(page, 'Theme', 'Dark');
    await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
    await page.getByRole('checkbox', { name: 'I agree to receive messages through third-party services' }).check();
    await snap(page, 'settings-dark-en');

    await segment(page, 'Language', 'Français');
    await page.getByRole('tab', { name: 'Paramètres' }).waitFor();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fr');
    await page.getByText('Paramètres mis à jour.').first().waitFor();
    await snap(page, 'settings-dark-fr');
    await context.close();

    // Another browser: the account's choices come with the login.
    const { page: next, errors: nextErrors } = await openWatchedPage(browser, { baseURL: server.url });
    await next.goto('/login');
    await next.getByLabel('Email').fill(DEMO.amelia);
    await next.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await next.getByRole('button', { name: 'Log in', exact: true }).click();
    // Amelia is a FacilityAdmin: her authenticator's code comes after the password (issue 26).
    await passSecondStepUi(next, DEMO.amelia);
    await next.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => next.locator('html').getAttribute('lang')).toBe('fr');
    await expect.poll(() => next.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
    await next.goto('/settings');
    await expect(next.getByRole('checkbox', { name: 'Jouer un son de notification' }).isChecked()).resolves.toBe(false);
    // Third-party messaging is this device's choice: not carried over.
    await expect(
      next.getByRole('checkbox', { name: "J'accepte de recevoir des messages via des services tiers" }).isChecked(),
    ).resolves.toBe(false);
    expect([...errors(), ...nextErrors()]).toEqual([]);
  });

  it('edits the account: picture, profile, phone with its code, and an email change cancelled', async () => {
    const { page, errors } = await openWatchedPage(browser, { baseURL: server.url });
    await loginUi(page, DEMO.noah, DEMO_PASSWORD);
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Account' }).click();
    await page.waitForURL('**/settings?tab=account');

    // Profile picture: checked in the browser first, then uploaded, then deleted.
    const avatar = page.getByRole('region', { name: 'Profile picture' });
    const input = avatar.locator('input[type="file"]');
    await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 1) });
    await page.getByText('The picture must be at most 2 MB.').waitFor();
    await input.setInputFiles({ name: 'me.webp', mimeType: 'image/webp', buffer: Buffer.alloc(10) });
    await page.getByText('This is an unsupported file format. Use PNG, GIF or JPEG.').waitFor();
    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await picture(page) });
    await page.getByText('Profile picture updated.').waitFor();
    await page
      .locator(`img[src^="${routeUrl(accountRoutes.avatarFile).replace(':file', '')}"]`)
      .first()
      .waitFor();
    await dismissToasts(page);

    // Personal information: rules first, then a saved change everyone sees.
    const personal = page.getByRole('region', { name: 'Personal information' });
    await personal.getByLabel('First name').fill('  ');
    await personal.getByLabel('Session timeout').fill('0');
    await personal.getByRole('button', { name: 'Save changes' }).click();
    await personal.getByText('Required').waitFor();
    await personal.getByText('Minimal value is 1.').waitFor();
    await personal.getByLabel('First name').fill('Noé');
    await personal.getByLabel('Session timeout').fill('45');
    await personal.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Your information has been updated.').waitFor();
    await page.getByRole('heading', { name: 'Noé Thibodeaux' }).waitFor();
    await dismissToasts(page);

    // Phone: Update only after a change; the new number waits for its code.
    const contact = page.getByRole('region', { name: 'Phone and email' });
    const update = contact.getByRole('button', { name: 'Update' });
    await expect(update.isDisabled()).resolves.toBe(true);
    await contact.getByLabel('Phone number').fill('5550188');
    await update.click();
    await contact.getByText('New phone number waiting for confirmation').waitFor();
    await contact.getByText('+1 5550188').waitFor();
    const verify = contact.getByRole('button', { name: 'Verify' });
    await expect(verify.isDisabled()).resolves.toBe(true);
    await snap(page, 'settings-account-pending-light-en');
    await contact.getByLabel('SMS code').fill(await latestCode(server, '+15550188'));
    await verify.click();
    await page.getByText('Your phone number has been updated.').waitFor();
    await contact.getByText('New phone number waiting for confirmation').waitFor({ state: 'detached' });
    await expect(contact.getByLabel('Phone number').inputValue()).resolves.toBe('5550188');
    await dismissToasts(page);

    // Email: a pending change, cancelled.
    await contact.getByLabel('Email', { exact: true }).fill('noah.t@hospital.test');
    await update.click();
    await contact.getByText('New email waiting for confirmation').waitFor();
    await contact.getByRole('button', { name: 'Cancel change' }).click();
    await page.getByText('The change has been cancelled.').waitFor();
    await contact.getByText('New email waiting for confirmation').waitFor({ state: 'detached' });
    await expect(contact.getByLabel('Email', { exact: true }).inputValue()).resolves.toBe(DEMO.noah);
    await dismissToasts(page);

    await avatar.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Profile picture removed.').waitFor();
    await avatar.getByRole('button', { name: 'Upload a picture' }).waitFor();
    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await picture(page) });
    await page.getByText('Profile picture updated.').first().waitFor();
    await snap(page, 'settings-account-light-en');

    await page.getByRole('tab', { name: 'Settings' }).click();
    await segment(page, 'Theme', 'Dark');
    await page.getByRole('tab', { name: 'Account' }).click();
    await page.getByRole('region', { name: 'Phone and email' }).waitFor();
    await snap(page, 'settings-account-dark-en');
    expect(errors()).toEqual([]);
  });

  it('fits a phone screen', async () => {
    const { page, errors } = await openWatchedPage(browser, { baseURL: server.url, mobile: true });
    await loginUi(page, DEMO.olivia, DEMO_PASSWORD);
    await page.goto('/settings?tab=account');
    await page.getByRole('region', { name: 'Phone and email' }).waitFor();
    await snap(page, 'settings-account-mobile-light-en');
    await page.goto('/settings');
    // Log out is not beside the name card, where a thumb hit it by mistake, but at the end of the page.
    const logout = page.getByRole('button', { name: 'Logout' });
    const card = page.locator('.settings-header');
    await logout.waitFor();
    await expect(card.getByRole('button', { name: 'Logout' }).count()).resolves.toBe(0);
    const [logoutBox, cardBox] = [await logout.boundingBox(), await card.boundingBox()];
    expect(logoutBox!.y).toBeGreaterThan(cardBox!.y + cardBox!.height + 100);
    await snap(page, 'settings-mobile-light-en');
    expect(errors()).toEqual([]);
  });
});
