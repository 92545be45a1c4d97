import { routeUrl } from '@rounds/contracts/api-route';
import { chatRoomRoutes } from '@rounds/contracts/chat';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from '../support/api';
import { openWatchedPage } from '../support/app';
import { watchErrors } from '../support/browser';
import { useDemoJourney } from '../support/journey';
import { loginUi } from '../support/login-ui';
import type { RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
useDemoJourney({}, (s, b) => {
  server = s;
  browser = b;
});

/** Counts the requests for the room list (its GET, not its sub-paths). */
function countRoomLists(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === routeUrl(chatRoomRoutes.list)) count += 1;
  });
  return () => count;
}

describe('the first load', () => {
  it('shows a fresh French browser the French login page', async () => {
    const context = await browser.newContext({ baseURL: server.url, locale: 'fr-FR' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/login');
    await page.getByLabel('Mot de passe', { exact: true }).waitFor();
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('fr');
    // A language chosen by hand on this device wins over the browser's.
    await page.getByLabel('Langue').selectOption('en');
    await page.reload();
    await page.getByLabel('Password', { exact: true }).waitFor();
    expect(errors()).toEqual([]);
    await context.close();
  });

  it('sends the app compressed and asks for the room list once, after login and after a reload', async () => {
    const { page, errors } = await openWatchedPage(browser, { baseURL: server.url });
    const encodings: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('.js'))
        encodings.push(response.headers()['content-encoding'] ?? '');
    });
    const roomLists = countRoomLists(page);

    await loginUi(page, DEMO.amelia, DEMO_PASSWORD);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1_500);
    await expect.poll(roomLists).toBe(1);

    await page.reload();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1_500);
    await expect.poll(roomLists).toBe(2);

    expect(encodings.length).toBeGreaterThan(0);
    expect(encodings.every((encoding) => encoding === 'br')).toBe(true);
    expect(errors()).toEqual([]);
  });
});
