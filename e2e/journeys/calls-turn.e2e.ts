import type { Coturn } from '@rounds/test-kit/coturn';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api';
import { snap } from '../support/browser';
import { budget } from '../support/budget';
import { callPage } from '../support/call-pages';
import { CALL_BROWSER_ARGS, inboundAudio, selectedPairs, waitForAudio } from '../support/call-stats';
import { startJourneyCoturn } from '../support/coturn';
import { demo, demoApi } from '../support/demo';
import { useDemoJourney } from '../support/journey';
import { useMediaLane } from '../support/media-lane';
import { openRoom } from '../support/pages/room';
import type { RunningServer } from '../support/server';

/**
 * A voice call whose media can only go through TURN (issue 9): both pages force iceTransportPolicy 'relay', so
 * the only candidates are relays on a real coturn (started here on 127.0.0.1 with a random use-auth-secret),
 * reached with the credentials GET /twilio/video-token hands out. Audio flows both ways, and the pair ICE
 * selected on each end is relay to relay: this is what a phone on cellular or a guest Wi-Fi gets.
 */

let coturn: Coturn | undefined;
const turnEnv: Record<string, string> = {};
// Several browsers with live media: one call journey at a time (support/media-lane.ts).
useMediaLane();

// Registered before the journey's own hooks: coturn is up before the server reads TURN_* at start-up, and
// stops after the server (after-hooks run in reverse).
beforeAll(async () => {
  const started = await startJourneyCoturn();
  coturn = started.coturn;
  Object.assign(turnEnv, started.env);
});
afterAll(async () => {
  await coturn?.stop();
});

let server: RunningServer;
let browser: Browser;
const { apiSession, logout, setPreferences } = demoApi(() => server);
useDemoJourney(
  turnEnv,
  (s, b) => {
    server = s;
    browser = b;
  },
  CALL_BROWSER_ARGS,
);

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
    await setPreferences(nurseEmail, 'en', 'light');
    await setPreferences(doctorEmail, 'fr', 'dark');
    const nurse = await apiSession(nurseEmail);
    const doctor = await apiSession(doctorEmail);
    const room = await api(server, 'POST', '/chat-room', { type: 'direct', participants: [doctor.id] }, nurse.token);
    expect(room.status).toBe(200);
    await logout(nurse);
    await logout(doctor);

    const nurseIn = await callPage(browser, server.url, nurseEmail, { relayOnly: true });
    const doctorIn = await callPage(browser, server.url, doctorEmail, { colorScheme: 'dark', relayOnly: true });
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
