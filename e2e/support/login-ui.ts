import type { Page } from 'playwright-core';

/** Logs in through the login page and waits for the home screen (no vitest here: the benches use it too). */
export async function loginUi(page: Page, email: string, password: string, remember = false): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  try {
    await page.waitForURL((url) => url.pathname === '/');
  } catch (error) {
    // Say what the page showed instead (a refusal at the form, the server's page still held, a page error).
    const shown = await page
      .evaluate(() => ({
        url: location.href,
        prerendered: document.getElementById('root')?.hasAttribute('data-prerendered') ?? null,
        alerts: Array.from(document.querySelectorAll('[role=alert], .mantine-Notification-root')).map(
          (element) => element.textContent,
        ),
      }))
      .catch(() => null);
    throw new Error(`login as ${email} did not reach the home screen: ${JSON.stringify(shown)}`, { cause: error });
  }
}
