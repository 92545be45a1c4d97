import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../support/api';
import { snap } from '../support/browser';
import { budget } from '../support/budget';
import { demoApi } from '../support/demo';
import { dutyRoleAdmin } from '../support/duty-roles';
import { useDemoJourney } from '../support/journey';
import { inLook, LOOKS } from '../support/pages/looks';
import { log, openRoom, sendUrgent } from '../support/pages/room';
import { demoTabs } from '../support/pages/sign-in';
import { linkRoomToRole } from '../support/role-room';
import type { RunningServer } from '../support/server';

/**
 * Issue 25, escalation chains: a nurse sends an URGENT message in "Cardiology on call"'s room at night; the
 * cardiologist on call does not acknowledge; the chain climbs to "Cardiology backup", whose holder acknowledges
 * on a phone; the nurse reads the chain as a timeline under her message. The FacilityAdmin writes the policy in
 * Administration. A policy minute lasts 2 s here (ESCALATION_MINUTE_MS), the URGENT reminder comes after 3 s.
 */
let server: RunningServer;
let browser: Browser;
useDemoJourney({ ESCALATION_MINUTE_MS: '2000', URGENT_ESCALATION_SECONDS: '3' }, (s, b) => {
  server = s;
  browser = b;
});
const { apiSession, logout, apiGroup } = demoApi(() => server);
const { signIn } = demoTabs(() => ({ server, browser }));

const ROLE = 'Cardiology on call';
const BACKUP = 'Cardiology backup';
const ROOM = 'Cardiology on call';
const TEXT = 'Bed 12 chest pain, troponin rising, please come';

const timeline = (page: Page) => log(page).getByTestId('escalation-timeline');

describe('escalation', () => {
  it('climbs from the cardiologist on call to the backup, who acknowledges on a phone; the nurse reads the timeline', async () => {
    // The hospital as it is at 3 a.m.: two roles of St. Mary's, Liam on call, Noah the backup, on shift now.
    const admin = await dutyRoleAdmin(server);
    const [liam, noah, olivia] = [
      await apiSession(DEMO.liam),
      await apiSession(DEMO.noah),
      await apiSession(DEMO.olivia),
    ];
    const roles: Record<string, string> = {};
    for (const [name, holder] of [
      [ROLE, liam],
      [BACKUP, noah],
    ] as const) {
      roles[name] = await admin.createRole(name);
      await admin.onShiftNow(roles[name], holder.id);
    }
    // The role's conversation, with its holder in it (the role conversation makes it so).
    const twId = await apiGroup(olivia, ROOM, ['Liam Hebert']);
    await linkRoomToRole(server, twId, roles[ROLE]!);
    for (const session of [liam, noah, olivia]) await logout(session);

    // Amelia, the FacilityAdmin, writes the policy: after 3 minutes, Cardiology backup; 30 minutes later, the
    // sender is told nobody answered.
    const { page: amelia, errors: ameliaErrors } = await signIn('amelia.broussard');
    await amelia.goto('/admin/on-call');
    await amelia.getByRole('button', { name: `Escalation policy of ${ROLE}` }).click();
    const dialog = amelia.getByRole('dialog', { name: `Escalation of ${ROLE}` });
    await dialog.getByText('No escalation yet: URGENT messages to this role are reminded only.').waitFor();
    await dialog.getByRole('button', { name: 'Add a step' }).click();
    await dialog.getByRole('textbox', { name: 'After (minutes)', exact: true }).fill('3');
    await dialog.getByRole('textbox', { name: /^Who/ }).click();
    await amelia.getByRole('option', { name: BACKUP }).click();
    await dialog.getByRole('textbox', { name: 'Tell the sender nobody answered after (minutes)' }).fill('30');
    await snap(amelia, 'escalation-policy-en-light-desktop');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await amelia.getByText('Escalation saved').waitFor();
    expect(ameliaErrors()).toEqual([]);

    // Noah, the backup, has his phone; Olivia, the night nurse, her desktop.
    const { page: phone, errors: phoneErrors } = await signIn('noah.thibodeaux', {
      lang: 'en',
      theme: 'light',
      mobile: true,
    });
    const { page: nurse, errors: nurseErrors } = await signIn('olivia.landry');
    await openRoom(nurse, ROOM);
    await sendUrgent(nurse, TEXT);
    await timeline(nurse).getByText(`Sent to Liam Hebert (${ROLE})`).waitFor();

    // Nobody acknowledges: Liam is reminded, then after 3 policy minutes the backup is alerted and joins the room.
    await timeline(nurse)
      .getByText('Reminded Liam Hebert')
      .waitFor({ timeout: budget(20_000) });
    await timeline(nurse)
      .getByText(`Escalated to ${BACKUP} (Noah Thibodeaux)`)
      .waitFor({ timeout: budget(20_000) });
    await log(nurse).getByText(`Olivia Landry’s URGENT message was escalated to ${BACKUP}: Noah Thibodeaux`).waitFor();

    // On Noah's phone the URGENT message waits for him; he opens it and acknowledges.
    const notice = phone.getByTestId('pending-urgent');
    await notice.getByText(TEXT).waitFor({ timeout: budget(20_000) });
    await snap(phone, 'escalation-backup-alerted-en-light-phone');
    await notice.getByRole('button', { name: 'Open' }).click();
    await log(phone).getByRole('button', { name: 'Acknowledge' }).click();
    await log(phone)
      .getByText(/You acknowledged at/)
      .waitFor();
    await snap(phone, 'escalation-backup-acknowledged-en-light-phone');

    // The nurse's timeline ends with the acknowledgement, live.
    await timeline(nurse)
      .getByText('Acknowledged by Noah Thibodeaux')
      .waitFor({ timeout: budget(10_000) });
    await timeline(nurse).getByText(`Acknowledged: ${ROLE}`).waitFor();
    const lines = await timeline(nurse).locator('li').allInnerTexts();
    expect(lines.map((l) => l.split('\n')[0])).toEqual([
      `Sent to Liam Hebert (${ROLE})`,
      'Reminded Liam Hebert',
      `Escalated to ${BACKUP} (Noah Thibodeaux)`,
      'Acknowledged by Noah Thibodeaux',
    ]);
    await snap(nurse, 'escalation-timeline-en-light-desktop');
    expect(phoneErrors()).toEqual([]);
    expect(nurseErrors()).toEqual([]);
  });

  it('shows the timeline in both languages, themes and screens', async () => {
    for (const look of LOOKS) {
      await inLook(async () => {
        const { context, page, errors } = await signIn('olivia.landry', look);
        await openRoom(page, ROOM);
        const done = look.lang === 'fr' ? 'Acquitté par Noah Thibodeaux' : 'Acknowledged by Noah Thibodeaux';
        await timeline(page).getByText(done).scrollIntoViewIfNeeded();
        await timeline(page).getByText(done).waitFor();
        await snap(page, `escalation-timeline-${look.lang}-${look.theme}-${look.mobile ? 'phone' : 'desktop'}`);
        expect(errors()).toEqual([]);
        await context.close();
      });
    }
  });
});
