import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectAccessible } from './a11y';
import { budget } from './budget';
import { launchChromium } from './chromium';
import { untilStill } from './until-still';

const ARTIFACTS = join(import.meta.dirname, '..', 'artifacts');

/** Where a journey's screenshot goes (snap() writes there too, with its audit). */
export const artifact = (file: string) => join(ARTIFACTS, file);

/**
 * Chromium for the journeys: fake camera and microphone with no prompt (support/chromium.ts has the rest).
 * `extraArgs` adds flags, e.g. a WAV file for the fake microphone.
 */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return launchChromium(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', ...extraArgs]);
}

/** The two screens every journey photographs: a desktop and a phone (an iPhone 14's CSS pixels). */
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export type ContextOptions = {
  baseURL: string;
  colorScheme?: 'light' | 'dark';
  mobile?: boolean;
  /**
   * The app's service worker (issue 24) is kept out unless a journey is about it: it would answer requests
   * Playwright's page.route cannot see (a journey holding scripts back), and precache the build in the
   * background of every other journey.
   */
  serviceWorkers?: 'allow' | 'block';
};

export async function newContext(browser: Browser, o: ContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: o.baseURL,
    colorScheme: o.colorScheme ?? 'light',
    viewport: o.mobile ? PHONE : DESKTOP,
    locale: 'en-US',
    serviceWorkers: o.serviceWorkers ?? 'block',
  });
  // Every click, wait and page load waits for its state; this only bounds a broken one (support/budget.ts).
  context.setDefaultTimeout(budget(15_000));
  context.setDefaultNavigationTimeout(budget(15_000));
  return context;
}

/**
 * Saves a full-page screenshot under e2e/artifacts (ignored by git) for people to look at, and audits the
 * same screen with axe in light and dark: every screen a journey shows a person is also checked for
 * accessibility, without a second list of screens to keep in step.
 */
export async function snap(page: Page, name: string): Promise<void> {
  // A full-page photo paints the desktop's sticky navigation rail where the scrolled window holds it, mid-page:
  // from the top it stands where a person sees it. (The phone's bar is fixed to the bottom instead, and a page
  // scrolled to its end would suit it; that moves window-scrolled lists, so phones are photographed as left.)
  await page.evaluate(() => {
    const nav = document.querySelector('.side-nav');
    if (nav && getComputedStyle(nav).position === 'sticky') window.scrollTo(0, 0);
  });
  await untilStill(page);
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
  await expectAccessible(page, name);
}

/** Console errors and failed requests make a journey fail: a page that logs errors is not done. */
export function watchErrors(page: Page): () => string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    // A 404 answer is expected on the not-found page; CSP violations and script errors are not.
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(`console: ${m.text()}`);
  });
  return () => errors;
}
