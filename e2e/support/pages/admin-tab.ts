import type { Browser, BrowserContext } from 'playwright-core';
import { api, apiLogin } from '../api';
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
  const me = await api<{ data: { id: string } }>(server, 'GET', '/setting/me', undefined, token);
  await api(server, 'POST', '/setting', { language: look.lang }, token);
  await api(server, 'POST', '/setting', { id: me.body.data.id, settings: { theme: look.theme } }, token);
  await fetch(`${server.url}/api/v1/auth/logout`, { headers: { authorization: `Bearer ${token}` } });
  const context = await openContext(browser, { baseURL: server.url, colorScheme: look.theme, mobile: look.mobile });
  await prepare?.(context);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await loginUi(page, ADMIN.email, ADMIN.password);
  return { page, errors };
}
