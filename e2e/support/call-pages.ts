import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD } from './api';
import { loginUi, openContext } from './app';
import { watchErrors } from './browser';
import { capturePeers } from './call-stats';

/**
 * A demo user signed in for a call journey: their own browser context (light or dark), every peer connection
 * kept for getStats (relay-only ICE if asked), and the page's errors watched from the first request.
 */
export async function callPage(
  browser: Browser,
  url: string,
  email: string,
  o: { colorScheme?: 'light' | 'dark'; relayOnly?: boolean } = {},
): Promise<{ page: Page; errors: () => string[] }> {
  const context = await openContext(browser, {
    baseURL: url,
    ...(o.colorScheme ? { colorScheme: o.colorScheme } : {}),
  });
  const page = await context.newPage();
  await capturePeers(page, { relayOnly: o.relayOnly ?? false });
  const errors = watchErrors(page);
  await loginUi(page, email, DEMO_PASSWORD);
  return { page, errors };
}
