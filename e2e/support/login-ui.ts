import { API_PREFIX } from '@rounds/contracts/limits';
import { codeFor, rememberSeed, totpCode } from '@rounds/test-kit/mfa';
import type { Page } from 'playwright-core';

/**
 * The second step of signing in (issue 26), when the page asks for it: the authenticator's current code, or
 * setting one up first, as a person would (the setup key read from the QR code's text alternative, kept for
 * the next sign-in, the recovery codes acknowledged). Nothing happens when the password was enough.
 */
export async function passSecondStepUi(page: Page, email: string): Promise<void> {
  const codeForm = page.getByRole('form', { name: 'Two-step sign-in', exact: true });
  const enrolForm = page.getByRole('form', { name: 'Set up two-step sign-in', exact: true });
  const step = await Promise.race([
    page
      .waitForURL((url) => url.pathname === '/')
      .then(
        () => 'home' as const,
        () => null,
      ),
    codeForm.waitFor().then(
      () => 'code' as const,
      () => null,
    ),
    enrolForm.waitFor().then(
      () => 'enrol' as const,
      () => null,
    ),
  ]);
  const origin = new URL(page.url()).origin;
  if (step === 'code') {
    await codeForm.getByLabel('Authentication code').fill(codeFor(origin, email));
    await codeForm.getByRole('button', { name: 'Verify' }).click();
  } else if (step === 'enrol') {
    const alt = (await enrolForm.getByRole('img', { name: /Setup key:/ }).getAttribute('alt')) ?? '';
    const seed = (alt.split('Setup key:')[1] ?? '').replace(/\s/g, '');
    rememberSeed(origin, email, seed);
    await enrolForm.getByLabel('Authentication code').fill(totpCode(seed));
    await enrolForm.getByRole('button', { name: 'Confirm and continue' }).click();
    await page.getByRole('button', { name: 'I have saved these codes' }).click();
  }
}

/** Logs in through the login page and waits for the home screen (no vitest here: the benches use it too). */
export async function loginUi(page: Page, email: string, password: string, remember = false): Promise<void> {
  // What the sign-in answered, for the failure message below (a refusal the form does not show as an alert).
  const answers: string[] = [];
  const onResponse = (response: { url(): string; status(): number }) => {
    if (new URL(response.url()).pathname.startsWith(`${API_PREFIX}/auth/`)) {
      answers.push(`${new URL(response.url()).pathname} ${response.status()}`);
    }
  };
  page.on('response', onResponse);
  await page.goto('/login');
  // The server's prerendered page is on screen until the app takes it over; typing and pressing Log in there is
  // first-load-prerendered's journey. Everywhere else sign in on the app's own page: wait for the takeover.
  await page.locator('#root:not([data-prerendered])').waitFor({ state: 'attached' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  try {
    await passSecondStepUi(page, email);
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
        fieldErrors: Array.from(document.querySelectorAll('.mantine-InputWrapper-error')).map(
          (element) => element.textContent,
        ),
        email: (document.querySelector('input[autocomplete=username]') as HTMLInputElement | null)?.value ?? null,
        forms: Array.from(document.querySelectorAll('form')).map((form) => form.getAttribute('aria-label')),
        main: document.querySelector('main')?.textContent?.slice(0, 300) ?? null,
      }))
      .catch(() => null);
    throw new Error(`login as ${email} did not reach the home screen: ${JSON.stringify({ ...shown, answers })}`, {
      cause: error,
    });
  } finally {
    page.off('response', onResponse);
  }
}
