import { startJanus } from '@rounds/test-kit/janus-server';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dismissToasts } from '../support/app';
import { DESKTOP, PHONE, snap } from '../support/browser';
import { budget } from '../support/budget';
import { lookAtCall, threeWayVideoCall } from '../support/call-pages';
import { groupOfThree, useCallJourney } from '../support/pages/call';
import { callLine, log, openRoom } from '../support/pages/room';

/**
 * A three-party video call through Janus (issue 9, "Media: real engines"): the server runs with JANUS_URL
 * pointing at a Janus spawned here on loopback (ICE on `lo` only), drives its VideoRoom, and every browser
 * publishes once and subscribes to the two others, all through our server's socket. Each page proves video
 * frames decoded and audio bytes arriving from both others, on peer connections whose far end is Janus.
 * Then screen share through Janus: in a call (the sharer's publisher swaps its camera track for the screen,
 * the others get it on their existing subscription), and as a direct screen share.
 */

// Janus first: the server of this file starts with its URL.
const { server, browser } = useCallJourney(async () => {
  const janus = await startJanus();
  return { env: { JANUS_URL: janus.url }, stop: () => janus.stop() };
});

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
  const deadline = Date.now() + budget(60_000);
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
    const { pages, errors } = await groupOfThree(browser(), server(), 'Wound review');
    const [nursePage, doctorPage, chargePage] = pages;
    await nursePage.getByRole('button', { name: 'Start a video call' }).click();
    for (const page of [doctorPage, chargePage]) {
      const ringing = page.getByRole('dialog', { name: 'Incoming video call: Amelia Broussard' });
      await ringing.getByRole('button', { name: 'Accept', exact: true }).click();
      await page.getByRole('region', { name: 'Call' }).waitFor();
    }

    // Each page receives both others through Janus: frames decoded and audio bytes, both rising.
    await Promise.all(pages.map(waitForBothOthers)).catch((error: Error) => {
      // What the server said of Janus (refusals and faults are logged) is what tells why.
      throw new Error(`${error.message}\nserver: ${server().output().slice(-4_000)}`);
    });
    const nurseCall = nursePage.getByRole('region', { name: 'Call' });
    await expect.poll(() => nurseCall.locator('[data-remote-tile]').count(), { timeout: budget(15_000) }).toBe(2);
    await expect.poll(() => nurseCall.locator('[data-remote-tile] video').count(), { timeout: budget(15_000) }).toBe(2);
    await snap(nursePage, 'call-janus-video-light-en');

    // One leaves: the two others keep each other, and the leaver's feed goes from their pages.
    await chargePage.getByRole('region', { name: 'Call' }).getByRole('button', { name: 'Leave call' }).click();
    await expect.poll(() => nurseCall.locator('[data-remote-tile]').count(), { timeout: budget(15_000) }).toBe(1);

    // Two remain: leaving ends the call; the server destroys its Janus room.
    await nurseCall.getByRole('button', { name: 'Leave call' }).click();
    for (const page of [nursePage, doctorPage]) {
      await page.getByRole('region', { name: 'Call' }).waitFor({ state: 'detached' });
    }
    await log(nursePage)
      .getByText(/^Video call ended · \d+:\d\d$/)
      .waitFor();
    expect(errors.flatMap((e) => e())).toEqual([]);
  });
});

/** The video frames decoded so far on each subscription of the page (connections that only receive). */
async function subscriptionFrames(page: Page): Promise<number[]> {
  return (await peerStats(page)).filter((x) => x.receives && !x.sends).map((x) => x.frames);
}

/** Waits until every one of `count` subscriptions decodes frames beyond `over`, then sees them rise again. */
async function waitForFrames(page: Page, count: number, over: number[] = []): Promise<void> {
  const beyond = (xs: number[]) => xs.length === count && xs.every((f, i) => f > (over[i] ?? 0));
  await expect.poll(async () => beyond(await subscriptionFrames(page)), { timeout: budget(60_000) }).toBe(true);
  const first = await subscriptionFrames(page);
  await expect
    .poll(async () => beyond(first) && (await subscriptionFrames(page)).every((f, i) => f > first[i]!), {
      timeout: budget(20_000),
    })
    .toBe(true);
}

