import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap } from '../support/browser';
import { budget } from '../support/budget';
import { callPage } from '../support/call-pages';
import { inboundAudio, selectedPairs, waitForAudio } from '../support/call-stats';
import { startJourneyCoturn } from '../support/coturn';
import { demo } from '../support/demo';
import { directChat, useCallJourney } from '../support/pages/call';
import { openRoom } from '../support/pages/room';

/**
 * A voice call whose media can only go through TURN (issue 9): both pages force iceTransportPolicy 'relay', so
 * the only candidates are relays on a real coturn (started here on 127.0.0.1 with a random use-auth-secret),
 * reached with the credentials GET /twilio/video-token hands out. Audio flows both ways, and the pair ICE
 * selected on each end is relay to relay: this is what a phone on cellular or a guest Wi-Fi gets.
 */

// coturn is up before the server reads TURN_* at start-up, and stops after the server.
const {
  env: turnEnv,
  server,
  browser,
} = useCallJourney(async () => {
  const { coturn, env } = await startJourneyCoturn();
  return { env, stop: () => coturn.stop() };
});

/** Polls until ICE has selected a pair on every peer connection of the page, then returns them. */
async function waitForPairs(page: Page): Promise<Awaited<ReturnType<typeof selectedPairs>>> {
  const deadline = Date.now() + budget(30_000);
  for (;;) {
    const pairs = await selectedPairs(page);
    if (pairs.length > 0) return pairs;
    if (Date.now() > deadline) throw new Error('ICE selected no candidate pair');
    await page.waitForTimeout(250);
  }
}

describe('calls through TURN', () => {
  it('carries a voice call over coturn relays when nothing else is allowed', async () => {
    expect(turnEnv.TURN_URLS).toMatch(/^turn:127\.0\.0\.1:\d+\?transport=udp$/);
    const nurseEmail = demo('amelia.broussard');
    const doctorEmail = demo('noah.thibodeaux');
    await directChat(server(), nurseEmail, doctorEmail);

    const nurseIn = await callPage(browser(), server().url, nurseEmail, { relayOnly: true });
    const doctorIn = await callPage(browser(), server().url, doctorEmail, { colorScheme: 'dark', relayOnly: true });
    const [nursePage, doctorPage] = [nurseIn.page, doctorIn.page];
    const errors = [nurseIn.errors, doctorIn.errors];

    await openRoom(nursePage, 'Noah Thibodeaux');
    await nursePage.getByRole('button', { name: 'Start a voice call' }).click();
    const ringing = doctorPage.getByRole('dialog', { name: 'Appel vocal entrant: Amelia Broussard' });
    await ringing.getByRole('button', { name: 'Accepter' }).click();
    await doctorPage.getByRole('region', { name: 'Appel' }).waitFor();

    // Audio both ways, and still flowing a second later.
    await Promise.all([waitForAudio(nursePage, 0), waitForAudio(doctorPage, 0)]);
    for (const page of [nursePage, doctorPage]) {
      const before = await inboundAudio(page);
      await waitForAudio(page, before.bytes);
    }

    // The pair ICE chose is a coturn relay on both ends, at coturn's address.
    for (const page of [nursePage, doctorPage]) {
      const pairs = await waitForPairs(page);
      expect(pairs).toHaveLength(1);
      expect(pairs[0]).toMatchObject({
        local: { candidateType: 'relay', address: '127.0.0.1', relayProtocol: 'udp' },
        remote: { candidateType: 'relay', address: '127.0.0.1' },
      });
    }
    await snap(nursePage, 'call-relay-light-en');

    const call = nursePage.getByRole('region', { name: 'Call' });
    await call.getByRole('button', { name: 'Leave call' }).click();
    await call.waitFor({ state: 'detached' });
    await doctorPage.getByRole('region', { name: 'Appel' }).waitFor({ state: 'detached' });
    expect(errors.flatMap((e) => e())).toEqual([]);
  });
});
