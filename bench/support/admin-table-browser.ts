import { TIMINGS } from '@rounds/contracts/limits';
import type { Page } from 'playwright-core';
import { launchChromium } from '../../e2e/support/chromium';
import { loginUi } from '../../e2e/support/login-ui';
import { fmt } from './server';

/**
 * The administrators' users table as they wait for it in Chromium: the section opened from the app, a search
 * typed, a column sorted, a page turned. Each is timed inside the page, from the action to the frame where the
 * table shows its new rows (the fetch, React and the paint; a search includes the screen's 500 ms debounce,
 * printed apart). Every step must show rows: one that shows none fails the run.
 */

/** In-page helpers: plain JavaScript (tsx would add helpers the page does not have). */
const IN_PAGE = `
globalThis.adminBench = {
  now: () => performance.now(),
  rows() {
    const table = document.querySelector('table[aria-busy="false"]');
    if (!table) return null;
    const names = [...table.querySelectorAll('tbody tr')].map((tr) => tr.textContent);
    return names.length ? names.join('|') : null;
  },
  // Resolves (page clock) on the first frame where the table is settled and shows rows other than 'before'.
  settled(before, timeoutMs) {
    const t0 = performance.now();
    return new Promise((resolve, reject) => {
      const check = () => {
        const now = adminBench.rows();
        if (now !== null && now !== before) return resolve({ at: performance.now(), rows: now.split('|').length });
        if (performance.now() - t0 > timeoutMs) return reject(new Error('the table did not change'));
        requestAnimationFrame(check);
      };
      check();
    });
  },
};`;

/** Times `act` inside the page: from just before it to the first frame showing other rows than before. */
async function timed(page: Page, act: () => Promise<unknown>): Promise<{ ms: number; rows: number }> {
  // Expressions, not functions: the helpers live in the page (IN_PAGE), not in this module.
  const before = (await page.evaluate('adminBench.rows()')) as string | null;
  const t0 = (await page.evaluate('performance.now()')) as number;
  await act();
  const done = (await page.evaluate(`adminBench.settled(${JSON.stringify(before)}, 15000)`)) as {
    at: number;
    rows: number;
  };
  return { ms: done.at - t0, rows: done.rows };
}

export async function adminTableInBrowser(
  url: string,
  viewers: { label: string; email: string; password: string }[],
): Promise<{ worst: number; empty: string[] }> {
  const browser = await launchChromium();
  let worst = 0;
  const empty: string[] = [];
  console.log('\nThe users table in Chromium (desktop, en), from the action to the frame showing the new rows');
  try {
    for (const viewer of viewers) {
      const context = await browser.newContext({
        baseURL: url,
        viewport: { width: 1440, height: 900 },
        locale: 'en-US',
      });
      const page = await context.newPage();
      await loginUi(page, viewer.email, viewer.password);
      await page.evaluate(IN_PAGE);
      const search = page.getByRole('searchbox', { name: 'Search users' });
      // A search waits for the screen's debounce before it asks: printed with it, counted without it.
      const steps: { what: string; debounced?: true; act: () => Promise<unknown> }[] = [
        {
          // Opened as a user does, from the app (its code loads on first use, so this is the cold one).
          what: 'open Users (first time, code loads)',
          act: () =>
            page.evaluate(() => {
              window.history.pushState({}, '', '/admin/users');
              window.dispatchEvent(new PopStateEvent('popstate'));
            }),
        },
        { what: 'search "bro" typed → rows', debounced: true, act: () => search.fill('bro') },
        { what: 'sort by surname', act: () => page.getByRole('button', { name: 'Surname' }).click() },
        { what: 'next page', act: () => page.getByRole('button', { name: 'Next page' }).click() },
        { what: 'search cleared → whole list', debounced: true, act: () => search.fill('') },
      ];
      for (const step of steps) {
        const { ms, rows } = await timed(page, step.act);
        const waited = step.debounced ? ms - TIMINGS.searchDebounceMs : ms;
        worst = Math.max(worst, waited);
        if (rows === 0) empty.push(`${viewer.label}: ${step.what}`);
        const note = step.debounced ? `  (${fmt(waited)} ms after the ${TIMINGS.searchDebounceMs} ms debounce)` : '';
        console.log(
          `  ${viewer.label.padEnd(14)} ${step.what.padEnd(38)} ${fmt(ms).padStart(7)} ms  ${rows} rows${note}`,
        );
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  console.log(
    `  slowest step ${fmt(worst)} ms (debounce excluded) — target < 1000 ms ${worst < 1000 ? 'met' : 'NOT met'}`,
  );
  return { worst, empty };
}
