import { chatRoomRoutes } from '@rounds/contracts/chat';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call } from '../support/api';
import { snap } from '../support/browser';
import { budget } from '../support/budget';
import { demo } from '../support/demo';
import { lookSuffix, OTHER_LOOKS } from '../support/pages/looks';
import { bubble, openRoom, sendUrgent } from '../support/pages/room';
import { useDemoStaff } from '../support/pages/sign-in';

/**
 * The acknowledgement grid (issue 25), on the demo hospital: the sender of an URGENT message to a ward group
 * opens it from the message's actions, sees each recipient's state with the counts on top, filters by state,
 * and watches an acknowledgement arrive live. Photographed in English and French, light and dark, desktop and
 * phone.
 */

const { server, apiSession, apiGroup, signIn } = useDemoStaff();

const GROUP = 'Night ward 4B';
const MEMBERS = ['Noah Thibodeaux', 'Grace Nguyen', 'Harper Davis', 'Mason Arceneaux'];
const TEXT = 'Bed 7 hypotensive 70/40, need a doctor now';
const NAMES = {
  en: { action: 'Acknowledgements', acknowledged: 'Acknowledged' },
  fr: { action: 'Accusés de réception', acknowledged: 'Confirmé' },
} as const;

/** The open grid's count of one state, as shown. */
const count = (page: Page, state: string) =>
  page.getByRole('dialog').getByTestId(`ack-grid-count-${state}`).textContent();

async function openGrid(page: Page, lang: 'en' | 'fr', actionsShot?: string): Promise<void> {
  await bubble(page, TEXT).click();
  const action = page.getByRole('button', { name: NAMES[lang].action });
  await action.waitFor();
  if (actionsShot) await snap(page, actionsShot);
  await action.click();
  await page.getByRole('dialog', { name: NAMES[lang].action }).getByTestId('ack-grid-row').first().waitFor();
}

/** The message's id, as a recipient's device fetches the room (which also makes it delivered to them). */
async function fetchAs(token: string, twId: string): Promise<string> {
  const reply = await call(server(), chatRoomRoutes.messages, { body: { twId }, token });
  expect(reply.status).toBe(200);
  return reply.body.data.messages.find((m) => m.body === TEXT)!.id;
}

describe('acknowledgement grid', () => {
  it('the sender sees who acknowledged, read, received or was not reached, and an acknowledgement live', async () => {
    const owner = await apiSession(demo('amelia.broussard'));
    const twId = await apiGroup(owner, GROUP, MEMBERS);
    const { page, errors } = await signIn('amelia.broussard', { lang: 'en', theme: 'light', mobile: false });
    await openRoom(page, GROUP);
    await sendUrgent(page, TEXT);

    // Noah's and Grace's devices fetch the room: delivered. Harper and Mason are not signed in: not reached.
    const [noah, grace] = await Promise.all([apiSession(demo('noah.thibodeaux')), apiSession(demo('grace.nguyen'))]);
    const messageId = await fetchAs(noah.token, twId);
    await fetchAs(grace.token, twId);

    await openGrid(page, 'en');
    await expect.poll(() => count(page, 'notReached')).toBe('2');
    expect(await count(page, 'delivered')).toBe('2');
    expect(await count(page, 'acknowledged')).toBe('0');
    const dialog = page.getByRole('dialog', { name: 'Acknowledgements' });
    await dialog.getByText('Acknowledged by 0 of 4').waitFor();

    // Noah acknowledges on his phone: the open grid follows without a reload.
    const ack = await call(server(), chatRoomRoutes.acknowledge, { body: { messageId }, token: noah.token });
    expect(ack.status).toBe(200);
    await expect.poll(() => count(page, 'acknowledged'), { timeout: budget(10_000) }).toBe('1');
    expect(await count(page, 'delivered')).toBe('1');
    await dialog.getByText('Acknowledged by 1 of 4').waitFor();
    const noahRow = dialog.getByTestId('ack-grid-row').filter({ hasText: 'Noah Thibodeaux' });
    await noahRow.getByText('Acknowledged', { exact: true }).waitFor();

    // A tile filters the list to its state; pressed again, everyone is back.
    const notReached = dialog.getByRole('button', { name: /Not reached/ });
    await notReached.click();
    await expect.poll(() => dialog.getByTestId('ack-grid-row').count()).toBe(2);
    await snap(page, 'ack-grid-filtered-light-en');
    await notReached.click();
    await expect.poll(() => dialog.getByTestId('ack-grid-row').count()).toBe(4);
    // The search finds a recipient by name.
    await dialog.getByRole('searchbox').fill('grace');
    await expect.poll(() => dialog.getByTestId('ack-grid-row').count()).toBe(1);
    await dialog.getByRole('searchbox').fill('');
    await snap(page, 'ack-grid-light-en');
    expect(errors()).toEqual([]);
  });

  it('looks right in dark and light, English and French, on a desktop and a phone', async () => {
    for (const look of OTHER_LOOKS) {
      const { context, page, errors } = await signIn('amelia.broussard', look);
      await openRoom(page, GROUP);
      // On a phone the message's actions wrap above the composer: photographed with the new one among them.
      await openGrid(page, look.lang, look.mobile ? `ack-grid-actions-${lookSuffix(look)}` : undefined);
      await expect.poll(() => count(page, 'acknowledged')).toBe('1');
      await page
        .getByRole('dialog')
        .getByTestId('ack-grid-row')
        .filter({ hasText: 'Noah Thibodeaux' })
        .getByText(NAMES[look.lang].acknowledged, { exact: true })
        .waitFor();
      await snap(page, `ack-grid-${lookSuffix(look)}`);
      expect(errors()).toEqual([]);
      await context.close();
    }
  });
});
