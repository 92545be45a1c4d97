import { mfaRoutes } from '@rounds/contracts/mfa';
import { freePort } from '@rounds/test-kit/server-process';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { apiLogin, call, DEMO, DEMO_PASSWORD } from '../support/api';
import { openContext } from '../support/app';
import { launchBrowser, snap, watchErrors } from '../support/browser';
import { demoApi } from '../support/demo';
import { loginUi } from '../support/login-ui';
import { eachLook, lookSuffix, type TLook } from '../support/pages/looks';
import { ADMIN, type RunningServer, startServer } from '../support/server';

/**
 * Passkeys (issue 26) in Chromium, with the DevTools protocol's virtual authenticator standing in for the
 * laptop's fingerprint reader (a platform authenticator that holds discoverable credentials and verifies its
 * user). Noah, a nurse, adds a passkey in Settings, keeps the recovery codes it brings as his first factor,
 * signs out, and signs in again with the passkey alone: no email, no password. The Admin, who signs in with
 * an authenticator app, adds a passkey and uses it at the second step instead of the code. Browsers allow
 * passkeys only on a domain name, so the server's public address is http://localhost here, not 127.0.0.1.
 */
let server: RunningServer;
let browser: Browser;
let origin = '';
beforeAll(async () => {
  const port = await freePort();
  origin = `http://localhost:${port}`;
  [server, browser] = await Promise.all([
    startServer({ SEED_DEMO: '1', LOGIN_RATE_LIMIT: '500', RATE_LIMIT_MAX: '100000', PUBLIC_URL: origin }, { port }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
const { apiSession, logout, setPreferences } = demoApi(() => server);

const NOAH = DEMO.noah;
const AMELIA = DEMO.amelia;
const ids = { noah: '', amelia: '' };
beforeAll(async () => {
  for (const [name, email] of [
    ['noah', NOAH],
    ['amelia', AMELIA],
  ] as const) {
    const session = await apiSession(email);
    ids[name] = session.id;
    await logout(session);
  }
});

/** An Admin removes every factor of the account (a lost device), as Administration's reset does. */
async function resetFactors(userId: string): Promise<void> {
  const adminToken = await apiLogin(server, ADMIN.email, ADMIN.password);
  expect((await call(server, mfaRoutes.resetUser, { params: { id: userId }, token: adminToken })).status).toBe(200);
}

const TEXTS = {
  en: {
    panel: 'Two-step sign-in',
    addPasskey: 'Add a passkey',
    passkey: 'Passkey',
    codes: 'Recovery codes',
    saved: 'I have saved these codes',
    logout: 'Logout',
    signInWithPasskey: 'Sign in with a passkey',
    usePasskey: 'Use your passkey',
    enrol: 'Set up two-step sign-in',
    enrolPasskey: 'Set up a passkey',
  },
  fr: {
    panel: 'Connexion en deux étapes',
    addPasskey: 'Ajouter une clé d’accès',
    passkey: 'Clé d’accès',
    codes: 'Codes de secours',
    saved: 'J’ai conservé ces codes',
    logout: 'Se déconnecter',
    signInWithPasskey: 'Se connecter avec une clé d’accès',
    usePasskey: 'Utiliser votre clé d’accès',
    enrol: 'Configurer la connexion en deux étapes',
    enrolPasskey: 'Créer une clé d’accès',
  },
} as const;

/** A page whose browser holds a platform authenticator (Chromium's virtual one, through the DevTools protocol). */
async function pageWithAuthenticator(look: TLook): Promise<{ context: BrowserContext; page: Page }> {
  const context = await openContext(browser, { baseURL: origin, colorScheme: look.theme, mobile: look.mobile });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return { context, page };
}

/** Settings: adds a passkey on this device; the account's first factor shows its recovery codes once. */
async function addPasskey(page: Page, look: TLook, name: string, first: boolean): Promise<void> {
  const texts = TEXTS[look.lang];
  await page.goto('/settings');
  const panel = page.getByRole('region', { name: texts.panel });
  await panel.getByRole('button', { name: texts.addPasskey }).click();
  if (first) {
    const codes = page.getByRole('list', { name: texts.codes }).getByRole('listitem');
    await codes.first().waitFor();
    await expect(codes.count()).resolves.toBe(10);
    await snap(page, `${name}-recovery-codes-${lookSuffix(look)}`);
    await page.getByRole('button', { name: texts.saved }).click();
  }
  await panel.getByRole('listitem').filter({ hasText: texts.passkey }).first().waitFor();
  await panel.scrollIntoViewIfNeeded();
  await snap(page, `${name}-settings-${lookSuffix(look)}`);
}

async function signOut(page: Page, look: TLook): Promise<void> {
  await page.getByRole('button', { name: TEXTS[look.lang].logout }).click();
  await page.waitForURL((url) => url.pathname === '/login');
}

describe('passkeys', () => {
  eachLook('a nurse adds a passkey in Settings, then signs in with it and no password', async (look) => {
    const texts = TEXTS[look.lang];
    // Each look starts from no factor at all (an Admin's reset), so the passkey is Noah's first.
    await resetFactors(ids.noah);
    await setPreferences(NOAH, look.lang, look.theme);

    const { page } = await pageWithAuthenticator(look);
    const errors = watchErrors(page);
    await loginUi(page, NOAH, DEMO_PASSWORD);
    await addPasskey(page, look, 'passkey-nurse', true);
    await signOut(page, look);

    const button = page.getByRole('button', { name: texts.signInWithPasskey });
    await button.waitFor();
    await snap(page, `passkey-login-${lookSuffix(look)}`);
    await button.click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(errors()).toEqual([]);
  });

  eachLook('a FacilityAdmin the policy obliges sets up a passkey at sign-in instead of an app', async (look) => {
    const texts = TEXTS[look.lang];
    // Her preferences are set through the API (which signs in with an app it enrols), then every factor goes.
    await resetFactors(ids.amelia);
    await setPreferences(AMELIA, look.lang, look.theme);
    await resetFactors(ids.amelia);

    const { page } = await pageWithAuthenticator(look);
    const errors = watchErrors(page);
    await page.goto('/login');
    if (look.lang === 'fr') await page.getByRole('combobox', { name: /Language|Langue/ }).selectOption('fr');
    await page.locator('input[type="email"]').fill(AMELIA);
    await page.locator('input[type="password"]').fill(DEMO_PASSWORD);
    await page.locator('form button[type="submit"]').first().click();
    const enrol = page.getByRole('form', { name: texts.enrol, exact: true });
    const button = enrol.getByRole('button', { name: texts.enrolPasskey });
    await button.waitFor();
    await snap(page, `passkey-enrol-${lookSuffix(look)}`);
    await button.click();
    const codes = page.getByRole('list', { name: texts.codes }).getByRole('listitem');
    await codes.first().waitFor();
    await expect(codes.count()).resolves.toBe(10);
    await page.getByRole('button', { name: texts.saved }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(errors()).toEqual([]);
  });

  eachLook('an Admin uses a passkey instead of the authenticator’s code at the second step', async (look) => {
    const texts = TEXTS[look.lang];
    await setPreferences(ADMIN.email, look.lang, look.theme, ADMIN.password);
    const { page } = await pageWithAuthenticator(look);
    const errors = watchErrors(page);
    await loginUi(page, ADMIN.email, ADMIN.password);
    await addPasskey(page, look, 'passkey-admin', false);
    await signOut(page, look);

    // The password first; the second step offers the passkey above the code field.
    await page.locator('input[type="email"]').fill(ADMIN.email);
    await page.locator('input[type="password"]').fill(ADMIN.password);
    await page.locator('form button[type="submit"]').first().click();
    const usePasskey = page.getByRole('button', { name: texts.usePasskey });
    await usePasskey.waitFor();
    await snap(page, `passkey-second-step-${lookSuffix(look)}`);
    await usePasskey.click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(errors()).toEqual([]);
  });
});
