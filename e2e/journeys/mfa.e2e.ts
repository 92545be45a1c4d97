import { mfaRoutes } from '@rounds/contracts/mfa';
import { rememberSeed, totpCode } from '@rounds/test-kit/mfa';
import { beforeAll, describe, expect } from 'vitest';
import { apiLogin, call, DEMO_PASSWORD } from '../support/api';
import { openWatchedPage } from '../support/app';
import { snap } from '../support/browser';
import { demo } from '../support/demo';
import { eachLook, lookSuffix } from '../support/pages/looks';
import { useDemoStaff } from '../support/pages/sign-in';
import { ADMIN } from '../support/server';

/**
 * Two-step sign-in (issue 26). The hospital requires it of FacilityAdmins (the default policy); an Admin has
 * just reset Amelia's authenticator (a new phone), so her next sign-in sets one up: she reads the setup key
 * from the QR code's text alternative (as a screen reader would), types the app's code, keeps her ten recovery
 * codes, finds the authenticator in Settings, signs out, and signs in again with a code; a wrong code is
 * refused at the form. In both languages and themes, on a desktop and a phone.
 */
const { server, browser, apiSession, logout, setPreferences } = useDemoStaff();

const AMELIA = demo('amelia.broussard');
let ameliaId = '';
beforeAll(async () => {
  const session = await apiSession(AMELIA);
  ameliaId = session.id;
  await logout(session);
});

const TEXTS = {
  en: {
    enrol: 'Set up two-step sign-in',
    code: 'Two-step sign-in',
    codeLabel: 'Authentication code',
    setupKey: 'Setup key:',
    confirm: 'Confirm and continue',
    codes: 'Recovery codes',
    saved: 'I have saved these codes',
    verify: 'Verify',
    wrong: 'This code is not right.',
    logout: 'Logout',
  },
  fr: {
    enrol: 'Configurer la connexion en deux étapes',
    code: 'Connexion en deux étapes',
    codeLabel: 'Code d’authentification',
    setupKey: 'Clé de configuration :',
    confirm: 'Confirmer et continuer',
    codes: 'Codes de secours',
    saved: 'J’ai conservé ces codes',
    verify: 'Vérifier',
    wrong: 'Ce code est incorrect.',
    logout: 'Se déconnecter',
  },
} as const;

describe('two-step sign-in', () => {
  eachLook('sets up an authenticator at sign-in, then signs in with its code', async (look) => {
    const texts = TEXTS[look.lang];
    const suffix = lookSuffix(look);
    // The account's language and theme win once signed in (signing in with the authenticator the last look kept).
    await setPreferences(AMELIA, look.lang, look.theme);
    const adminToken = await apiLogin(server(), ADMIN.email, ADMIN.password);
    const reset = await call(server(), mfaRoutes.resetUser, { params: { id: ameliaId }, token: adminToken });
    expect(reset.status).toBe(200);

    const { page, errors } = await openWatchedPage(browser(), {
      baseURL: server().url,
      colorScheme: look.theme,
      mobile: look.mobile,
    });
    const signIn = async () => {
      await page.goto('/login');
      if (look.lang === 'fr') await page.getByRole('combobox', { name: /Language|Langue/ }).selectOption('fr');
      await page.locator('input[type="email"]').fill(AMELIA);
      await page.locator('input[type="password"]').fill(DEMO_PASSWORD);
      await page.locator('form button[type="submit"]').first().click();
    };

    await signIn();
    const enrol = page.getByRole('form', { name: texts.enrol, exact: true });
    const qr = enrol.getByRole('img', { name: new RegExp(texts.setupKey) });
    await qr.waitFor();
    await snap(page, `mfa-enrol-${suffix}`);
    const alt = (await qr.getAttribute('alt')) ?? '';
    const seed = (alt.split(texts.setupKey)[1] ?? '').replace(/\s/g, '');
    expect(seed).toMatch(/^[A-Z2-7]{16,}$/);
    await enrol.getByLabel(texts.codeLabel).fill(totpCode(seed));
    await enrol.getByRole('button', { name: texts.confirm }).click();
    const codes = page.getByRole('list', { name: texts.codes }).getByRole('listitem');
    await codes.first().waitFor();
    await expect(codes.count()).resolves.toBe(10);
    await snap(page, `mfa-recovery-codes-${suffix}`);
    await page.getByRole('button', { name: texts.saved }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // Settings names the authenticator (never its key) and signs out.
    await page.goto('/settings');
    const panel = page.getByRole('region', { name: texts.code });
    await panel.getByRole('listitem').first().waitFor();
    await expect(panel.textContent()).resolves.not.toContain(seed);
    await panel.scrollIntoViewIfNeeded();
    await snap(page, `mfa-settings-${suffix}`);
    await page.getByRole('button', { name: texts.logout }).click();
    await page.waitForURL((url) => url.pathname === '/login');

    // The password alone opens nothing now: a wrong code is refused at the form, the app's code signs in.
    await signIn();
    const step = page.getByRole('form', { name: texts.code, exact: true });
    await step.getByLabel(texts.codeLabel).fill(totpCode(seed) === '000000' ? '111111' : '000000');
    await step.getByRole('button', { name: texts.verify }).click();
    await step.getByRole('alert').filter({ hasText: texts.wrong }).waitFor();
    await snap(page, `mfa-code-refused-${suffix}`);
    await step.getByLabel(texts.codeLabel).fill(totpCode(seed));
    await step.getByRole('button', { name: texts.verify }).click();
    await page.waitForURL((url) => url.pathname === '/');
    rememberSeed(server().url, AMELIA, seed);
    expect(errors().filter((e) => !e.includes('/auth/mfa/verify'))).toEqual([]);
  });
});
