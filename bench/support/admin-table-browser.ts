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

type TStep = { what: string; ms: number; rows: number; note?: string };

async function timed(page: Page, what: string, act: () => Promise<void>, note?: string): Promise<TStep> {
  const before = await page.evaluate(() =>
    (globalThis as never as { adminBench: { rows(): string | null } }).adminBench.rows(),
  );
  const t0 = await page.evaluate(() => performance.now());
  await act();
  const done = (await page.evaluate(
    ([b]) =>
      (
        globalThis as never as { adminBench: { settled(b: string | null, ms: number): Promise<unknown> } }
      ).adminBench.settled(b, 15_000),
    [before] as const,
  )) as { at: number; rows: number };
  return { what, ms: done.at - t0, rows: done.rows, ...(note ? { note } : {}) };
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
      const steps: TStep[] = [];
      // Opened as a user does, from the app (its code loads on first use, so the first time is the cold one).
      steps.push(
        await timed(page, 'open Users (first time, code loads)', async () => {
          await page.evaluate(() => {
            const w = window as unknown as { history: History; dispatchEvent: (e: Event) => boolean };
            w.history.pushState({}, '', '/admin/users');
            w.dispatchEvent(new PopStateEvent('popstate'));
          });
        }),
      );
      const search = page.getByRole('searchbox', { name: 'Search users' });
      steps.push(
        await timed(
          page,
          'search "bro" typed → rows',
          async () => {
            await search.fill('bro');
          },
          'incl. the 500 ms debounce',
        ),
      );
      steps.push(await timed(page, 'sort by surname', () => page.getByRole('button', { name: 'Surname' }).click()));
      steps.push(await timed(page, 'next page', () => page.getByRole('button', { name: 'Next page' }).click()));
      steps.push(
        await timed(
          page,
          'search cleared → whole list',
          async () => {
            await search.fill('');
          },
          'incl. the 500 ms debounce',
        ),
      );
      for (const s of steps) {
        const ms = s.note ? s.ms - 500 : s.ms;
        worst = Math.max(worst, ms);
        if (s.rows === 0) empty.push(`${viewer.label}: ${s.what}`);
        console.log(
          `  ${viewer.label.padEnd(14)} ${s.what.padEnd(38)} ${fmt(s.ms).padStart(7)} ms  ${s.rows} rows${s.note ? `  (${s.note}: ${fmt(ms)} ms after it)` : ''}`,
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
