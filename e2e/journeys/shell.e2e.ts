import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openContext, openWatchedPage } from '../support/app';
import { snap } from '../support/browser';
import { useJourney } from '../support/journey';
import { passSecondStepUi } from '../support/login-ui';
import { ADMIN, type RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
useJourney({}, (s, b) => {
  server = s;
  browser = b;
});

describe('app shell', () => {
  it('shows the not-found page for unknown paths, in both languages', async () => {
    const { page, errors } = await openWatchedPage(browser, { baseURL: server.url });
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(404);
    await page.getByText("Oops! Can't find what you're looking for?").waitFor();
    await expect(page.getByText('404', { exact: true }).count()).resolves.toBeGreaterThan(0);
    await snap(page, 'shell-404-light-en');

    await page.goto('/login');
    await page.getByLabel('Language').selectOption('fr');
    await page.goto('/404');
    await page.getByText('Oups ! Impossible de trouver ce que vous cherchez ?').waitFor();
    await snap(page, 'shell-404-light-fr');
    expect(errors()).toEqual([]);
  });

  it('switches language and theme on the login page, and keeps them after reload', async () => {
    const { page, errors } = await openWatchedPage(browser, { baseURL: server.url });
    await page.goto('/login');
    await page.getByLabel('Email').waitFor();
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('en');
    await expect(page.locator('html').getAttribute('data-mantine-color-scheme')).resolves.toBe('light');
    await snap(page, 'login-light-en');

    await page.getByLabel('Language').selectOption('fr');
    await page.getByLabel('Mot de passe', { exact: true }).waitFor();
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('fr');
    await page.getByRole('button', { name: 'Changer de thème' }).click();
    await expect(page.locator('html').getAttribute('data-mantine-color-scheme')).resolves.toBe('dark');
    await snap(page, 'login-dark-fr');

    await page.reload();
    await page.getByLabel('Mot de passe', { exact: true }).waitFor();
    await expect(page.locator('html').getAttribute('data-mantine-color-scheme')).resolves.toBe('dark');
    await page.getByLabel('Langue').selectOption('en');
    await page.getByLabel('Password', { exact: true }).waitFor();
    await snap(page, 'login-dark-en');
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await expect(page.locator('html').getAttribute('data-mantine-color-scheme')).resolves.toBe('light');
    expect(errors()).toEqual([]);
  });

  it('validates the login form on the client before calling the server', async () => {
    const context = await openContext(browser, { baseURL: server.url });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByText('Required').count()).resolves.toBeGreaterThanOrEqual(2);
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('x');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.getByText('Invalid email address').waitFor();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    for (const lang of ['en', 'fr'] as const) {
      it(`shows About us, Information and the EULA (${lang}, ${colorScheme})`, async () => {
        const { page, errors } = await openWatchedPage(browser, { baseURL: server.url, colorScheme });
        await page.goto('/login');
        await page.getByLabel(lang === 'en' ? 'Language' : 'Language').selectOption(lang);
        if (colorScheme === 'dark')
          await page.getByRole('button', { name: lang === 'en' ? 'Toggle theme' : 'Changer de thème' }).click();

        await page.goto('/about-us');
        await page.getByRole('heading', { name: lang === 'en' ? 'About Rounds' : 'À propos de Rounds' }).waitFor();
        await snap(page, `about-${colorScheme}-${lang}`);

        await page.goto('/information');
        await page
          .getByRole('heading', { name: lang === 'en' ? 'Information' : 'Informations' })
          .first()
          .waitFor();
        await snap(page, `information-${colorScheme}-${lang}`);

        await page.goto('/eula');
        await page
          .getByText(lang === 'en' ? 'Baton Rouge' : 'Baton Rouge')
          .first()
          .waitFor();
        await page
          .getByText(lang === 'en' ? 'State of Louisiana' : 'État de Louisiane')
          .first()
          .waitFor();
        await snap(page, `eula-${colorScheme}-${lang}`);
        expect(errors()).toEqual([]);
      });
    }
  }

  it('sends a stranger from /contacts to login and back after signing in', async () => {
    const { page, errors } = await openWatchedPage(browser, { baseURL: server.url });
    await page.goto('/contacts?tab=all');
    await page.waitForURL(/\/login/);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    // An Admin's authenticator code comes after the password (issue 26).
    await passSecondStepUi(page, ADMIN.email);
    await page.waitForURL((url) => url.pathname === '/contacts' && url.search === '?tab=all');
    // Signed in: the full side navigation, Admin included for an Admin.
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByText('Recent').waitFor();
    await nav.getByText('Admin').waitFor();
    await snap(page, 'signed-in-contacts');
    // Signed in, /login sends home.
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/');
    expect(errors()).toEqual([]);
  });
});