/** What the page's publisher (its one sending connection) sends: the video track's shape, the microphone on. */
function published(page: Page): Promise<{ aspect: number; label: string; mic: boolean } | null> {
  return page.evaluate(() => {
    const peers = (window as unknown as { __roundsPeers?: RTCPeerConnection[] }).__roundsPeers ?? [];
    const pub = peers.find(
      (pc) => pc.connectionState !== 'closed' && pc.getTransceivers().some((t) => t.direction === 'sendonly'),
    );
    if (!pub) return null;
    const video = pub.getSenders().find((s) => s.track?.kind === 'video')?.track;
    const audio = pub.getSenders().find((s) => s.track?.kind === 'audio')?.track;
    const { width = 0, height = 1 } = video?.getSettings() ?? {};
    return { aspect: width / height, label: video?.label ?? '', mic: audio?.enabled ?? false };
  });
}

/** The remote screen tile's picture shape (the fake camera is 4:3, the fake screen 16:9). */
const screenAspect = (page: Page) =>
  page.locator('[data-screen-tile] video').evaluate((v: HTMLVideoElement) => v.videoWidth / (v.videoHeight || 1));

describe('screen share through Janus', () => {
  it('swaps the sharer’s camera for the screen on the same feed, one sharer at a time, and shares directly', async () => {
    const { pages, regions, errors, chargeId } = await threeWayVideoCall(browser(), server(), 'Dressing review');
    const [nursePage, doctorPage, chargePage] = pages;
    const [nurseCall, doctorCall, chargeCall] = regions;
    await Promise.all(pages.map(waitForBothOthers)).catch((error: Error) => {
      throw new Error(`${error.message}\nserver: ${server().output().slice(-4_000)}`);
    });
    const camera = await published(chargePage);
    expect(camera?.aspect).toBeLessThan(1.5);

    // The charge nurse shares: her publisher sends the screen in the camera's place (no new connection), and
    // the two others see it large, with frames rising on the subscription they already had.
    const before = await Promise.all([nursePage, doctorPage].map(subscriptionFrames));
    const connections = (await peerStats(chargePage)).length;
    await chargeCall.getByRole('button', { name: 'Share your screen' }).click();
    await chargeCall.getByText('You are sharing your screen').waitFor();
    await expect
      .poll(async () => (await published(chargePage))?.aspect, { timeout: budget(15_000) })
      .toBeGreaterThan(1.7);
    expect((await published(chargePage))?.label).not.toBe(camera?.label);
    expect((await peerStats(chargePage)).length).toBe(connections);
    for (const [i, page] of [nursePage, doctorPage].entries()) {
      await page.locator(`[data-screen-tile="${chargeId}"][data-frames]`).waitFor({ timeout: budget(30_000) });
      await expect.poll(() => screenAspect(page), { timeout: budget(30_000) }).toBeGreaterThan(1.7);
      await waitForFrames(page, 2, before[i]);
      expect((await peerStats(page)).length).toBe(3);
    }
    await nurseCall.getByText('Mason Arceneaux’s screen', { exact: true }).waitFor();
    await doctorCall.getByText('Écran de Mason Arceneaux', { exact: true }).waitFor();

    // The others are muted by default while someone shares: their microphone track itself is off.
    await nurseCall.getByText('Muted while Mason Arceneaux shares their screen').waitFor();
    await doctorCall.getByText('Micro coupé pendant le partage d’écran de Mason Arceneaux').waitFor();
    await expect.poll(async () => (await published(nursePage))?.mic).toBe(false);
    await expect.poll(async () => (await published(doctorPage))?.mic).toBe(false);
    await expect.poll(async () => (await published(chargePage))?.mic).toBe(true);

    // One sharer at a time: the doctor is refused, in French.
    await doctorCall.getByRole('button', { name: 'Partager votre écran' }).click();
    await doctorPage.getByText('Une seule personne à la fois peut partager son écran.').waitFor();
    await lookAtCall(doctorPage, 'call-janus-screen-share-dark-fr-desktop');
    await dismissToasts(doctorPage);
    await lookAtCall(nursePage, 'call-janus-screen-share-light-en-desktop');
    await lookAtCall(chargePage, 'call-janus-screen-sharer-light-en-desktop');
    await doctorPage.setViewportSize(PHONE);
    await lookAtCall(doctorPage, 'call-janus-screen-share-dark-fr-phone');
    await doctorPage.setViewportSize(DESKTOP);

    // The share stops: the camera is back on the same feed, and everyone is heard again.
    const during = await Promise.all([nursePage, doctorPage].map(subscriptionFrames));
    await chargeCall.getByRole('button', { name: 'Stop sharing' }).click();
    for (const page of [nursePage, doctorPage]) {
      await page.locator('[data-screen-tile]').waitFor({ state: 'detached' });
    }
    await expect.poll(async () => (await published(chargePage))?.aspect, { timeout: budget(15_000) }).toBeLessThan(1.5);
    await expect.poll(async () => (await published(nursePage))?.mic).toBe(true);
    await expect.poll(async () => (await published(doctorPage))?.mic).toBe(true);
    for (const [i, page] of [nursePage, doctorPage].entries()) {
      await waitForFrames(page, 2, during[i]);
      await expect.poll(() => page.locator('[data-remote-tile] video').count(), { timeout: budget(15_000) }).toBe(2);
    }
    await lookAtCall(doctorPage, 'call-janus-after-share-dark-fr-desktop');

    await nurseCall.getByRole('button', { name: 'End for all' }).click();
    for (const page of pages) await page.locator('[data-call-active]').waitFor({ state: 'detached' });
    await callLine(chargePage, 'Mason Arceneaux started sharing their screen');
    await callLine(chargePage, 'Mason Arceneaux stopped sharing their screen');

    // A direct screen share through Janus: the nurse's screen on the doctor's single tile.
    await openRoom(nursePage, 'Noah Thibodeaux');
    await openRoom(doctorPage, 'Amelia Broussard');
    await nursePage.getByRole('button', { name: 'Start a screen share' }).click();
    await doctorPage
      .getByRole('dialog', { name: 'Partage d’écran entrant: Amelia Broussard' })
      .getByRole('button', { name: 'Accepter', exact: true })
      .click();
    const watching = doctorPage.getByRole('region', { name: 'Appel' });
    await watching.locator('[data-screen-tile][data-frames]').waitFor({ timeout: budget(30_000) });
    await expect.poll(() => watching.locator('[data-screen-tile]').count()).toBe(1);
    await expect.poll(() => watching.locator('[data-remote-tile]').count()).toBe(0);
    await expect.poll(() => screenAspect(doctorPage), { timeout: budget(30_000) }).toBeGreaterThan(1.7);
    // The watcher's one subscription (to the sharer) decodes frames, rising.
    await expect
      .poll(async () => (await subscriptionFrames(doctorPage)).filter((f) => f > 0).length, { timeout: budget(60_000) })
      .toBe(1);
    const watched = (await subscriptionFrames(doctorPage)).find((f) => f > 0)!;
    await expect
      .poll(async () => Math.max(...(await subscriptionFrames(doctorPage))), { timeout: budget(20_000) })
      .toBeGreaterThan(watched);
    await nursePage.getByRole('region', { name: 'Call' }).getByText('You are sharing your screen').waitFor();
    await lookAtCall(doctorPage, 'direct-share-janus-dark-fr-desktop');
    await lookAtCall(nursePage, 'direct-sharer-janus-light-en-desktop');
    await nursePage.setViewportSize(PHONE);
    await lookAtCall(nursePage, 'direct-sharer-janus-light-en-phone');

    await nursePage.getByRole('region', { name: 'Call' }).getByRole('button', { name: 'Stop sharing' }).click();
    await watching.waitFor({ state: 'detached' });
    await log(doctorPage)
      .getByText(/^Partage d’écran terminé · \d+:\d\d$/)
      .waitFor();
    expect(errors.flatMap((e) => e())).toEqual([]);
  });
});
