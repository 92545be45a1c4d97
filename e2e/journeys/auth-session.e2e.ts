import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from '../support/api';
import { openContext, openWatchedPage } from '../support/app';
import { snap, watchErrors } from '../support/browser';
import { useJourney } from '../support/journey';
import { loginUi } from '../support/login-ui';
import type { RunningServer } from '../support/server';

let server: RunningServer;
let browser: Browser;
useJourney({ SEED_DEMO: 'true' }, (s, b) => {
  server = s;
  browser = b;
});

const EXPIRED = 'Your session has expired. Please log back in to continue.';

describe('session lifecycle', () => {
  it('logs out every tab after the session timeout without activity in any of them', async () => {
    const context = await openContext(browser, { baseURL: server.url });
    // The page's clocks are Playwright's: an idle minute passes in an instant.
    await context.clock.install();
    const first = await context.newPage();
    const errors = [watchErrors(first)];

    await loginUi(first, DEMO.lucas, DEMO_PASSWORD);
    await first.goto('/settings?tab=account');
    const personal = first.getByRole('region', { name: 'Personal information' });
    await personal.getByLabel('Session timeout').fill('1');
    await personal.getByRole('button', { name: 'Save changes' }).click();
    await first.getByText('Your information has been updated.').waitFor();

    // A second tab of the same browser joins the session without logging in again.
    const second = await context.newPage();
    errors.push(watchErrors(second));
    await second.goto('/settings');
    await second.getByRole('heading', { name: 'Lucas Fontenot' }).waitFor();

    // Half the timeout idle: still signed in; activity in one tab keeps both alive.
    await context.clock.fastForward(40_000);
    const newestMarker = () =>
      first.evaluate(() =>
        Math.max(
          0,
          ...Object.keys(localStorage)
            .filter((key) => key.startsWith('rounds.activity.'))
            .map((key) => Number(localStorage.getItem(key))),
        ),
      );
    const before = await newestMarker();
    await second.mouse.move(200, 300);
    await second.mouse.move(220, 320);
    // Tabs share localStorage through the browser process, a few milliseconds apart: the jump below must not
    // overtake the second tab's activity marker on its way to the first tab.
    await expect.poll(newestMarker).toBeGreaterThan(before);
    await context.clock.fastForward(40_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const page of [first, second]) expect(new URL(page.url()).pathname).toBe('/settings');
    await expect(first.getByRole('heading', { name: 'Lucas Fontenot' }).isVisible()).resolves.toBe(true);

    // Then a full minute with nobody touching either tab. Time moves in 5-second steps: each tab's clock
    // jumps on its own, and one big jump could expire the notice a tab has just shown for the other.
    const atLogin = (page: Page) => new URL(page.url()).pathname === '/login';
    for (let step = 0; step < 20 && !(atLogin(first) && atLogin(second)); step += 1) {
      await context.clock.fastForward(5_000);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    await Promise.all([first, second].map((page) => page.getByText(EXPIRED).waitFor()));
    await snap(first, 'session-expired-light-en');
    expect(errors.flatMap((read) => read())).toEqual([]);
  });

  it('logging out in one tab logs out the others', async () => {
    const context = await openContext(browser, { baseURL: server.url });
    const first = await context.newPage();
    const errors = [watchErrors(first)];
    await loginUi(first, DEMO.olivia, DEMO_PASSWORD, true);
    // Opened after the login: a background tab gets no animation frames, which slows every action in it.
    const second = await context.newPage();
    errors.push(watchErrors(second));
    await second.goto('/settings');
    await second.getByRole('heading', { name: 'Olivia Landry' }).waitFor();
    await first.bringToFront();
    await first.goto('/settings');
    await first.getByRole('button', { name: 'Logout' }).click();
    await first.waitForURL('**/login');
    await second.waitForURL('**/login');
    expect(errors.flatMap((read) => read())).toEqual([]);
  });

  it('keeps the session across a reload, renewing a token the server no longer accepts', async () => {
    const { page, errors } = await openWatchedPage(browser, { baseURL: server.url });
    await loginUi(page, DEMO.emma, DEMO_PASSWORD);
    // Emma's account is in French: login applies it.
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fr');
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Emma Guidry' }).waitFor();
    await page.evaluate(() => {
      const key = 'rounds.session';
      const stored = JSON.parse(sessionStorage.getItem(key) ?? '{}');
      stored.state.token = 'expired.or.forged';
      sessionStorage.setItem(key, JSON.stringify(stored));
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Emma Guidry' }).waitFor();
    expect(page.url()).toContain('/settings');
    expect(errors()).toEqual([]);
  });

  it('a login elsewhere warns this session, which ends 10 seconds later', async () => {
    const here = await openContext(browser, { baseURL: server.url });
    const elsewhere = await openContext(browser, { baseURL: server.url, colorScheme: 'dark' });
    const page = await here.newPage();
    const other = await elsewhere.newPage();
    const errors = [watchErrors(page), watchErrors(other)];
    await loginUi(page, DEMO.noah, DEMO_PASSWORD);
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Noah Thibodeaux' }).waitFor();

    await loginUi(other, DEMO.noah, DEMO_PASSWORD);
    const warned = Date.now();
    // Timed when the address changes, not when the test next looks: on a busy machine the photo and audit of
    // the warning below took longer than the countdown, and the old check measured them instead.
    const loggedOut = page.waitForURL('**/login', { timeout: 14_000 }).then(() => Date.now());
    loggedOut.catch(() => undefined);
    await page
      .getByText(
        'You have logged in on another device. Please save any unsaved data: you will be logged out in 10 seconds.',
      )
      .waitFor();
    await snap(page, 'session-duplicate-warning-light-en');
    expect((await loggedOut) - warned).toBeLessThan(12_500);
    // The new session carries on.
    await other.goto('/settings');
    await other.getByRole('heading', { name: 'Noah Thibodeaux' }).waitFor();
    expect(errors.flatMap((read) => read())).toEqual([]);
  });
});
