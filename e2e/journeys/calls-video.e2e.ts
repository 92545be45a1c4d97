import { routeUrl } from '@rounds/contracts/api-route';
import { callRoutes } from '@rounds/contracts/calls';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dismissToasts } from '../support/app';
import { DESKTOP, PHONE } from '../support/browser';
import { budget } from '../support/budget';
import { lookAtCall, threeWayVideoCall } from '../support/call-pages';
import { useCallJourney } from '../support/pages/call';
import { callLine, log, openRoom } from '../support/pages/room';

/**
 * Video and screen share through the mesh (issue 9): three people in a video call, each seeing and hearing
 * the two others (getStats: frames decoded and audio rising on both connections); one shares a screen, the
 * others see it as the large tile with frames on it, are muted by default, and the sharer unmutes one; a
 * second sharer is refused; then a direct screen share from a chat, on its single tile. Chromium's fake
 * devices stand in for camera and microphone, and with --use-fake-ui-for-media-stream its fake capture
 * device is the "screen" getDisplayMedia picks without a prompt (docs/decisions.md). Media stays on loopback.
 */

const { server, browser } = useCallJourney();

type TInbound = { frames: number; audioBytes: number; audioLevel: number };

/** What arrives on each open peer connection of the page: video frames decoded, audio bytes and level. */
function inbound(page: Page): Promise<TInbound[]> {
  return page.evaluate(async () => {
    const peers = (window as unknown as { __roundsPeers?: RTCPeerConnection[] }).__roundsPeers ?? [];
    const open = peers.filter((pc) => pc.connectionState !== 'closed');
    return Promise.all(
      open.map(async (pc) => {
        const seen = { frames: 0, audioBytes: 0, audioLevel: 0 };
        (await pc.getStats()).forEach((r) => {
          if (r.type !== 'inbound-rtp') return;
          if (r.kind === 'video') seen.frames += r.framesDecoded ?? 0;
          if (r.kind === 'audio') {
            seen.audioBytes += r.bytesReceived ?? 0;
            seen.audioLevel = Math.max(seen.audioLevel, r.audioLevel ?? 0);
          }
        });
        return seen;
      }),
    );
  });
}

/**
 * Waits until `peers` connections each deliver video frames beyond `over` (and, with `audio`, sound), then
 * proves the frames still rise a moment later. Polls real stats with a generous deadline: the machine is busy.
 */
async function waitForMedia(page: Page, peers: number, o: { audio: boolean; over?: number[] }): Promise<number[]> {
  const deadline = Date.now() + budget(45_000);
  let now: TInbound[] = [];
  const ok = (s: TInbound[]) =>
    s.length === peers &&
    s.every((p, i) => p.frames > (o.over?.[i] ?? 0) && (!o.audio || (p.audioBytes > 0 && p.audioLevel > 0)));
  for (;;) {
    now = await inbound(page);
    if (ok(now)) break;
    if (Date.now() > deadline) throw new Error(`media did not arrive: ${JSON.stringify(now)}`);
    await page.waitForTimeout(300);
  }
  const first = now.map((p) => p.frames);
  await expect
    .poll(async () => (await inbound(page)).every((p, i) => p.frames > (first[i] ?? 0)), { timeout: budget(20_000) })
    .toBe(true);
  return first;
}

/** The page's own outgoing microphone: whether it is enabled on every connection (a muted track sends silence). */
function micOn(page: Page): Promise<boolean[]> {
  return page.evaluate(() => {
    const peers = (window as unknown as { __roundsPeers?: RTCPeerConnection[] }).__roundsPeers ?? [];
    return peers
      .filter((pc) => pc.connectionState !== 'closed')
      .map((pc) => pc.getSenders().find((s) => s.track?.kind === 'audio')?.track?.enabled ?? false);
  });
}

/** The server's view of the page user's live calls (GET /call/live with the tab's own session). */
function liveCalls(page: Page) {
  // Fetched in the page, as the tab itself would: its own session, from its own storage.
  return page.evaluate(async (url) => {
    const stored = JSON.parse(
      sessionStorage.getItem('rounds.session') ?? localStorage.getItem('rounds.session') ?? '{}',
    );
    const res = await fetch(url, { headers: { authorization: `Bearer ${stored.state?.token}` } });
    const body = (await res.json()) as {
      data: { calls: { type: string; participants: { fullName: string; status: string; screenShare: boolean }[] }[] };
    };
    return body.data.calls;
  }, routeUrl(callRoutes.live));
}

