import type { Page } from 'playwright-core';

/** Logs in through the login page and waits for the home screen (no vitest here: the benches use it too). */
export async function loginUi(page: Page, email: string, password: string, remember = false): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
}
