import { routeUrl } from '@rounds/contracts/api-route';
import { contactRoutes } from '@rounds/contracts/contacts';
import { escalationRoutes } from '@rounds/contracts/escalation';
import { onCallRoutes } from '@rounds/contracts/on-call';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, DEMO } from '../support/api';
import { snap } from '../support/browser';
import { budget } from '../support/budget';
import { dutyRoleAdmin } from '../support/duty-roles';
import { eachLook } from '../support/pages/looks';
import { bubble, composer, log, openFromRecent, ROOM_PATH, roomRow, roomTitle, send } from '../support/pages/room';
import { useDemoStaff } from '../support/pages/sign-in';

/**
 * Issue 25, messaging a role: at night a nurse does not know which cardiologist is on call, she knows
 * "Cardiology on call". Noah opens the role's conversation from Contacts › On call and writes; Liam, who holds
 * the role, reads it and answers as the role ("Liam Hebert as Cardiology on call"); Amelia takes the role over
 * and the room moves with it: she reads what was said, Liam loses it at once. The role's room photographed in
 * both languages, themes and screens.
 */
const { server, apiSession, logout, signIn } = useDemoStaff();

const ROLE = 'Cardiology on call';
/** The role's escalation target, held by Liam: where a message goes while nobody holds the role. */
const BACKUP = 'Cardiology backup';
const QUESTION = 'Bed 12: chest pain since 02:40, troponin rising. Can you come?';
const ANSWER = 'On my way, 5 minutes. ECG now please.';
let roleId: string | undefined;
let roomId: string | undefined;

/**
 * The role, created by the Admin at St. Mary's and held by Liam by hand (before any browser signs him in), with
 * an escalation policy to Cardiology backup, which Liam holds too.
 */
async function heldRole(): Promise<string> {
  if (roleId) return roleId;
  const admin = await dutyRoleAdmin(server());
  const role = await admin.createRole(ROLE);
  const backup = await admin.createRole(BACKUP);
  const policy = await call(server(), escalationRoutes.setPolicy, {
    params: { id: role },
    body: { steps: [{ afterMinutes: 5, target: { kind: 'role', roleId: backup } }], finalAfterMinutes: 10 },
    token: admin.token,
  });
  expect(policy.status).toBe(200);
  const liam = await apiSession(DEMO.liam);
  const take = async (id: string) =>
    (await call(server(), onCallRoutes.take, { params: { id }, body: {}, token: liam.token })).status;
  expect(await take(role)).toBe(200);
  expect(await take(backup)).toBe(200);
  await logout(liam);
  roleId = role;
  return roleId;
}

/** Contacts › On call, in the page's language. */
async function openOnCall(page: Page, onCall: 'On call' | 'De garde' = 'On call'): Promise<void> {
  await page.goto('/contacts');
  await page.getByText(onCall, { exact: true }).click();
  await page.getByRole('list', { name: /On-call roles|Rôles de garde/ }).waitFor();
}
const roleLine = (page: Page, name: string) => page.locator('[data-role-id]').filter({ hasText: name });
/** The line heading a run of messages: who wrote, and as which role. */
const authorLine = (page: Page, text: string) => log(page).getByText(text, { exact: true });

