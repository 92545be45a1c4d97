import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { artifact, snap } from '../support/browser';
import { budget } from '../support/budget';
import { callPage } from '../support/call-pages';
import { inboundAudio, waitForAudio } from '../support/call-stats';
import { demo } from '../support/demo';
import { directRoom } from '../support/direct-room';
import { connectedSocket } from '../support/live-socket';
import { directChat, groupOfThree, useCallJourney } from '../support/pages/call';
import { callLine, log, openRoom, roomRow } from '../support/pages/room';

/**
 * A voice call through the mesh (issue 9): a nurse calls a physician from their chat, the physician's screen
 * rings, they answer, audio flows both ways (bytes and audio level rising in getStats), the nurse hangs up and
 * the room keeps the record. Chromium's fake devices stand in for the microphone; media stays on loopback.
 */

const { server, browser, apiSession, apiGroup, logout, setPreferences } = useCallJourney();

describe('calls', () => {
  it('rings the physician, carries audio both ways, and leaves the call in the room’s history', async () => {
    const nurseEmail = demo('amelia.broussard');
    const doctorEmail = demo('noah.thibodeaux');
    await directChat(server(), nurseEmail, doctorEmail);

    const nurseIn = await callPage(browser(), server().url, nurseEmail);
    const doctorIn = await callPage(browser(), server().url, doctorEmail, { colorScheme: 'dark' });
    const [nursePage, doctorPage] = [nurseIn.page, doctorIn.page];
    const errors = [nurseIn.errors, doctorIn.errors];

    await openRoom(nursePage, 'Noah Thibodeaux');
    await nursePage.getByRole('button', { name: 'Start a voice call' }).click();
    await nursePage.getByRole('region', { name: 'Call' }).getByText('Calling…').waitFor();

    // The physician is on Recent in French: the ringing card comes over it.
    const ringing = doctorPage.getByRole('dialog', { name: 'Appel vocal entrant: Amelia Broussard' });
    await ringing.waitFor();
    await snap(doctorPage, 'call-ringing-dark-fr');
    await ringing.getByRole('button', { name: 'Accepter' }).click();
    await doctorPage.getByRole('region', { name: 'Appel' }).waitFor();
    await ringing.waitFor({ state: 'detached' });

    // Audio flows both ways: bytes and level rise on each side.
    await Promise.all([waitForAudio(nursePage, 0), waitForAudio(doctorPage, 0)]);
    const before = await inboundAudio(nursePage);
    await expect.poll(async () => (await inboundAudio(nursePage)).bytes).toBeGreaterThan(before.bytes);
    const call = nursePage.getByRole('region', { name: 'Call' });
    // mm:ss (a call under an hour), however long the machine takes to get here.
    await call.getByText(/^\d\d:\d\d$/).waitFor();
    await snap(nursePage, 'call-active-light-en');
    await snap(doctorPage, 'call-active-dark-fr');

    await call.getByRole('button', { name: 'Leave call' }).click();
    await call.waitFor({ state: 'detached' });
    await doctorPage.getByRole('region', { name: 'Appel' }).waitFor({ state: 'detached' });
    await log(nursePage)
      .getByText(/^Voice call ended · \d+:\d\d$/)
      .waitFor();
    await callLine(nursePage, 'Noah Thibodeaux answered the voice call');
    await snap(nursePage, 'call-ended-light-en');
    expect(errors.flatMap((e) => e())).toEqual([]);
  });

  it('answers an Accept pressed before the tab’s connection is up, as soon as it is', async () => {
    // The ring can come from the first read of live calls, before a tab just signed in has its socket: the
    // physician on nights signs in while the nurse calls him, and his socket is held back until he has pressed
    // Accept. The press waits (a spinner on the button) and goes through once the socket is up. His phone is
    // online meanwhile: a call rings only someone connected (issue 28), and it rings his phone and the new tab.
    const nurseEmail = demo('amelia.broussard');
    const nightEmail = demo('lucas.fontenot');
    await directChat(server(), nurseEmail, nightEmail);
    const phone = await apiSession(nightEmail);
    const phoneSocket = await connectedSocket(server(), phone.token);

    const nurseIn = await callPage(browser(), server().url, nurseEmail);
    const nursePage = nurseIn.page;
    await openRoom(nursePage, 'Lucas Fontenot');
    await nursePage.getByRole('button', { name: 'Start a voice call' }).click();
    await nursePage.getByRole('region', { name: 'Call' }).getByText('Calling…').waitFor();

    let letThrough = () => {};
    const held = new Promise<void>((resolve) => {
      letThrough = resolve;
    });
    const nightIn = await callPage(browser(), server().url, nightEmail, {
      colorScheme: 'dark',
      untilConnected: false,
      prepare: (page) =>
        page.routeWebSocket(/\/server\/socket\.io\//, async (ws) => {
          await held;
          ws.connectToServer();
        }),
    });
    const nightPage = nightIn.page;
    const ringing = nightPage.getByRole('dialog', { name: 'Appel vocal entrant: Amelia Broussard' });
    const accept = ringing.getByRole('button', { name: 'Accepter', exact: true });
    await accept.click();
    await expect.poll(() => accept.getAttribute('data-loading')).not.toBeNull();
    // Both themes while it waits (the wait is short: no axe audit here, the card is audited above).
    const scheme = (value: string) =>
      nightPage.evaluate((v) => document.documentElement.setAttribute('data-mantine-color-scheme', v), value);
    await nightPage.screenshot({ path: artifact('call-accept-waiting-dark-fr.png') });
    await scheme('light');
    await nightPage.screenshot({ path: artifact('call-accept-waiting-light-fr.png') });
    await scheme('dark');
    letThrough();

    await nightPage.getByRole('region', { name: 'Appel' }).waitFor();
    await ringing.waitFor({ state: 'detached' });
    await Promise.all([waitForAudio(nursePage, 0), waitForAudio(nightPage, 0)]);
    // Nothing was refused on the way (a refusal would show as a toast and an error in the console).
    expect(await nightPage.getByRole('alert').count()).toBe(0);
    const call = nursePage.getByRole('region', { name: 'Call' });
    await call.getByRole('button', { name: 'Leave call' }).click();
    await nightPage.getByRole('region', { name: 'Appel' }).waitFor({ state: 'detached' });
    phoneSocket.close();
    expect([...nurseIn.errors(), ...nightIn.errors()]).toEqual([]);
  });

  it('lets a member who declined join a group call from the call bar; the initiator ends it for all', async () => {
    const { pages, errors } = await groupOfThree(browser(), server(), 'Bed 7 review');
    const [nursePage, doctorPage, chargePage] = pages;
    await nursePage.getByRole('button', { name: 'Start a voice call' }).click();
    const ringFor = (page: Page) => page.getByRole('dialog', { name: 'Incoming voice call: Amelia Broussard' });
    await ringFor(doctorPage).getByRole('button', { name: 'Decline' }).click();
    await ringFor(chargePage).getByRole('button', { name: 'Accept' }).click();
    await chargePage.getByRole('region', { name: 'Call' }).waitFor();

    // The physician who declined sees the call going on in the room, and joins it.
    const bar = doctorPage.getByRole('status', { name: 'Call in progress' });
    await bar.getByText(/^Call in progress with /).waitFor();
    await snap(doctorPage, 'call-bar-light-en');
    await bar.getByRole('button', { name: 'Join', exact: true }).click();
    await doctorPage.getByRole('region', { name: 'Call' }).waitFor();
    // Three people, each hearing the two others (a mesh: two peer connections each).
    const nurseCall = nursePage.getByRole('region', { name: 'Call' });
    await expect.poll(() => nurseCall.locator('[data-remote-tile]').count(), { timeout: budget(15_000) }).toBe(2);
    await Promise.all(pages.map((page) => waitForAudio(page, 0)));

    await nurseCall.getByRole('button', { name: 'End for all' }).click();
    for (const page of pages) await page.getByRole('region', { name: 'Call' }).waitFor({ state: 'detached' });
    await log(chargePage)
      .getByText(/^Voice call ended · \d+:\d\d$/)
      .waitFor();
    await callLine(chargePage, 'Noah Thibodeaux joined the voice call');
    expect(errors.flatMap((e) => e())).toEqual([]);
  });

  it('ends a two-person call 2 s into a network outage, and keeps a group call through a short one', async () => {
    // Mason is called directly (a room no other journey of this file calls in), then all three in a group.
    const emails = [demo('amelia.broussard'), demo('mason.arceneaux'), demo('noah.thibodeaux')];
    for (const email of emails) await setPreferences(email, 'en', 'light');
    const nurse = await apiSession(emails[0]!);
    const doctor = await apiSession(emails[1]!);
    await directRoom(server(), nurse, doctor.id);
    await apiGroup(nurse, 'Night handover', ['Noah Thibodeaux', 'Mason Arceneaux']);
    await logout(nurse);
    await logout(doctor);
    const pages: Page[] = [];
    for (const email of emails) pages.push((await callPage(browser(), server().url, email)).page);
    const contexts = pages.map((page) => page.context());
    const [nursePage, doctorPage, chargePage] = pages as [Page, Page, Page];
    const callOf = (page: Page) => page.getByRole('region', { name: 'Call' });
    const accept = (page: Page) =>
      page
        .getByRole('dialog', { name: 'Incoming voice call: Amelia Broussard' })
        .getByRole('button', { name: 'Accept' })
        .click();

    // Two people: the physician's network drops. After 2 s the call is gone from their screen, still offline.
    await openRoom(nursePage, 'Mason Arceneaux');
    await nursePage.getByRole('button', { name: 'Start a voice call' }).click();
    await accept(doctorPage);
    await Promise.all([waitForAudio(nursePage, 0), waitForAudio(doctorPage, 0)]);
    await contexts[1]!.setOffline(true);
    await doctorPage.getByRole('alertdialog', { name: 'Connection Lost' }).waitFor();
    await callOf(doctorPage).waitFor({ state: 'detached', timeout: 6_000 });
    // The nurse is told once the server gives up on them (10 s without a socket), or at once on their return.
    await contexts[1]!.setOffline(false);
    await callOf(nursePage).waitFor({ state: 'detached', timeout: 20_000 });
    await log(nursePage)
      .getByText(/^Voice call ended · \d+:\d\d$/)
      .waitFor();
    // Back online, the physician's screen does not bring the ended call back.
    await doctorPage.getByRole('alertdialog', { name: 'Connection Lost' }).waitFor({ state: 'detached' });
    await doctorPage.waitForTimeout(1_500);
    expect(await callOf(doctorPage).count()).toBe(0);

    // Three people: the charge nurse drops for 3 s and is still in the call afterwards, hearing both others.
    for (const page of pages) await roomRow(page, 'Night handover').click();
    await nursePage.getByRole('button', { name: 'Start a voice call' }).click();
    await accept(doctorPage);
    await accept(chargePage);
    await expect
      .poll(() => callOf(nursePage).locator('[data-remote-tile]').count(), { timeout: budget(15_000) })
      .toBe(2);
    // The charge nurse hears the call before her network drops (as in the two-person case above).
    await waitForAudio(chargePage, 0);
    await contexts[2]!.setOffline(true);
    await chargePage.getByRole('alertdialog', { name: 'Connection Lost' }).waitFor();
    await chargePage.waitForTimeout(3_000);
    expect(await callOf(chargePage).count()).toBe(1);
    await contexts[2]!.setOffline(false);
    await chargePage.getByRole('alertdialog', { name: 'Connection Lost' }).waitFor({ state: 'detached' });
    await chargePage.waitForTimeout(1_000);
    await callOf(chargePage).waitFor();
    const heard = await inboundAudio(chargePage);
    await waitForAudio(chargePage, heard.bytes);
    await expect
      .poll(() => callOf(chargePage).locator('[data-remote-tile]').count(), { timeout: budget(15_000) })
      .toBe(2);
    await callOf(nursePage).getByRole('button', { name: 'End for all' }).click();
    for (const page of pages) await callOf(page).waitFor({ state: 'detached' });
  });
});
