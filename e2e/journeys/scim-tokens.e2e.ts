import { scimRoutes } from '@rounds/contracts/scim';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { snap } from '../support/browser';
import { useDemoJourney } from '../support/journey';
import { adminTab as openAdminTab } from '../support/pages/admin-tab';
import { eachLook, type TLook } from '../support/pages/looks';
import type { RunningServer } from '../support/server';

/**
 * Directory provisioning (issue 26), the Admin's side: in Administration, create a SCIM token for the
 * hospital's directory, copy it from the one dialog that shows it, see the directory use it, then revoke it
 * and see the directory refused. Then the card in both languages and themes, on a desktop and a phone.
 */

let server: RunningServer;
let browser: Browser;
useDemoJourney({}, (s, b) => {
  server = s;
  browser = b;
});

const TEXTS = {
  en: { title: 'Directory provisioning (SCIM)', name: 'Token name', create: 'Create token', copy: 'Copy token' },
  fr: {
    title: 'Provisionnement depuis l’annuaire (SCIM)',
    name: 'Nom du jeton',
    create: 'Créer un jeton',
    copy: 'Copier le jeton',
  },
} as const;

/** The Admin signed in on Administration's landing page, in the look's language and theme. */
async function adminTab(look: Omit<TLook, 'viewport'> = { theme: 'light', lang: 'en', mobile: false }) {
  const { page, errors } = await openAdminTab(server, browser, look, (context) =>
    context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url }),
  );
  await page.goto('/admin');
  const card = page.getByRole('region', { name: TEXTS[look.lang].title });
  await card.waitFor();
  return { page, card, errors };
}

/** What the directory gets when it lists users with a token. */
const directoryStatus = async (secret: string) =>
  (await call(server, scimRoutes.listUsers, { query: { count: '1' }, token: secret })).status;

describe('SCIM tokens', () => {
  it('an Admin creates a token, copies it once, and revokes it', async () => {
    const { page, card, errors } = await adminTab();
    await card.getByRole('textbox', { name: 'Token name' }).fill('Entra ID production');
    await card.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Token for Entra ID production' });
    const secret = (await dialog.getByTestId('scim-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^rsc_/);
    await dialog.getByRole('button', { name: 'Copy token' }).click();
    await dialog.getByRole('button', { name: 'Copied' }).waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(secret);
    expect(await directoryStatus(secret)).toBe(200);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Shown once: the list names the token and its use, never the secret, also after a reload.
    await page.reload();
    const item = card.getByRole('listitem').filter({ hasText: 'Entra ID production' });
    await item.getByText(/^Last used/).waitFor();
    await expect(page.content()).resolves.not.toContain(secret);

    await item.getByRole('button', { name: 'Revoke Entra ID production' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke this token?' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await item.waitFor({ state: 'detached' });
    expect(await directoryStatus(secret)).toBe(401);
    expect(errors()).toEqual([]);
  });

  eachLook('looks right', async (look) => {
    const { theme, lang, viewport } = look;
    const { page, card, errors } = await adminTab(look);
    const t = TEXTS[lang];
    await card.getByRole('textbox', { name: t.name }).fill(`Okta ${theme}-${lang}-${viewport}`);
    await card.getByRole('button', { name: t.create }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: t.copy }).waitFor();
    await snap(page, `scim-token-secret-${theme}-${lang}-${viewport}`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await card
      .getByRole('listitem')
      .filter({ hasText: `Okta ${theme}-${lang}-${viewport}` })
      .waitFor();
    await snap(page, `scim-tokens-${theme}-${lang}-${viewport}`);
    expect(errors()).toEqual([]);
  });
});
