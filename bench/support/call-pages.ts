import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../apps/server/src/ops/seed-demo';
import { CALL_BROWSER_ARGS } from '../../e2e/support/call-stats';
import { launchChromium } from '../../e2e/support/chromium';
import { loginUi } from '../../e2e/support/login-ui';
import { percentile } from './server';

/**
 * bench/calls' browser side: Chromium with fake microphone and camera, each person in their own context, the
 * calls made by clicking the app's own buttons. Times are taken inside the pages, on the wall clock both pages
 * share (performance.timeOrigin + performance.now()), so no round trip to Chromium is timed.
 */
export function launchCallBrowser(): Promise<Browser> {
  return launchChromium(CALL_BROWSER_ARGS);
}

/** Keeps the page's peer connections on window (the app keeps none there), for getStats. Plain JavaScript. */
const CAPTURE = `(() => {
  const peers = [];
  window.__roundsPeers = peers;
  const Native = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Native {
    constructor(config) { super(config); peers.push(this); }
  };
})();`;

/** In-page helpers: plain JavaScript (tsx would add helpers the page does not have). */
const IN_PAGE = `
globalThis.callBench = {
  now: () => performance.timeOrigin + performance.now(),
  // Accepts the next ringing card the moment it is in the DOM (a MutationObserver, not a poll).
  arm(timeoutMs) {
    return new Promise((resolve, reject) => {
      let observer;
      const timer = setTimeout(() => { observer.disconnect(); reject(new Error('no ringing card')); }, timeoutMs);
      const check = () => {
        const accept = document.querySelector('[data-call-ringing] button[aria-label="Accept"]');
        if (!accept) return;
        const ring = callBench.now();
        observer.disconnect();
        clearTimeout(timer);
        accept.click();
        resolve({ ring, accept: callBench.now() });
      };
      observer = new MutationObserver(check);
      // Labels too: the card can show before its texts (the lazy 'calls' namespace) have loaded.
      observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-label'] });
      check();
    });
  },
  async inbound(kind) {
    let streams = 0;
    let bytes = 0;
    for (const pc of window.__roundsPeers) {
      if (pc.connectionState === 'closed') continue;
      (await pc.getStats()).forEach((r) => {
        if (r.type === 'inbound-rtp' && r.kind === kind && r.bytesReceived > 0) { streams += 1; bytes += r.bytesReceived; }
      });
    }
    return { streams, bytes };
  },
  // Clicks the room's call button, then polls getStats every 10 ms until the first inbound audio bytes.
  async callUntilAudio(button, timeoutMs) {
    window.__roundsPeers.length = 0;
    const click = callBench.now();
    document.querySelector('button[aria-label="' + button + '"]').click();
    for (;;) {
      if ((await callBench.inbound('audio')).streams > 0) return { click, audio: callBench.now() };
      if (callBench.now() - click > timeoutMs) throw new Error('no audio within ' + timeoutMs + ' ms');
      await new Promise((r) => setTimeout(r, 10));
    }
  },
  inCall: () => Boolean(document.querySelector('[role="region"][aria-label="Call"]')),
  click(label) { document.querySelector('button[aria-label="' + label + '"]').click(); },
};`;

const js = <T>(page: Page, expression: string) => page.evaluate(expression) as Promise<T>;

/** A page signed in as a demo user, on Recent, with the bench helpers loaded. */
export async function signedInPage(browser: Browser, url: string, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  await context.addInitScript(CAPTURE);
  const page = await context.newPage();
  await loginUi(page, email, DEMO_PASSWORD);
  await page.evaluate(IN_PAGE);
  return page;
}

export async function openRoom(page: Page, name: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
  await page.getByRole('heading', { level: 2, name, exact: true }).waitFor();
}

/** Until no call shows on any of the pages and the caller's button can call again. */
async function untilIdle(pages: Page[], button: string): Promise<void> {
  for (const page of pages)
    await page.getByRole('region', { name: 'Call', exact: true }).waitFor({ state: 'detached' });
  await pages[0]!.locator(`button[aria-label="${button}"]:not([disabled])`).waitFor();
}

export type TClickToAudio = { total: number; ring: number; acceptToAudio: number };

/**
 * (a) One voice call after another: the caller clicks the room's call button, the callee accepts as soon as
 * the ringing card shows, and the time until the caller's first inbound audio bytes is what the caller waits.
 */
export async function clickToAudio(
  caller: Page,
  callee: Page,
  o: { calls: number; warmup: number },
): Promise<TClickToAudio[]> {
  const out: TClickToAudio[] = [];
  for (let i = 0; i < o.warmup + o.calls; i++) {
    await js(callee, 'callBench.armed = callBench.arm(30000); 0');
    const [{ click, audio }, { ring, accept }] = await Promise.all([
      js<{ click: number; audio: number }>(caller, 'callBench.callUntilAudio("Start a voice call", 30000)'),
      js<{ ring: number; accept: number }>(callee, 'callBench.armed'),
    ]);
    if (i >= o.warmup) out.push({ total: audio - click, ring: ring - click, acceptToAudio: audio - accept });
    await js(caller, 'callBench.click("Leave call")');
    await untilIdle([caller, callee], 'Start a voice call');
  }
  return out;
}

/**
 * A video call of everyone on `pages` in the group room they have open: the first page calls, the others accept
 * as their cards ring; resolves once every page receives video from each of the others (or `timeoutMs`).
 */
export async function startGroupVideoCall(pages: Page[], timeoutMs = 60_000): Promise<void> {
  const [caller, ...others] = pages as [Page, ...Page[]];
  for (const page of others) await js(page, 'callBench.armed = callBench.arm(60000); 0');
  await js(caller, 'window.__roundsPeers.length = 0; callBench.click("Start a video call")');
  await Promise.all(others.map((page) => js(page, 'callBench.armed')));
  const deadline = Date.now() + timeoutMs;
  for (const page of pages) {
    for (;;) {
      const { streams } = await js<{ streams: number }>(page, 'callBench.inbound("video")');
      if (streams >= pages.length - 1) break;
      if (Date.now() > deadline) throw new Error(`a page receives ${streams} of ${pages.length - 1} videos`);
      await page.waitForTimeout(250);
    }
  }
}

export async function endGroupCall(pages: Page[]): Promise<void> {
  await js(pages[0]!, 'callBench.click("End for all")');
  await untilIdle(pages, 'Start a video call');
}

export const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? Number.NaN };
};
