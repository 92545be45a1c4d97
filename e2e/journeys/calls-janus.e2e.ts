import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JanusServer, startJanus } from '../../apps/server/src/testing/janus-server';
import { snap } from '../support/browser';
import { callPage } from '../support/call-pages';
import { CALL_BROWSER_ARGS } from '../support/call-stats';
import { log, roomRow, roomTitle } from '../support/chat-page';
import { demo, demoApi } from '../support/demo';
import { useDemoJourney } from '../support/journey';
import type { RunningServer } from '../support/server';

/**
 * A three-party video call through Janus (issue 9, "Media: real engines"): the server runs with JANUS_URL
 * pointing at a Janus spawned here on loopback (ICE on `lo` only), drives its VideoRoom, and every browser
 * publishes once and subscribes to the two others, all through our server's socket. Each page proves video
 * frames decoded and audio bytes arriving from both others, on peer connections whose far end is Janus.
 */

let janus: JanusServer;
let server: RunningServer;
let browser: Browser;
const env: Record<string, string | undefined> = {};
// Janus first: the server of this file starts with its URL (useDemoJourney reads env when its hook runs).
beforeAll(async () => {
  janus = await startJanus();
  env.JANUS_URL = janus.url;
}, 60_000);
afterAll(async () => {
  await janus?.stop();
});
const { apiSession, apiGroup, logout, setPreferences } = demoApi(() => server);
useDemoJourney(
  env,
  (s, b) => {
    server = s;
    browser = b;
  },
  CALL_BROWSER_ARGS,
);

type TPeerStats = { sends: boolean; receives: boolean; frames: number; audioBytes: number };

/** Per peer connection of the page: whether it sends or receives, frames decoded and audio bytes so far. */
async function peerStats(page: Page): Promise<TPeerStats[]> {
  return page.evaluate(async () => {
    const peers = (window as unknown as { __roundsPeers?: RTCPeerConnection[] }).__roundsPeers ?? [];
    const found: { sends: boolean; receives: boolean; frames: number; audioBytes: number }[] = [];
    for (const pc of peers) {
      if (pc.connectionState === 'closed') continue;
      const one = { sends: false, receives: false, frames: 0, audioBytes: 0 };
      (await pc.getStats()).forEach((r) => {
        if (r.type === 'outbound-rtp' && (r.bytesSent ?? 0) > 0) one.sends = true;
        if (r.type !== 'inbound-rtp') return;
        one.receives = true;
        if (r.kind === 'video') one.frames += r.framesDecoded ?? 0;
        if (r.kind === 'audio') one.audioBytes += r.bytesReceived ?? 0;
      });
      found.push(one);
    }
    return found;
  });
}

/**
 * Waits (polling getStats, generous on a loaded machine) until the page shows an SFU's shape with media
 * flowing: one connection that only sends (its publisher) and, from each of the two others, one that only
 * receives (a subscription) with video frames decoded and audio bytes, both rising. A mesh would have two
 * connections that both send and receive.
 */
async function waitForBothOthers(page: Page): Promise<void> {
  const deadline = Date.now() + 60_000;
  const subscriptions = (xs: TPeerStats[]) =>
    xs.filter((x) => x.receives && !x.sends && x.frames > 0 && x.audioBytes > 0);
  for (;;) {
    const first = await peerStats(page);
    if (subscriptions(first).length === 2 && first.filter((x) => x.sends && !x.receives).length === 1) {
      await page.waitForTimeout(1_000);
      const later = subscriptions(await peerStats(page));
      const before = subscriptions(first);
      const rising = later.filter((x, i) => x.frames > before[i]!.frames && x.audioBytes > before[i]!.audioBytes);
      if (rising.length === 2) return;
    }
    if (Date.now() > deadline) throw new Error(`media from both others did not arrive: ${JSON.stringify(first)}`);
    await page.waitForTimeout(500);
  }
}

describe('calls through Janus', () => {
  it('carries video and audio of a three-party video call through the SFU', async () => {
    const nurseEmail = demo('amelia.broussard');
    const emails = [nurseEmail, demo('noah.thibodeaux'), demo('mason.arceneaux')];
    for (const email of emails) await setPreferences(email, 'en', 'light');
    const nurse = await apiSession(nurseEmail);
    await apiGroup(nurse, 'Wound review', ['Noah Thibodeaux', 'Mason Arceneaux']);
    await logout(nurse);

    const signedIn = [];
    for (const email of emails) signedIn.push(await callPage(browser, server.url, email));
    const pages = signedIn.map((s) => s.page);
    const [nursePage, doctorPage, chargePage] = pages as [Page, Page, Page];
    const errors = signedIn.map((s) => s.errors);
    for (const page of pages) {
      await roomRow(page, 'Wound review').click();
      await roomTitle(page, 'Wound review').waitFor();
    }
    await nursePage.getByRole('button', { name: 'Start a video call' }).click();
    for (const page of [doctorPage, chargePage]) {
      const ringing = page.getByRole('dialog', { name: 'Incoming video call: Amelia Broussard' });
      await ringing.getByRole('button', { name: 'Accept', exact: true }).click();
      await page.getByRole('region', { name: 'Call' }).waitFor();
    }

    // Each page receives both others through Janus: frames decoded and audio bytes, both rising.
    await Promise.all(pages.map(waitForBothOthers)).catch((error: Error) => {
      // What the server said of Janus (refusals and faults are logged) is what tells why.
      throw new Error(`${error.message}\nserver: ${server.output().slice(-4_000)}`);
    });
    const nurseCall = nursePage.getByRole('region', { name: 'Call' });
    await expect.poll(() => nurseCall.locator('[data-remote-tile]').count(), { timeout: 15_000 }).toBe(2);
    await expect.poll(() => nurseCall.locator('[data-remote-tile] video').count(), { timeout: 15_000 }).toBe(2);
    await snap(nursePage, 'call-janus-video-light-en');

    // One leaves: the two others keep each other, and the leaver's feed goes from their pages.
    await chargePage.getByRole('region', { name: 'Call' }).getByRole('button', { name: 'Leave call' }).click();
    await expect.poll(() => nurseCall.locator('[data-remote-tile]').count(), { timeout: 15_000 }).toBe(1);

    // Two remain: leaving ends the call; the server destroys its Janus room.
    await nurseCall.getByRole('button', { name: 'Leave call' }).click();
    for (const page of [nursePage, doctorPage]) {
      await page.getByRole('region', { name: 'Call' }).waitFor({ state: 'detached' });
    }
    await log(nursePage)
      .getByText(/^Video call ended · 0:\d\d$/)
      .waitFor();
    expect(errors.flatMap((e) => e())).toEqual([]);
  }, 180_000);
});