describe('messaging a role', () => {
  it('a nurse messages the role, its holder answers as the role, a take-over moves the room', async () => {
    await heldRole();
    const noah = await signIn('noah.thibodeaux');
    const liam = await signIn('liam.hebert');

    // Noah finds the role where a conversation starts: the search of Contacts offers it above the people.
    await noah.page.goto('/contacts');
    // The people list is filtered here while typing, then dimmed until the server's answer (after the spec's
    // debounce): the screen is photographed and audited once that answer has come.
    const peopleAnswered = noah.page.waitForResponse(
      (r) => r.url().endsWith(routeUrl(contactRoutes.list)) && (r.request().postData() ?? '').includes('"cardio"'),
    );
    await noah.page.getByRole('searchbox').first().fill('cardio');
    const found = noah.page.getByRole('region', { name: 'On-call roles found' });
    // Liam holds Cardiology backup too (the policy's target): both roles match "cardio".
    await found.getByText('Cardiology on call', { exact: true }).first().waitFor();
    await found.getByText('Held by Liam Hebert').first().waitFor();
    await peopleAnswered;
    await snap(noah.page, 'role-chat-search-en-light-desktop');

    // From the On call view: Message, and the role's room opens, named after the role and marked as one.
    await openOnCall(noah.page);
    await roleLine(noah.page, ROLE)
      .getByRole('button', { name: `Message ${ROLE}` })
      .click();
    await noah.page.waitForURL((url) => ROOM_PATH.test(url.pathname));
    roomId = new URL(noah.page.url()).pathname.split('/').at(-1);
    await roomTitle(noah.page, ROLE).waitFor();
    await noah.page.locator('[data-role-marker]').getByText('On-call role').waitFor();
    await send(noah.page, QUESTION);

    // Liam holds the role: the room is in his Recent list with Noah's question; he answers as the role.
    await openFromRecent(liam.page, ROLE);
    await bubble(liam.page, QUESTION).waitFor();
    await send(liam.page, ANSWER);
    await authorLine(liam.page, `You as ${ROLE}`).waitFor();
    await bubble(noah.page, ANSWER).waitFor({ timeout: budget(10_000) });
    await authorLine(noah.page, `Liam Hebert as ${ROLE}`).waitFor();
    await snap(noah.page, 'role-chat-answered-en-light-desktop');

    // Amelia takes the role over: the room goes with it, history and all; Liam loses it at once.
    const amelia = await signIn('amelia.broussard');
    await openOnCall(amelia.page);
    await roleLine(amelia.page, ROLE)
      .getByRole('button', { name: `Take ${ROLE}` })
      .click();
    const dialog = amelia.page.getByRole('dialog', { name: `${ROLE} is held` });
    await dialog.getByLabel('Handover note (optional)').fill('Bed 12: Liam is on his way to see her');
    await dialog.getByRole('button', { name: 'Take over' }).click();
    await roleLine(amelia.page, ROLE).getByText('Amelia Broussard').waitFor();
    await roomTitle(liam.page, ROLE).waitFor({ state: 'detached', timeout: budget(10_000) });
    await expect(roomRow(liam.page, ROLE).count()).resolves.toBe(0);
    await openFromRecent(amelia.page, ROLE);
    await bubble(amelia.page, QUESTION).waitFor();
    await bubble(amelia.page, ANSWER).waitFor();
    await authorLine(amelia.page, `Liam Hebert as ${ROLE}`).waitFor();
    await log(amelia.page).getByText(`${ROLE} added Amelia Broussard`).waitFor();
    await snap(amelia.page, 'role-chat-taken-over-en-light-desktop');
    // Noah, who wrote to the role, stays in its room and sees the handover.
    await log(noah.page).getByText(`${ROLE} removed Liam Hebert`).waitFor();

    // Amelia releases the role: nobody holds it, and Noah's next message is refused before it is sent, saying so
    // and naming the backup; he sends it there, and Liam, who holds the backup, gets the room and the message.
    await openOnCall(amelia.page);
    await roleLine(amelia.page, ROLE)
      .getByRole('button', { name: `Release ${ROLE}` })
      .click();
    await roleLine(amelia.page, ROLE).getByText('Nobody holds this role').waitFor();
    await composer(noah.page).fill('Anyone? Bed 12 is worse.');
    await composer(noah.page).press('Enter');
    await noah.page.getByText(`Nobody holds ${ROLE} now; it will go to ${BACKUP}`).first().waitFor();
    await snap(noah.page, 'role-chat-unheld-en-light-desktop');
    await noah.page.getByRole('button', { name: `Send to ${BACKUP}` }).click();
    await bubble(noah.page, 'Anyone? Bed 12 is worse.').waitFor();
    await openFromRecent(liam.page, ROLE);
    await bubble(liam.page, 'Anyone? Bed 12 is worse.').waitFor({ timeout: budget(10_000) });
    await snap(liam.page, 'role-chat-to-backup-en-light-desktop');

    expect(noah.errors()).toEqual([]);
    expect(liam.errors()).toEqual([]);
    expect(amelia.errors()).toEqual([]);
  });

  eachLook('the role’s room looks right', async (look) => {
    const { theme, lang, viewport } = look;
    if (!roomId) {
      // Run alone: the room is opened over the API as Noah would have, before his browser signs in.
      const noah = await apiSession(DEMO.noah);
      const opened = await call(server(), onCallRoutes.room, { params: { id: await heldRole() }, token: noah.token });
      roomId = opened.body.data.chatRoom.twId;
      await logout(noah);
    }
    const { page, errors } = await signIn('noah.thibodeaux', look);
    await page.goto(`/chat/${roomId}`);
    await roomTitle(page, ROLE).waitFor();
    await page.locator('[data-role-marker]').waitFor();
    await snap(page, `role-chat-room-${theme}-${lang}-${viewport}`);
    expect(errors()).toEqual([]);
  });
});
