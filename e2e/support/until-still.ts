import type { Page } from 'playwright-core';
import { budget } from './budget';

/**
 * Until the transitions and finite animations under way have ended (a dialog fading in, a toast sliding): a
 * photo or an audit of a half-faded dialog measures colours nobody reads (a CI run under load once audited a
 * "Create" button at 4.44:1 mid-fade). A list or table that says it is busy (aria-busy: the previous page dimmed
 * while the next loads) is waited for too: a run under load once audited a refreshing list at 2.5:1. Endless animations (a loader, a pulse) are not waited for; past the
 * deadline the screen is taken as it is. Two frames pass first: a dialog that has just mounted starts its
 * fade on the next frame, and on a busy machine a fixed pause before the photo was sometimes not enough.
 */
export async function untilStill(page: Page): Promise<void> {
  // A function, not a string: the app's Content-Security-Policy forbids evaluating strings in the page.
  await page
    .evaluate(async (ms) => {
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const deadline = performance.now() + ms;
      while (
        performance.now() < deadline &&
        (document
          .getAnimations()
          .some(
            (a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
          ) ||
          document.querySelector('[aria-busy="true"]') !== null)
      ) {
        await new Promise((r) => setTimeout(r, 16));
      }
    }, budget(5_000))
    .catch(() => undefined);
}
