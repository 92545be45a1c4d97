import type { Browser, Page } from 'playwright-core';
import { percentile } from './server';

export type THomeLoad = { fcpMs: number; lcpMs: number; firstRowMs: number };

/** Lighthouse's mobile profile, applied to the browser itself: slow 4G (150 ms, 1.6 Mbps down) and a CPU 4× slower. */
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1638.4 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

/** Notes, in the page's clock (from the navigation's start), when the first room row of Recent is on the page. */
const WATCH_FIRST_ROW = `
  (() => {
    const look = () => {
      if (document.querySelector('[data-room-id]')) window.__firstRow = performance.now();
      else requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  })();
`;

/**
 * What a nurse on a phone waits for when reopening Rounds: / signed in, in Chromium throttled as Lighthouse's
 * mobile profile simulates (observed here, not simulated): the first paint, the Largest Contentful Paint, and the
 * first room row of Recent. The median of `runs`. `first`: from an empty cache, no service worker, no Cache
 * Storage (a first visit); `repeat`: with what the first visit left, the app's service worker and its precache
 * (issue 24: a second visit's code comes from the device, only the data from the network).
 */
export async function throttledHome(
  browser: Browser,
  url: string,
  signIn: (page: Page) => Promise<void>,
  { runs = 3, visit = 'first' }: { runs?: number; visit?: 'first' | 'repeat' } = {},
): Promise<THomeLoad> {
  const context = await browser.newContext({
    baseURL: url,
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    // A first visit has no service worker yet: none is let in, so each run is one.
    serviceWorkers: visit === 'first' ? 'block' : 'allow',
  });
  await context.addInitScript(WATCH_FIRST_ROW);
  const page = await context.newPage();
  await signIn(page);
  await page.locator('[data-room-id]').first().waitFor();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (visit === 'repeat') {
    // The worker installed (its precache filled) and in control of the page, as after any earlier visit.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await page.locator('[data-room-id]').first().waitFor();
  }
  const loads: THomeLoad[] = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      if (visit === 'first') await cdp.send('Network.clearBrowserCache');
      await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto('/', { waitUntil: 'commit' });
      await page.waitForFunction(() => (window as unknown as { __firstRow?: number }).__firstRow !== undefined, null, {
        timeout: 60_000,
        polling: 100,
      });
      // The LCP entry is final once nothing larger is coming: a moment after the rows is enough here.
      await page.waitForTimeout(1000);
      loads.push(
        await page.evaluate(
          () =>
            new Promise<THomeLoad>((resolve) => {
              const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
              new PerformanceObserver((list) => {
                const entries = list.getEntries();
                resolve({
                  fcpMs: fcp,
                  lcpMs: entries[entries.length - 1]?.startTime ?? Number.NaN,
                  firstRowMs: (window as unknown as { __firstRow: number }).__firstRow,
                });
              }).observe({ type: 'largest-contentful-paint', buffered: true });
            }),
        ),
      );
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await cdp.send('Network.emulateNetworkConditions', {
        ...SLOW_4G,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
    }
  } finally {
    await context.close();
  }
  const median = (pick: (l: THomeLoad) => number) =>
    percentile(
      loads.map(pick).sort((a, b) => a - b),
      50,
    );
  return { fcpMs: median((l) => l.fcpMs), lcpMs: median((l) => l.lcpMs), firstRowMs: median((l) => l.firstRowMs) };
}
