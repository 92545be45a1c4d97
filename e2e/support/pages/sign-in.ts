import { DEMO_PASSWORD, demoEmail } from '@rounds/test-kit/demo';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openContext } from '../app';
import { watchErrors } from '../browser';
import { demoApi } from '../demo';
import { useDemoJourney } from '../journey';
import { loginUi } from '../login-ui';
import type { RunningServer } from '../server';
import type { TLook } from './looks';

/** A browser context of its own (closed when the test ends), its page, and the errors that page logged. */
export type TTab = { context: BrowserContext; page: Page; errors: () => string[] };

/**
 * Demo staff in browsers of their own, for a journey whose server and browser start in beforeAll (hence the
 * getters). Signing in through the API ends a browser session, so the account is prepared before the browser.
 */
export function demoTabs(journey: () => { server: RunningServer; browser: Browser }) {
  const server = () => journey().server;
  const { setPreferences } = demoApi(server);
  /** A fresh context in the look's colour scheme and screen (light, desktop without one). */
  const open = async (look?: Pick<TLook, 'theme' | 'mobile'>): Promise<TTab> => {
    const context = await openContext(journey().browser, {
      baseURL: server().url,
      colorScheme: look?.theme,
      mobile: look?.mobile,
    });
    const page = await context.newPage();
    return { context, page, errors: watchErrors(page) };
  };
  /**
   * A demo user ('first.last') signed in through the login page. With a look, the account's language and
   * theme are set first: they win once signed in.
   */
  const signIn = async (user: string, look?: Omit<TLook, 'viewport'>): Promise<TTab> => {
    if (look) await setPreferences(demoEmail(user), look.lang, look.theme);
    const tab = await open(look);
    await loginUi(tab.page, demoEmail(user), DEMO_PASSWORD);
    return tab;
  };
  return { open, signIn };
}

/**
 * A journey on the demo hospital whose staff sign in: its server and browser as getters (they start in
 * beforeAll), the demo API on that server, and staff in tabs of their own.
 */
export function useDemoStaff(env: Record<string, string | undefined> = {}, browserArgs: string[] = []) {
  let started: { server: RunningServer; browser: Browser } | undefined;
  useDemoJourney(
    env,
    (server, browser) => {
      started = { server, browser };
    },
    browserArgs,
  );
  const journey = () => started as { server: RunningServer; browser: Browser };
  const server = () => journey().server;
  return { server, browser: () => journey().browser, ...demoApi(server), ...demoTabs(journey) };
}
