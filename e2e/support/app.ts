import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect, onTestFinished } from 'vitest';
import { type ContextOptions, newContext, snap, watchErrors } from './browser';

/** A form field by its label, which may end with the required mark ('Password *'). */
export function field(page: Page, label: string) {
  return page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));
}

/** By keyboard: a toast may be covering the button and would delay a click. */
export async function toggleTheme(page: Page, name = 'Toggle theme'): Promise<void> {
  await page.getByRole('button', { name }).press('Enter');
}

/** The screen photographed light and then dark (`<screen>-light-en`, `<screen>-dark-en`), left light. */
export async function snapLightAndDark(page: Page, screen: string): Promise<void> {
  await snap(page, `${screen}-light-en`);
  await toggleTheme(page);
  await snap(page, `${screen}-dark-en`);
  await toggleTheme(page);
}

/**
 * Closes the toasts on screen. At most four show at once and a hovered one does not time out, so a long
 * journey clears them before expecting the next one (a person would glance and move on).
 */
export async function dismissToasts(page: Page): Promise<void> {
  await page.mouse.move(1, 1);
  const close = page.locator('.mantine-Notification-closeButton');
  await expect
    .poll(async () => {
      // Clicked in the page: a toast still sliding in or out is not "stable" for a Playwright click.
      await page.evaluate(() => {
        document.querySelectorAll<HTMLButtonElement>('.mantine-Notification-closeButton').forEach((button) => {
          button.click();
        });
      });
      return close.count();
    })
    .toBe(0);
}

/** A browser context closed when the test ends, passed or failed, so one failure does not leak into the next. */
export async function openContext(browser: Browser, options: ContextOptions): Promise<BrowserContext> {
  const context = await newContext(browser, options);
  onTestFinished(() => context.close().catch(() => undefined));
  return context;
}

/** A page in its own openContext (closed when the test ends), with the page's errors watched. */
export async function openWatchedPage(browser: Browser, options: ContextOptions) {
  const context = await openContext(browser, options);
  const page = await context.newPage();
  return { context, page, errors: watchErrors(page) };
}

/**
 * Whether the page's app socket is connected now: the server has admitted it (socket.io's CONNECT packet, `40`)
 * and it has not closed since. Watched from before sign-in, since a reload starts it over: until the app has
 * connected, a message or a call reaches this user only by push, never in the tab (a call rings only someone
 * connected).
 */
export function watchAppSocket(page: Page): () => boolean {
  const open = new Set<object>();
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) open.clear();
  });
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/server/socket.io')) return;
    ws.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string' && payload.startsWith('40')) open.add(ws);
    });
    ws.on('close', () => open.delete(ws));
  });
  return () => open.size > 0;
}
