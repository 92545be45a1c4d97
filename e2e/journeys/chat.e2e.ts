import { CHAT_TEXTS } from '@rounds/contracts/chat';
import type { Browser, BrowserContext, WebSocketRoute } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/api';
import { dismissToasts, openContext, openWatchedPage } from '../support/app';
import { newContext, snap, watchErrors } from '../support/browser';
import { budget } from '../support/budget';
import { demo, demoApi } from '../support/demo';
import { useDemoJourney } from '../support/journey';
import { loginUi } from '../support/login-ui';
import { eachLook } from '../support/pages/looks';
import { bubble, composer, log, openDirect, ROOM_PATH, roomRow, roomTitle, send } from '../support/pages/room';
import { demoTabs } from '../support/pages/sign-in';
import type { RunningServer } from '../support/server';

/**
 * Conversations against the demo hospital (SEED_DEMO): two people in two browsers talk in real time (typing,
 * the Recent badge, seen by, copy, delete), one of them loses the network and gets exactly what was sent
 * meanwhile, an owner deletes a group that the others keep archived, and how it all looks in both themes and
 * languages on a desktop and a phone. Each journey signs in its own demo users, since a second sign-in of the
 * same user ends the first session.
 */

let server: RunningServer;
let browser: Browser;
const { ownedGroup, setPreferences } = demoApi(() => server);
useDemoJourney({}, (s, b) => {
  server = s;
  browser = b;
});
const { open, signIn } = demoTabs(() => ({ server, browser }));

/** The demo staff have varied languages: the functional journeys read English. */
async function english(...names: string[]): Promise<void> {
  for (const name of names) await setPreferences(demo(name), 'en', 'light');
}

