import { TIMINGS } from '@rounds/contracts/limits';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { budget } from '../budget';

/** Locators of the chat screen, by role and accessible name as a user (or a screen reader) finds them. */
export const composer = (page: Page, label = 'Type a message') => page.getByRole('textbox', { name: label });
export const log = (page: Page) => page.getByRole('log');
/** A stored message's bubble (pending ones have no message id yet). */
export const bubble = (page: Page, text: string) =>
  log(page).locator('button[data-message-id]').filter({ hasText: text });
/** A room in the Recent list: its accessible name starts with the room's name. */
export const roomRow = (page: Page, name: string, list = 'Conversations') =>
  page.getByRole('navigation', { name: list }).getByRole('button', { name: new RegExp(`^${name}`) });
export const roomTitle = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

/**
 * Opens the direct chat with a contact the way a user does: Contacts, a search for them (the list is virtual:
 * rows out of view do not exist), then the contact.
 */
export async function openDirect(page: Page, name: string): Promise<void> {
  await page.getByRole('link', { name: 'Contacts' }).first().click();
  await page.waitForURL((url) => url.pathname === '/contacts');
  // The one search box of the Contacts screen, in whatever language the page is.
  await page.getByRole('searchbox').first().fill(name);
  // Contact clicks open at most one chat per 5 s (spec doc 1 section 2): a click soon after the last opening is
  // ignored, so, as a person would, click again until the room opens.
  const contact = page.getByRole('button', { name: new RegExp(`^${name}`) });
  // Plain waits, not expect.poll: the look tests open rooms in their hooks, where vitest has no test for a poll.
  for (const deadline = Date.now() + budget(60_000); ; ) {
    await contact.click();
    const opened = await roomTitle(page, name)
      .waitFor({ timeout: TIMINGS.contactClickThrottleMs + 1_000 })
      .then(
        () => true,
        () => false,
      );
    if (opened) break;
    if (Date.now() > deadline) throw new Error(`the direct chat with ${name} did not open`);
  }
  // The conversation has its own address (reload, Back and a shared link keep it).
  await page.waitForURL((url) => ROOM_PATH.test(url.pathname));
}

/** The address of one conversation, /chat/<twId>. */
export const ROOM_PATH = /^\/chat\/[0-9a-f]{24}$/;

/**
 * Waits for a call's system line in the open room. A call's lines are folded into one (issue 28) that shows
 * only the latest: the folds are opened as they come until the line is there.
 */
export async function callLine(page: Page, text: string | RegExp): Promise<void> {
  await expect
    .poll(
      async () => {
        const closed = log(page).getByTestId('call-lines').getByRole('button', { expanded: false });
        for (const fold of await closed.all()) await fold.click().catch(() => undefined);
        return log(page).getByText(text).count();
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
}

/** Opens a room from the Recent list, as a user does, and waits for its title. */
export async function openRoom(page: Page, name: string, list?: string): Promise<void> {
  await roomRow(page, name, list).click();
  await roomTitle(page, name).waitFor();
}

/** Recent first, then the room: from wherever the page is (a call's overlay may have left it elsewhere). */
export async function openFromRecent(page: Page, name: string): Promise<void> {
  await page
    .getByRole('link', { name: /^(Recent|Récents)$/ })
    .first()
    .click();
  await openRoom(page, name);
}

/** Types and sends with Enter, then waits for the server's stored copy (the bubble gets its message id). */
export async function send(page: Page, text: string, label?: string): Promise<void> {
  await composer(page, label).fill(text);
  await composer(page, label).press('Enter');
  await bubble(page, text).waitFor();
}

/** Sends an URGENT message in the open room, through the priority dialog, and waits for its bubble. */
export async function sendUrgent(page: Page, text: string): Promise<void> {
  await composer(page).fill(text);
  await page.getByRole('button', { name: 'Send as important or urgent' }).click();
  const dialog = page.getByRole('dialog', { name: 'Priority message' });
  await dialog.getByText('Urgent', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Send' }).click();
  await bubble(page, text).waitFor();
}
