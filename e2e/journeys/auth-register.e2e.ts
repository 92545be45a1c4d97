import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode } from '../support/api';
import { field, openWatchedPage, snapLightAndDark, toggleTheme } from '../support/app';
import { DESKTOP, launchBrowser, PHONE, snap } from '../support/browser';
import { budget } from '../support/budget';
import { type RunningServer, startServer } from '../support/server';

let server: RunningServer;
let closedServer: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, closedServer, browser] = await Promise.all([
    startServer({ SEED_DEMO: 'true' }),
    startServer({ SELF_REGISTRATION: 'false' }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([server?.stop(), closedServer?.stop()]);
});

/** Opens a Mantine select by its label and picks the first option (several times for a multi-select). */
async function pickFirst(page: Page, label: string, times = 1): Promise<void> {
  await page.getByRole('textbox', { name: label, exact: true }).click();
  for (let i = 0; i < times; i += 1) await page.getByRole('option').filter({ visible: true }).first().click();
  await page.keyboard.press('Escape');
}

async function typeCode(page: Page, label: string, code: string): Promise<void> {
  await page.getByLabel(label).first().click();
  await page.keyboard.type(code);
}

describe('registration', () => {
  it('registers with the captcha, confirms email then phone (after fixing it), logs in and out', async () => {
    const { page, errors } = await openWatchedPage(browser, { baseURL: server.url });
    const email = 'claire.dupuis@hospital.test';
    const password = 'Night-Shift7';

    await page.goto('/login');
    await page.getByRole('link', { name: 'Register' }).click();
    await page.waitForURL('**/register');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();

    // Client validation first: every field says what it needs.
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect(page.getByText('Required').count()).resolves.toBeGreaterThanOrEqual(9);
    await page.getByText('Please complete the security check.').waitFor();
    await snap(page, 'register-errors-light-en');

    await page.getByLabel('First name').fill('Claire');
    await page.getByLabel('Last name').fill('Dupuis');
    await page.getByLabel('Email').fill('claire@');
    await page.getByLabel('Phone number').fill('555-777-0101');
    await expect(page.getByLabel('Phone number').inputValue()).resolves.toBe('5557770101');
    await pickFirst(page, 'Facility');
    await pickFirst(page, 'Department', 2);
    await pickFirst(page, 'Clinical role');
    await pickFirst(page, 'Specialty');
    await pickFirst(page, 'Suffix');
    await field(page, 'Password').fill('weak');
    await field(page, 'Confirm password').fill('other');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.getByText('Invalid email address').waitFor();
    await page.getByText('Password must be at least 6 characters long').waitFor();
    await page.getByText("Doesn't match with password").waitFor();

    await page.getByLabel('Email').fill(email);
    await field(page, 'Password').fill(password);
    await field(page, 'Confirm password').fill(password);
    // The proof of work starts when the form gets focus; tick the box if it has not started yet.
    const captcha = page.locator('altcha-widget');
    if (await captcha.getByText("I'm not a robot").isVisible()) await captcha.getByText("I'm not a robot").click();
    await captcha.getByText('Verified', { exact: true }).waitFor({ timeout: budget(20_000) });

    // The EULA is not accepted yet: an info notice, and nothing is sent.
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.getByText('You must accept our EULA!').waitFor();
    const eula = page.getByRole('link', { name: 'End-user licence agreement' }).first();
    await expect(eula.getAttribute('target')).resolves.toBe('_blank');
    await page.getByRole('checkbox', { name: /I have read and accept/ }).check();
    await snapLightAndDark(page, 'register');

    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.waitForURL('**/email-confirm');
    await page.getByText('Account created. We sent a 6-digit code to your email.').waitFor();
    await page.getByText(email).waitFor();
    const next = page.getByRole('button', { name: 'Next' });
    await expect(next.isDisabled()).resolves.toBe(true);
    // Resend waits for its 10-second countdown.
    await expect(page.getByRole('button', { name: /Resend in \d+ s/ }).isDisabled()).resolves.toBe(true);
    await snap(page, 'email-confirm-light-en');
    await toggleTheme(page);
    await snap(page, 'email-confirm-dark-en');
    // On a phone (390 px) the six boxes fit inside the card (issue 28: they overflowed it).
    await page.setViewportSize(PHONE);
    const card = await page.locator('.auth-card').boundingBox();
    const boxes = page.locator('.auth-card input:visible');
    await expect(boxes.count()).resolves.toBe(6);
    const last = await boxes.nth(5).boundingBox();
    const first = await boxes.nth(0).boundingBox();
    expect(first!.x).toBeGreaterThanOrEqual(card!.x);
    expect(last!.x + last!.width).toBeLessThanOrEqual(card!.x + card!.width);
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await snap(page, 'email-confirm-dark-en-mobile');
    await page.setViewportSize(DESKTOP);
    await toggleTheme(page);

    // A wrong code first: the server's message and the tries left.
    await typeCode(page, 'Email verification code', '000000');
    await expect(next.isEnabled()).resolves.toBe(true);
    await next.click();
    await page.getByText('The verification code is incorrect.').waitFor();
    await page.getByText(/\d attempts? left!/).waitFor();

    await typeCode(page, 'Email verification code', await latestCode(server, email));
    await next.click();
    await page.waitForURL('**/mobile-confirm');
    await page.getByText('Email verified. We sent a code to your phone.').waitFor();
    await page.getByText('+1 5557770101').waitFor();
    await snapLightAndDark(page, 'mobile-confirm');

    // Wrong number: change it; the new number gets a new code.
    await page.getByRole('button', { name: 'Wrong number? Change your phone' }).click();
    const modal = page.getByRole('dialog', { name: 'Change your phone number' });
    await modal.getByLabel('Phone number').fill('5557770202');
    await snap(page, 'mobile-confirm-change-phone-light-en');
    await modal.getByRole('button', { name: 'Send a new code' }).click();
    await modal.waitFor({ state: 'detached' });
    await page.getByText('+1 5557770202').waitFor();

    await typeCode(page, 'SMS verification code', await latestCode(server, '+15557770202'));
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL('**/login');
    await page.getByText('Phone number verified. You can now log in.').waitFor();

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Claire Dupuis' }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    // The session is over: protected pages send to login again.
    await page.goto('/settings');
    await page.waitForURL('**/login');
    expect(errors()).toEqual([]);
  });

  it('shows the register screen in French and dark', async () => {
    const { page, errors } = await openWatchedPage(browser, { baseURL: server.url, colorScheme: 'dark' });
    await page.goto('/login');
    await page.getByLabel('Language').selectOption('fr');
    await page.getByRole('button', { name: 'Changer de thème' }).click();
    await page.goto('/register');
    await page.getByRole('heading', { name: 'Créer votre compte' }).waitFor();
    await page.getByText('Je ne suis pas un robot').waitFor();
    await snap(page, 'register-dark-fr');

    await page.goto('/forgot-password');
    await page.getByRole('heading', { name: 'Mot de passe oublié ?' }).waitFor();
    await snap(page, 'forgot-dark-fr');
    expect(errors()).toEqual([]);
  });

  it('fits a phone screen', async () => {
    const { page, errors } = await openWatchedPage(browser, { baseURL: server.url, mobile: true });
    await page.goto('/register');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page
      .locator('altcha-widget')
      .getByText(/robot|Verif/)
      .first()
      .waitFor();
    await snap(page, 'register-mobile-light-en');
    expect(errors()).toEqual([]);
  });

  it('hides Register and sends /register to login when self-registration is off', async () => {
    const { page, errors } = await openWatchedPage(browser, { baseURL: closedServer.url });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in', exact: true }).waitFor();
    await expect(page.getByRole('link', { name: 'Register' }).count()).resolves.toBe(0);
    await page.goto('/register');
    await page.waitForURL('**/login');
    // The confirm screens without a temporary token go to login too.
    await page.goto('/mobile-confirm');
    await page.waitForURL('**/login');
    expect(errors()).toEqual([]);
  });
});
