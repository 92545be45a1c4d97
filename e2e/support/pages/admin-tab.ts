import { accountRoutes } from '@rounds/contracts/account';
import { authRoutes } from '@rounds/contracts/auth';
import { adminSettingRoutes } from '@rounds/contracts/settings';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiLogin, call } from '../api';
import { openContext } from '../app';
import { watchErrors } from '../browser';
import { loginUi } from '../login-ui';
import { ADMIN, type RunningServer } from '../server';
import type { TLook } from './looks';

/**
 * The Admin signed in through the login page, in the look's language and theme: set on the account first (the
 * account's choice wins over the browser's), then the session that set them ended, so the page's is the only one.
 */
export async function adminTab(
  server: RunningServer,
  browser: Browser,
  look: Omit<TLook, 'viewport'> = { theme: 'light', lang: 'en', mobile: false },
  prepare?: (context: BrowserContext) => Promise<void>,
) {
  const token = await apiLogin(server, ADMIN.email, ADMIN.password);
  const me = await call(server, accountRoutes.me, { token });
  await call(server, adminSettingRoutes.write, { body: { language: look.lang }, token });
  await call(server, adminSettingRoutes.write, {
    body: { id: me.body.data.id, settings: { theme: look.theme } },
    token,
  });
  await call(server, authRoutes.logout, { token });
  const context = await openContext(browser, { baseURL: server.url, colorScheme: look.theme, mobile: look.mobile });
  await prepare?.(context);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await loginUi(page, ADMIN.email, ADMIN.password);
  return { page, errors };
}

/**
 * The Admin's language and theme are the account's: set through the API, which ends the Admin's other
 * sessions, so it comes before the browser signs in.
 */
export async function adminPreferences(
  server: RunningServer,
  language: 'en' | 'fr',
  theme: 'light' | 'dark',
): Promise<void> {
  const token = await apiLogin(server, ADMIN.email, ADMIN.password);
  const me = await call(server, accountRoutes.me, { token });
  expect((await call(server, adminSettingRoutes.write, { body: { language }, token })).status).toBe(200);
  expect(
    (await call(server, adminSettingRoutes.write, { body: { id: me.body.data.id, settings: { theme } }, token }))
      .status,
  ).toBe(200);
  await call(server, authRoutes.logout, { token });
}

/** The Admin signed in through the login page, in the account's language and theme, on a desktop or a phone. */
export async function adminPage(
  server: RunningServer,
  browser: Browser,
  options: { mobile?: boolean } = {},
): Promise<{ page: Page; errors: () => string[] }> {
  const context = await openContext(browser, { baseURL: server.url, mobile: options.mobile });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await loginUi(page, ADMIN.email, ADMIN.password);
  return { page, errors };
}
