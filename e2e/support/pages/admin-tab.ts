import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openContext } from '../app';
import { watchErrors } from '../browser';
import { demoApi } from '../demo';
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
  await adminPreferences(server, look.lang, look.theme);
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
  await demoApi(() => server).setPreferences(ADMIN.email, language, theme, ADMIN.password);
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