describe('chat', () => {
  it('two people talk in real time: both ways, typing, the Recent badge, seen by, copy and delete', async () => {
    await english('olivia.landry', 'liam.hebert');
    const [{ context: contextA, page: pageA, errors: errorsA }, { page: pageB, errors: errorsB }] = await Promise.all([
      open(),
      open(),
    ]);
    await contextA.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await loginUi(pageA, demo('olivia.landry'), DEMO_PASSWORD);
    await loginUi(pageB, demo('liam.hebert'), DEMO_PASSWORD);
    // Liam is on Contacts, not looking at Recent.
    await pageB.getByRole('link', { name: 'Contacts' }).first().click();
    await pageB.waitForURL((url) => url.pathname === '/contacts');

    await openDirect(pageA, 'Liam Hebert');
    await pageA.getByText('No messages yet. Write the first one below.').waitFor();
    const send1 = pageA.getByRole('button', { name: 'Send' });
    await expect(send1.isDisabled()).resolves.toBe(true);
    await composer(pageA).fill('   ');
    await expect(send1.isDisabled()).resolves.toBe(true);
    await send(pageA, 'Bed 12 is asking for pain relief again, can you review?');

    // The Recent badge counts the room with news; opening Recent resets it.
    const badge = pageB.getByRole('status', { name: 'Conversations with new messages: 1' });
    await badge.waitFor();
    await pageB.locator('a.nav-item[href="/"]').click();
    await pageB.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => badge.count()).toBe(0);
    const row = roomRow(pageB, 'Olivia Landry');
    // The last message, cut at 40 characters.
    await expect.poll(() => row.textContent()).toContain('Bed 12 is asking for pain relief again,…');
    await expect(row.getAttribute('data-unread')).resolves.not.toBeNull();
    await pageB.getByRole('button', { name: /1 unread message/ }).waitFor();
    await pageB.getByText('Today', { exact: true }).first().waitFor();
    await snap(pageB, 'chat-unread-light-en');

    // Opening the room reads it.
    await row.click();
    await roomTitle(pageB, 'Olivia Landry').waitFor();
    await bubble(pageB, 'Bed 12 is asking for pain relief').waitFor();
    await expect.poll(() => row.getAttribute('data-unread')).toBeNull();

    // Typing shows on the other side, and goes when the message arrives.
    await composer(pageB).pressSequentially('On my w', { delay: 40 });
    const typing = pageA.getByText('Liam Hebert is typing…');
    await typing.waitFor();
    await snap(pageA, 'chat-typing-light-en');
    await composer(pageB).fill('On my way, 5 minutes. Please check her last dose time.');
    await composer(pageB).press('Enter');
    await bubble(pageA, 'On my way, 5 minutes.').waitFor();
    await expect.poll(() => typing.count()).toBe(0);
    await expect(composer(pageB).inputValue()).resolves.toBe('');

    // Shift+Enter is a new line, not a send.
    await composer(pageA).fill('Last dose 01:10.');
    await composer(pageA).press('Shift+Enter');
    await composer(pageA).pressSequentially('Pain 7/10.');
    await expect(composer(pageA).inputValue()).resolves.toBe('Last dose 01:10.\nPain 7/10.');
    await composer(pageA).press('Enter');
    await bubble(pageB, 'Pain 7/10.').waitFor();

    // Seen by: Liam, who has the room open, read it; the list updates by itself.
    await bubble(pageA, 'Bed 12 is asking').click();
    const actions = pageA.getByRole('toolbar', { name: 'Message actions' });
    await actions.getByRole('button', { name: 'Seen by' }).click();
    const seen = pageA.getByRole('dialog', { name: 'Seen by' });
    await seen.getByText('Liam Hebert').waitFor();
    await snap(pageA, 'chat-seen-by-light-en');
    await pageA.keyboard.press('Escape');
    await seen.waitFor({ state: 'detached' });

    // Copy puts the text on the clipboard; Escape closes the action bar.
    await actions.getByRole('button', { name: 'Copy' }).click();
    await pageA.getByText('Message copied to the clipboard.').waitFor();
    await expect(pageA.evaluate(() => navigator.clipboard.readText())).resolves.toBe(
      'Bed 12 is asking for pain relief again, can you review?',
    );
    await pageA.keyboard.press('Escape');
    await actions.waitFor({ state: 'detached' });
    // Another's message offers no delete and no seen by.
    await bubble(pageA, 'On my way').click();
    await actions.getByRole('button', { name: 'Copy' }).waitFor();
    await expect(actions.getByRole('button', { name: 'Delete' }).count()).resolves.toBe(0);
    await expect(actions.getByRole('button', { name: 'Seen by' }).count()).resolves.toBe(0);
    await pageA.keyboard.press('Escape');

    // A message deleted by its sender vanishes for the other at once.
    await send(pageA, 'Wrong patient, please ignore');
    await bubble(pageB, 'Wrong patient').waitFor();
    await bubble(pageA, 'Wrong patient').click();
    await actions.getByRole('button', { name: 'Delete' }).click();
    const confirm = pageA.getByRole('dialog', { name: 'Delete message?' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await pageA.getByText('Message deleted.').waitFor();
    await expect.poll(() => bubble(pageB, 'Wrong patient').count()).toBe(0);
    await expect.poll(() => bubble(pageA, 'Wrong patient').count()).toBe(0);
    await dismissToasts(pageA);
    await snap(pageA, 'chat-conversation-light-en');

    // Both sides hold each message exactly once.
    for (const page of [pageA, pageB]) {
      await expect(bubble(page, 'Bed 12 is asking').count()).resolves.toBe(1);
      await expect(bubble(page, 'On my way').count()).resolves.toBe(1);
      await expect(bubble(page, 'Pain 7/10.').count()).resolves.toBe(1);
    }
    expect(errorsA()).toEqual([]);
    expect(errorsB()).toEqual([]);
  });

  it('gives a conversation its own address: reload, Back, sign-in on the way, and a room one cannot see', async () => {
    await english('olivia.landry', 'liam.hebert');
    const { page, errors } = await openWatchedPage(browser, { baseURL: server.url });
    await loginUi(page, demo('olivia.landry'), DEMO_PASSWORD);
    await openDirect(page, 'Liam Hebert');
    await send(page, 'Handover: bed 3 needs a repeat potassium at 06:00.');
    const address = new URL(page.url()).pathname;
    expect(address).toMatch(ROOM_PATH);

    // A reload keeps the room open.
    await page.reload();
    await roomTitle(page, 'Liam Hebert').waitFor();
    expect(new URL(page.url()).pathname).toBe(address);

    // Picked from the list it is a new history entry: Back returns to the list, Forward to the room.
    await page.locator('a.nav-item[href="/"]').click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('No conversation open').waitFor();
    await roomRow(page, 'Liam Hebert').click();
    await page.waitForURL((url) => url.pathname === address);
    // Recent stays the current navigation entry while a room is open.
    await expect(page.locator('a.nav-item[href="/"]').getAttribute('aria-current')).resolves.toBe('page');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('No conversation open').waitFor();
    await page.goForward();
    await roomTitle(page, 'Liam Hebert').waitFor();

    // A room one is not in, or an address that names no room: the unavailable state, no error toast.
    await page.goto('/chat/0123456789abcdef01234567');
    await page.getByText('This conversation is no longer available.').waitFor();
    await page.goto('/chat/not-a-room');
    await page.getByText('This conversation is no longer available.').waitFor();
    await expect(page.locator('.mantine-Notification-root').count()).resolves.toBe(0);

    // "Send me the link": signed out, the address leads through the login page to the room.
    const { page: next, errors: nextErrors } = await openWatchedPage(browser, { baseURL: server.url });
    await next.goto(address);
    await next.waitForURL((url) => url.pathname === '/login');
    await next.getByLabel('Email').fill(demo('liam.hebert'));
    await next.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await next.getByRole('button', { name: 'Log in', exact: true }).click();
    await roomTitle(next, 'Olivia Landry').waitFor();
    await bubble(next, 'Handover: bed 3').waitFor();
    expect(new URL(next.url()).pathname).toBe(address);
    expect(errors()).toEqual([]);
    expect(nextErrors()).toEqual([]);
  });

  it('gets exactly once what was sent while offline, and sends what was written meanwhile', async () => {
    await english('noah.thibodeaux', 'emma.guidry');
    const [contextA, contextB] = await Promise.all([
      openContext(browser, { baseURL: server.url }),
      openContext(browser, { baseURL: server.url }),
    ]);
    const network = await cuttableSocket(contextB);
    const [pageA, pageB] = await Promise.all([contextA.newPage(), contextB.newPage()]);
    const errorsA = watchErrors(pageA);
    const errorsB = watchErrors(pageB);
    await loginUi(pageA, demo('noah.thibodeaux'), DEMO_PASSWORD);
    await loginUi(pageB, demo('emma.guidry'), DEMO_PASSWORD);

    await openDirect(pageA, 'Emma Guidry');
    await send(pageA, 'Before the outage: bed 3 is stable.');
    await roomRow(pageB, 'Noah Thibodeaux').click();
    await bubble(pageB, 'Before the outage').waitFor();

    // Emma's network goes; the app says so.
    await network.cut();
    await pageB.getByText('Connection Lost').waitFor();
    for (const n of [1, 2, 3]) await send(pageA, `During the outage ${n}: bed ${n + 3} needs a check.`);
    // What Emma writes meanwhile waits, shown as sending (the composer keeps the focus under the overlay).
    await composer(pageB).pressSequentially('Written offline: on my way to bed 4.');
    await composer(pageB).press('Enter');
    await log(pageB).getByText('Sending…').waitFor();
    await snap(pageB, 'chat-offline-light-en');
    await pageB.waitForTimeout(1_500);
    await expect(bubble(pageB, 'During the outage').count()).resolves.toBe(0);

    await network.restore();
    for (const n of [1, 2, 3]) await bubble(pageB, `During the outage ${n}:`).waitFor({ timeout: budget(20_000) });
    await bubble(pageB, 'Written offline').waitFor({ timeout: budget(20_000) });
    await bubble(pageA, 'Written offline').waitFor({ timeout: budget(20_000) });
    // A moment for any late duplicate (the socket and the catch-up both deliver): there is none.
    await pageB.waitForTimeout(1_500);
    for (const page of [pageA, pageB]) {
      for (const n of [1, 2, 3]) await expect(bubble(page, `During the outage ${n}:`).count()).resolves.toBe(1);
      await expect(bubble(page, 'Written offline').count()).resolves.toBe(1);
      await expect(bubble(page, 'Before the outage').count()).resolves.toBe(1);
    }
    await expect(log(pageB).getByText('Sending…').count()).resolves.toBe(0);
    // In the order they were sent.
    const texts = await log(pageB).locator('button[data-message-id]').allInnerTexts();
    const order = ['Before the outage', 'During the outage 1', 'During the outage 2', 'During the outage 3'].map(
      (start) => texts.findIndex((text) => text.includes(start)),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
    await snap(pageB, 'chat-after-outage-light-en');
    expect(errorsA()).toEqual([]);
    // The browser reports the failed reconnection attempts while offline; nothing else.
    expect(errorsB().filter((error) => !error.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
  });

  it('shows a refused message on its bubble and in a toast, and sends it on Retry with the same id', async () => {
    await english('mason.arceneaux', 'isabella.johnson');
    const [contextA, contextB] = await Promise.all([
      openContext(browser, { baseURL: server.url }),
      openContext(browser, { baseURL: server.url }),
    ]);
    const refusal = await refusingSocket(contextA);
    const [pageA, pageB] = await Promise.all([contextA.newPage(), contextB.newPage()]);
    const errorsA = watchErrors(pageA);
    const errorsB = watchErrors(pageB);
    await loginUi(pageB, demo('isabella.johnson'), DEMO_PASSWORD);
    await loginUi(pageA, demo('mason.arceneaux'), DEMO_PASSWORD);
    await openDirect(pageA, 'Isabella Johnson');

    refusal.refuse = true;
    await composer(pageA).fill('Bed 7 family meeting moved to 10:00.');
    await composer(pageA).press('Enter');
    const failed = log(pageA).getByRole('alert');
    await failed.getByText(CHAT_TEXTS.conversationUnavailable).waitFor();
    await pageA.locator('.mantine-Notification-root').getByText(CHAT_TEXTS.conversationUnavailable).waitFor();
    await log(pageA).getByText('Not sent').waitFor();
    await pageA.waitForTimeout(400); // the bubble's colour and the toast's slide settle
    await snap(pageA, 'chat-refused-light-en');

    refusal.refuse = false;
    await failed.getByRole('button', { name: 'Retry' }).click();
    await bubble(pageA, 'Bed 7 family meeting').waitFor();
    await expect.poll(() => log(pageA).getByText('Not sent').count()).toBe(0);
    await roomRow(pageB, 'Mason Arceneaux').click();
    await bubble(pageB, 'Bed 7 family meeting').waitFor();
    await expect(bubble(pageB, 'Bed 7 family meeting').count()).resolves.toBe(1);
    // The retry carried the first attempt's client id.
    expect(new Set(refusal.clientIds).size).toBe(1);
    expect(refusal.clientIds.length).toBeGreaterThanOrEqual(2);
    expect(errorsA()).toEqual([]);
    expect(errorsB()).toEqual([]);
  });

  it('lets the owner run the group, and keeps it archived and read-only for the others once deleted', async () => {
    await english('amelia.broussard', 'lucas.fontenot');
    await ownedGroup(demo('amelia.broussard'), 'Cardiac step-down', ['Lucas Fontenot', 'Ava Boudreaux']);
    const [{ page: pageA, errors: errorsA }, { page: pageB, errors: errorsB }] = await Promise.all([open(), open()]);
    await loginUi(pageA, demo('amelia.broussard'), DEMO_PASSWORD);
    await loginUi(pageB, demo('lucas.fontenot'), DEMO_PASSWORD);

    await roomRow(pageB, 'Cardiac step-down').click();
    await log(pageB).getByText('Amelia Broussard created the group “Cardiac step-down”').waitFor();
    // A member may leave but not delete or edit.
    await pageB.getByRole('button', { name: 'More actions' }).click();
    await pageB.getByRole('menuitem', { name: 'Leave group' }).waitFor();
    await expect(pageB.getByRole('menuitem', { name: 'Delete group' }).count()).resolves.toBe(0);
    await expect(pageB.getByRole('menuitem', { name: 'Edit group' }).count()).resolves.toBe(0);
    await pageB.keyboard.press('Escape');

    await roomRow(pageA, 'Cardiac step-down').click();
    await send(pageA, 'Handover at 07:00 in the family room.');
    await bubble(pageB, 'Handover at 07:00').waitFor();
    // Lucas has the room open: it does not count as unread for him.
    await expect(roomRow(pageB, 'Cardiac step-down').getAttribute('data-unread')).resolves.toBeNull();
    // In a group, others' messages carry the author's name.
    await log(pageB).getByText('Amelia Broussard', { exact: true }).waitFor();

    // The members, owner first, with their status; the owner may remove the others.
    await pageA.getByRole('button', { name: /^Show members/ }).click();
    const members = pageA.getByRole('dialog', { name: 'Members of Cardiac step-down' });
    await members.getByText('3 members').waitFor();
    await members.getByText('Owner').waitFor();
    await members.getByRole('button', { name: 'Remove Lucas Fontenot from the group' }).waitFor();
    await snap(pageA, 'chat-members-light-en');
    // Removing takes a second click to confirm.
    await members.getByRole('button', { name: 'Remove Ava Boudreaux from the group' }).click();
    await members.getByRole('button', { name: 'Confirm removing Ava Boudreaux from the group' }).click();
    await pageA.getByText('Ava Boudreaux was removed from the group.').waitFor();
    await members.getByText('2 members').waitFor();
    await expect(members.getByText('Ava Boudreaux').count()).resolves.toBe(0);
    await pageA.keyboard.press('Escape');
    await log(pageB).getByText('Amelia Broussard removed Ava Boudreaux').waitFor();
    await pageB.getByRole('button', { name: /^Show members: 2 members/ }).waitFor();

    // Favorite and mute are toggles that stick.
    await pageA.getByRole('button', { name: 'Add to favorites' }).click();
    await pageA.getByRole('button', { name: 'Remove from favorites' }).waitFor();
    await pageA.getByRole('navigation', { name: 'Conversations' }).getByText('Favorites').waitFor();
    await pageA.getByRole('button', { name: 'Mute notifications' }).click();
    await pageA.getByRole('button', { name: 'Unmute notifications' }).waitFor();
    // The list says so too: the muted mark, and the last message a person wrote (issue 28: the removal's line
    // comes after it, and a room line does not bury what a person wrote).
    await pageA.getByRole('button', { name: /^Cardiac step-down.*You: Handover at 07:00.*, Muted$/ }).waitFor();

    // The owner deletes it: gone for her, archived and read-only for Lucas.
    await pageA.getByRole('button', { name: 'More actions' }).click();
    await pageA.getByRole('menuitem', { name: 'Delete group' }).click();
    const confirm = pageA.getByRole('dialog', { name: 'Delete group?' });
    await confirm.getByRole('button', { name: 'Delete group' }).click();
    await pageA.getByText('You have successfully removed Cardiac step-down').waitFor();
    await expect.poll(() => roomRow(pageA, 'Cardiac step-down').count()).toBe(0);
    await pageA.getByText('No conversation open').waitFor();

    await pageB.getByText('Archived by Amelia Broussard.', { exact: false }).first().waitFor();
    await expect.poll(() => composer(pageB).count()).toBe(0);
    await bubble(pageB, 'Handover at 07:00').waitFor();
    await snap(pageB, 'chat-archived-light-en');

    // Lucas leaves the archived group: it is gone from his list.
    await pageB.getByRole('button', { name: 'More actions' }).click();
    await pageB.getByRole('menuitem', { name: 'Leave group' }).click();
    await pageB.getByRole('dialog', { name: 'Leave group?' }).getByRole('button', { name: 'Leave group' }).click();
    await pageB.getByText('You left “Cardiac step-down”.').waitFor();
    await expect.poll(() => roomRow(pageB, 'Cardiac step-down').count()).toBe(0);
    expect(errorsA()).toEqual([]);
    expect(errorsB()).toEqual([]);
  });

  it('loads older messages near the top without moving what the reader was looking at', async () => {
    await english('ethan.leblanc', 'sophia.richard');
    const [{ page: pageA, errors: errorsA }, { page: pageB, errors: errorsB }] = await Promise.all([open(), open()]);
    await loginUi(pageA, demo('ethan.leblanc'), DEMO_PASSWORD);
    await openDirect(pageA, 'Sophia Richard');
    // More than one page (100): the sends queue up and reach the server in order.
    const note = (n: number) => `Note ${String(n).padStart(3, '0')} of the night handover.`;
    for (let n = 1; n <= 105; n += 1) {
      await composer(pageA).fill(note(n));
      await composer(pageA).press('Enter');
    }
    await bubble(pageA, note(105)).waitFor({ timeout: budget(30_000) });

    await loginUi(pageB, demo('sophia.richard'), DEMO_PASSWORD);
    await roomRow(pageB, 'Ethan LeBlanc').click();
    await bubble(pageB, note(105)).waitFor();
    // The newest page, at the bottom.
    await expect(bubble(pageB, note(5)).count()).resolves.toBe(0);
    await expect(bubble(pageB, note(6)).isVisible()).resolves.toBe(true);
    await expect(pageB.getByText('This is the beginning of the conversation.').count()).resolves.toBe(0);
    const logBox = async () => (await log(pageB).boundingBox())!;
    const inView = async (n: number) => {
      const box = await bubble(pageB, note(n)).boundingBox();
      const frame = await logBox();
      return box !== null && box.y >= frame.y - 1 && box.y + box.height <= frame.y + frame.height + 1;
    };
    await expect.poll(() => inView(105)).toBe(true);

    // Up to the top: the page before comes in above, and the message that was at the top stays in view.
    await log(pageB).evaluate((element) => {
      element.scrollTop = 0;
    });
    await expect.poll(() => inView(6)).toBe(true);
    await bubble(pageB, note(1)).waitFor();
    await pageB.getByText('This is the beginning of the conversation.').waitFor({ state: 'attached' });
    await expect.poll(() => inView(6)).toBe(true);
    await expect(inView(1)).resolves.toBe(false);
    for (const n of [1, 5, 6, 50, 105]) await expect(bubble(pageB, note(n)).count()).resolves.toBe(1);
    expect(errorsA()).toEqual([]);
    expect(errorsB()).toEqual([]);
  });

  describe('looks', () => {
    // Grace's conversations: a direct chat with Mia, and a group Mia runs with Daniel in it.
    beforeAll(async () => {
      await english('mia.brown', 'grace.nguyen');
      await ownedGroup(demo('mia.brown'), 'ICU night shift', ['Grace Nguyen', 'Daniel Jackson']);
      // Not openContext: its clean-up belongs to a test, and this runs before them (closed below).
      const [contextMia, contextGrace] = await Promise.all([
        newContext(browser, { baseURL: server.url }),
        newContext(browser, { baseURL: server.url }),
      ]);
      const [mia, grace] = await Promise.all([contextMia.newPage(), contextGrace.newPage()]);
      await loginUi(mia, demo('mia.brown'), DEMO_PASSWORD);
      await roomRow(mia, 'ICU night shift').click();
      await send(mia, 'Bed 4: BP 86/50 after the second bolus. Starting noradrenaline per protocol.');
      await send(mia, 'Family of bed 9 arriving at 4 am, please let security know.');
      await openDirect(mia, 'Grace Nguyen');
      await send(mia, 'Can you review bed 12 before 3 am? BP 88/54, HR 118, lactate pending.');

      await loginUi(grace, demo('grace.nguyen'), DEMO_PASSWORD);
      await roomRow(grace, 'Mia Brown').click();
      await send(grace, 'Coming now. Please repeat the vitals and start a 500 mL bolus.');
      await bubble(mia, 'Coming now').waitFor();
      await send(mia, 'Done. Repeat BP 94/58.');
      await bubble(grace, 'Done. Repeat BP').waitFor();
      await Promise.all([contextMia.close(), contextGrace.close()]);
    });

    eachLook('looks right', async (look) => {
      const { theme, lang, viewport } = look;
      const { page, errors } = await signIn('grace.nguyen', look);
      const en = lang === 'en';
      const list = 'Conversations';
      await expect(page.locator('html').getAttribute('data-mantine-color-scheme')).resolves.toBe(theme);
      await roomRow(page, 'ICU night shift', list).waitFor();
      // The navigation loads in its own chunk after sign-in.
      await page.locator('a.nav-item[href="/"]').waitFor();
      const label = en ? 'Type a message' : 'Écrire un message';

      if (viewport === 'mobile') {
        await snap(page, `chat-list-${theme}-${lang}-mobile`);
        await roomRow(page, 'Mia Brown', list).click();
        await bubble(page, 'Done. Repeat BP').waitFor();
        await composer(page, label).waitFor();
        await page.waitForURL((url) => ROOM_PATH.test(url.pathname));
        // The list hides while a room is open.
        await expect(page.getByRole('navigation', { name: list }).isVisible()).resolves.toBe(false);
        await snap(page, `chat-room-${theme}-${lang}-mobile`);
        await page.getByRole('button', { name: en ? 'Back to conversations' : 'Retour aux conversations' }).click();
        await page.waitForURL((url) => url.pathname === '/');
        await roomRow(page, 'ICU night shift', list).click();
        await bubble(page, 'Family of bed 9').waitFor();
        await snap(page, `chat-group-${theme}-${lang}-mobile`);
        // The phone's Back returns to the list, and Forward to the room.
        await page.goBack();
        await page.waitForURL((url) => url.pathname === '/');
        await roomRow(page, 'ICU night shift', list).waitFor();
        await page.goForward();
        await bubble(page, 'Family of bed 9').waitFor();
      } else {
        await page.getByText(en ? 'No conversation open' : 'Aucune conversation ouverte').waitFor();
        await snap(page, `chat-empty-${theme}-${lang}-desktop`);
        await roomRow(page, 'Mia Brown', list).click();
        await bubble(page, 'Done. Repeat BP').waitFor();
        await composer(page, label).fill(en ? 'Lactate back at 3.1, ' : 'Lactates à 3,1, ');
        await page.waitForURL((url) => ROOM_PATH.test(url.pathname));
        await snap(page, `chat-room-${theme}-${lang}-desktop`);
        await roomRow(page, 'ICU night shift', list).click();
        await bubble(page, 'Family of bed 9').waitFor();
        await log(page).getByText('Mia Brown', { exact: true }).first().waitFor();
        await snap(page, `chat-group-${theme}-${lang}-desktop`);
        // The draft of the other room is still there on return.
        await roomRow(page, 'Mia Brown', list).click();
        await expect
          .poll(() => composer(page, label).inputValue())
          .toBe(en ? 'Lactate back at 3.1, ' : 'Lactates à 3,1, ');
        await composer(page, label).fill('');
      }
      expect(errors()).toEqual([]);
    });
  });
});

/**
 * Lets a test take a browser's network away and give it back. Offline mode stops new requests (and the
 * socket's reconnection attempts) but a WebSocket already open may live on, so the open ones are routed
 * through Playwright and closed on cut(): the app sees what a real outage does to it.
 */
async function cuttableSocket(
  context: BrowserContext,
): Promise<{ cut: () => Promise<void>; restore: () => Promise<void> }> {
  const open = new Set<WebSocketRoute>();
  let offline = false;
  await context.routeWebSocket(/\/server\/socket\.io\//, (ws) => {
    if (offline) {
      void ws.close();
      return;
    }
    const upstream = ws.connectToServer();
    open.add(ws);
    ws.onClose(() => {
      open.delete(ws);
      void upstream.close();
    });
    upstream.onClose(() => {
      open.delete(ws);
      void ws.close();
    });
  });
  return {
    cut: async () => {
      offline = true;
      await context.setOffline(true);
      await Promise.all([...open].map((ws) => ws.close()));
    },
    restore: async () => {
      offline = false;
      await context.setOffline(false);
    },
  };
}

/**
 * Lets a test make the server refuse SendMessage, as it does for a conversation the user can no longer write
 * in: while `refuse` is set, the acknowledgement is answered here with ok: false (socket.io frames: "42<id>[…]"
 * for an event with an acknowledgement, "43<id>[…]" for the answer). Every SendMessage's client id is kept.
 */
async function refusingSocket(context: BrowserContext): Promise<{ refuse: boolean; clientIds: string[] }> {
  const state = { refuse: false, clientIds: [] as string[] };
  await context.routeWebSocket(/\/server\/socket\.io\//, (ws) => {
    const upstream = ws.connectToServer();
    ws.onMessage((message) => {
      const frame = typeof message === 'string' ? /^42(\d+)(\["SendMessage",.*)$/s.exec(message) : null;
      if (frame) {
        const [, id, body] = frame;
        const payload = (JSON.parse(body!) as [string, { clientId: string }])[1];
        state.clientIds.push(payload.clientId);
        if (state.refuse) {
          const ack = { ok: false, code: 'ROOM_UNAVAILABLE', message: CHAT_TEXTS.conversationUnavailable };
          ws.send(`43${id}${JSON.stringify([ack])}`);
          return;
        }
      }
      upstream.send(message);
    });
  });
  return state;
}