/** Theme and language through Settings while the call goes on (the layer stays), then back to the room. */
async function switchPreferences(page: Page, room: string, theme: string, language: string) {
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.waitForURL('**/settings');
  // By keyboard: the call, small on this page, sits over the top right where these are.
  await page.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: theme }).press('Space');
  await page.getByRole('radiogroup', { name: 'Language' }).getByRole('radio', { name: language }).press('Space');
  await page.getByRole('radiogroup', { name: 'Langue' }).waitFor();
  await dismissToasts(page);
  await page.getByRole('link', { name: 'Récents' }).click();
  await openRoom(page, room);
}

describe('video calls and screen share', () => {
  it('carries video and sound between three people, shares one screen at a time, and shares a screen directly', async () => {
    // A video call: the two others answer; everyone sees and hears both others.
    const { pages, regions, errors, chargeId } = await threeWayVideoCall(browser(), server(), 'Wound review');
    const [nursePage, doctorPage, chargePage] = pages;
    const [nurseCall, doctorCall, chargeCall] = regions;
    for (const call of [nurseCall, doctorCall, chargeCall]) {
      await expect.poll(() => call.locator('[data-remote-tile] video').count(), { timeout: budget(30_000) }).toBe(2);
    }
    await Promise.all(pages.map((page) => waitForMedia(page, 2, { audio: true })));
    await nurseCall.getByText('Noah Thibodeaux', { exact: true }).waitFor();
    await nurseCall.getByText(/^\d+:\d\d$/).waitFor();

    // The screenshots of the live call: this page's language, theme and viewport switch, the call stays.
    await lookAtCall(nursePage, 'call-video-light-en-desktop');
    await lookAtCall(doctorPage, 'call-video-dark-fr-desktop');
    await nursePage.setViewportSize(PHONE);
    await lookAtCall(nursePage, 'call-video-light-en-phone');
    await nursePage.setViewportSize(DESKTOP);

    // One screen at a time: the charge nurse shares; the others see it large, with frames on it.
    const before = await Promise.all([nursePage, doctorPage].map((page) => inbound(page)));
    await chargeCall.getByRole('button', { name: 'Share your screen' }).click();
    await chargeCall.getByText('You are sharing your screen').waitFor();
    for (const page of [nursePage, doctorPage]) {
      await page.locator(`[data-screen-tile="${chargeId}"][data-frames]`).waitFor({ timeout: budget(30_000) });
    }
    // The screen, not the camera: the fake camera is 4:3, the fake screen 16:9.
    for (const page of [nursePage, doctorPage]) {
      await expect
        .poll(
          () =>
            page.locator('[data-screen-tile] video').evaluate((v: HTMLVideoElement) => v.videoWidth / v.videoHeight),
          {
            timeout: budget(30_000),
          },
        )
        .toBeGreaterThan(1.7);
    }
    await nurseCall.getByText('Mason Arceneaux’s screen', { exact: true }).waitFor();
    await doctorCall.getByText('Écran de Mason Arceneaux', { exact: true }).waitFor();
    for (const [i, page] of [nursePage, doctorPage].entries()) {
      await waitForMedia(page, 2, { audio: false, over: before[i]!.map((p) => p.frames) });
    }
    const shared = await liveCalls(nursePage);
    expect(shared[0]?.participants.find((p) => p.fullName === 'Mason Arceneaux')).toMatchObject({
      status: 'accepted',
      screenShare: true,
    });
    // Everyone else is muted while someone shares: the microphone track itself is off.
    await nurseCall.getByText('Muted while Mason Arceneaux shares their screen').waitFor();
    await expect.poll(() => micOn(nursePage)).toEqual([false, false]);
    await expect.poll(() => micOn(chargePage)).toEqual([true, true]);

    // A second sharer is refused, in their language.
    await doctorCall.getByRole('button', { name: 'Partager votre écran' }).click();
    await doctorPage.getByText('Une seule personne à la fois peut partager son écran.').waitFor();
    await lookAtCall(doctorPage, 'call-screen-share-dark-fr-desktop');
    await dismissToasts(doctorPage);

    // The sharer may unmute others (and mute them again).
    await chargeCall.getByRole('button', { name: 'Unmute Amelia Broussard' }).click();
    await chargePage.getByText('You unmuted Amelia Broussard').waitFor();
    await expect.poll(() => micOn(nursePage)).toEqual([true, true]);
    await nurseCall.getByText('Muted while Mason Arceneaux shares their screen').waitFor({ state: 'detached' });
    await dismissToasts(chargePage);
    await lookAtCall(chargePage, 'call-screen-sharer-light-en-desktop');
    await lookAtCall(nursePage, 'call-screen-share-light-en-desktop');
    await nursePage.setViewportSize(PHONE);
    await lookAtCall(nursePage, 'call-screen-share-light-en-phone');
    await nursePage.setViewportSize(DESKTOP);
    await doctorPage.setViewportSize(PHONE);
    await lookAtCall(doctorPage, 'call-screen-share-dark-fr-phone');
    await doctorPage.setViewportSize(DESKTOP);

    // The nurse reads French in dark now: the same call, the other way round.
    await switchPreferences(nursePage, 'Wound review', 'Dark', 'Français');
    await nursePage.getByText('Écran de Mason Arceneaux', { exact: true }).waitFor();
    await lookAtCall(nursePage, 'call-screen-share-dark-fr-desktop-2');

    // The share stops: the screen tile goes, the camera comes back, everyone is heard again.
    await chargeCall.getByRole('button', { name: 'Stop sharing' }).click();
    for (const page of [nursePage, doctorPage]) {
      await page.locator('[data-screen-tile]').waitFor({ state: 'detached' });
    }
    await expect.poll(() => micOn(doctorPage)).toEqual([true, true]);
    const nurseFrench = nursePage.getByRole('region', { name: 'Appel' });
    await expect
      .poll(() => nurseFrench.locator('[data-remote-tile] video').count(), { timeout: budget(30_000) })
      .toBe(2);
    await lookAtCall(nursePage, 'call-video-dark-fr-desktop-2');
    await nursePage.setViewportSize(PHONE);
    await lookAtCall(nursePage, 'call-video-dark-fr-phone');
    await nursePage.setViewportSize(DESKTOP);

    await nurseFrench.getByRole('button', { name: 'Terminer pour tous' }).click();
    for (const page of pages) await page.locator('[data-call-active]').waitFor({ state: 'detached' });
    await callLine(chargePage, 'Mason Arceneaux started sharing their screen');
    await callLine(chargePage, 'Mason Arceneaux stopped sharing their screen');

    // A direct screen share from a chat: the doctor watches the nurse's screen on a single tile.
    await openRoom(nursePage, 'Noah Thibodeaux');
    await openRoom(doctorPage, 'Amelia Broussard');
    await nursePage.getByRole('button', { name: 'Lancer un partage d’écran' }).click();
    await doctorPage
      .getByRole('dialog', { name: 'Partage d’écran entrant: Amelia Broussard' })
      .getByRole('button', { name: 'Accepter' })
      .click();
    const watching = doctorPage.getByRole('region', { name: 'Appel' });
    const sharer = (await liveCalls(doctorPage))[0]?.participants[0];
    expect(sharer).toMatchObject({ fullName: 'Amelia Broussard', screenShare: true });
    await watching.locator('[data-screen-tile][data-frames]').waitFor({ timeout: budget(30_000) });
    await expect.poll(() => watching.locator('[data-screen-tile]').count()).toBe(1);
    await expect.poll(() => watching.locator('[data-remote-tile]').count()).toBe(0);
    await waitForMedia(doctorPage, 1, { audio: false });
    await nursePage.getByRole('region', { name: 'Appel' }).getByText('Vous partagez votre écran').waitFor();
    await lookAtCall(doctorPage, 'direct-share-dark-fr-desktop');
    await lookAtCall(nursePage, 'direct-sharer-dark-fr-desktop');
    await doctorPage.setViewportSize(PHONE);
    await lookAtCall(doctorPage, 'direct-share-dark-fr-phone');

    // The sharer stops: the share ends for the watcher too, and the room keeps it.
    await nursePage.getByRole('region', { name: 'Appel' }).getByRole('button', { name: 'Arrêter le partage' }).click();
    await watching.waitFor({ state: 'detached' });
    await log(doctorPage)
      .getByText(/^Partage d’écran terminé · \d+:\d\d$/)
      .waitFor();
    expect(errors.flatMap((e) => e())).toEqual([]);
  });
});
