import { chatRoomRoutes } from '@rounds/contracts/chat';
import { CHAT_FILE_TEXTS } from '@rounds/contracts/chat-files';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, DEMO_PASSWORD, outbox } from '../support/api';
import { dismissToasts, openContext } from '../support/app';
import { snap, watchErrors } from '../support/browser';
import { budget } from '../support/budget';
import { demo } from '../support/demo';
import { loginUi } from '../support/login-ui';
import { bubble, composer, log, openDirect, openRoom, ROOM_PATH, roomTitle } from '../support/pages/room';
import { useDemoStaff } from '../support/pages/sign-in';

/**
 * Attachments, voice notes and priority messages against the demo hospital (SEED_DEMO): a nurse sends wound
 * photos that the other browser sees as thumbnails and in the gallery; a voice note recorded with Chromium's
 * fake microphone plays on the other side; an URGENT message with SMS reaches two members of a group, one
 * opens the SMS link (sign-in first, then the conversation at that message) and acknowledges, and the sender
 * sees it turn acknowledged live. Looks in both themes and languages, desktop and phone.
 */

const { server, browser, apiSession, logout, idOf, setPreferences, open, signIn } = useDemoStaff();

/** Small distinct PNGs drawn on a canvas in the page: what a phone camera would give, only smaller. */
async function pngs(page: Page, colours: string[]): Promise<{ name: string; mimeType: string; buffer: Buffer }[]> {
  const data = await page.evaluate((list) => {
    return list.map((colour) => {
      const canvas = document.createElement('canvas');
      canvas.width = 640;
      canvas.height = 480;
      const context = canvas.getContext('2d')!;
      context.fillStyle = colour;
      context.fillRect(0, 0, 640, 480);
      context.fillStyle = '#ffffff';
      context.beginPath();
      context.arc(320, 240, 120, 0, Math.PI * 2);
      context.fill();
      return canvas.toDataURL('image/png').split(',')[1]!;
    });
  }, colours);
  return data.map((base64, i) => ({
    name: `wound-${i + 1}.png`,
    mimeType: 'image/png',
    buffer: Buffer.from(base64, 'base64'),
  }));
}

describe('attachments', () => {
  it('sends three images: thumbnails on the other side, the gallery with arrows and Escape', async () => {
    await setPreferences(demo('olivia.landry'), 'en', 'light');
    await setPreferences(demo('liam.hebert'), 'en', 'light');
    const [{ page: pageA, errors: errorsA }, { page: pageB, errors: errorsB }] = await Promise.all([open(), open()]);
    await loginUi(pageA, demo('olivia.landry'), DEMO_PASSWORD);
    await loginUi(pageB, demo('liam.hebert'), DEMO_PASSWORD);
    await openDirect(pageA, 'Liam Hebert');
    await openDirect(pageB, 'Olivia Landry');

    // The client refuses a file type the spec does not allow, with the spec's text, before uploading it.
    const input = pageA.getByTestId('attach-input');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await pageA.getByRole('alert').getByText(CHAT_FILE_TEXTS.unsupported).waitFor();

    await input.setInputFiles(await pngs(pageA, ['#c2410c', '#0369a1', '#15803d']));
    const tray = pageA.getByRole('list', { name: 'Images to send' });
    await expect.poll(() => tray.getByRole('listitem').count()).toBe(3);
    await expect.poll(() => tray.getByRole('progressbar').count(), { timeout: budget(15_000) }).toBe(0);
    await composer(pageA).fill('Sacral wound, bed 4: photos from this morning.');
    await snap(pageA, 'attachments-tray-light-en');
    await composer(pageA).press('Enter');
    await bubble(pageA, 'Sacral wound').waitFor();
    await expect.poll(() => tray.count()).toBe(0);

    const images = log(pageB).getByRole('list', { name: '3 images' });
    await images.waitFor();
    await expect.poll(() => images.locator('img').count(), { timeout: budget(10_000) }).toBe(3);
    await snap(pageB, 'attachments-thumbnails-light-en');

    await images.getByRole('button').first().click();
    const gallery = pageB.getByRole('dialog');
    await gallery.getByTestId('gallery-counter').getByText('1 / 3').waitFor();
    await gallery.locator('img[alt="wound-1.png"]').waitFor();
    await pageB.keyboard.press('ArrowRight');
    await gallery.getByTestId('gallery-counter').getByText('2 / 3').waitFor();
    await gallery.locator('img[alt="wound-2.png"]').waitFor();
    await gallery.getByRole('button', { name: 'Next image' }).click();
    await gallery.getByTestId('gallery-counter').getByText('3 / 3').waitFor();
    await snap(pageB, 'attachments-gallery-light-en');
    await pageB.keyboard.press('Escape');
    await expect.poll(() => pageB.getByRole('dialog').count()).toBe(0);
    // The room is still open and the message still there.
    await bubble(pageB, 'Sacral wound').waitFor();

    expect(errorsA()).toEqual([]);
    expect(errorsB()).toEqual([]);
  });

  it('records a voice note with the microphone and plays it in the other browser', async () => {
    await setPreferences(demo('emma.guidry'), 'en', 'light');
    await setPreferences(demo('lucas.fontenot'), 'en', 'dark');
    const [contextA, contextB] = await Promise.all([
      openContext(browser(), { baseURL: server().url }),
      openContext(browser(), { baseURL: server().url, colorScheme: 'dark' }),
    ]);
    const [pageA, pageB] = await Promise.all([contextA.newPage(), contextB.newPage()]);
    const errorsA = watchErrors(pageA);
    const errorsB = watchErrors(pageB);
    await loginUi(pageA, demo('emma.guidry'), DEMO_PASSWORD);
    await loginUi(pageB, demo('lucas.fontenot'), DEMO_PASSWORD);
    await openDirect(pageA, 'Lucas Fontenot');
    await openDirect(pageB, 'Emma Guidry');

    await pageA.getByRole('button', { name: 'Record a voice message' }).click();
    const recorder = pageA.getByRole('region', { name: 'Voice recording' });
    await recorder.waitFor();
    await expect
      .poll(() => recorder.getByTestId('voice-timer').innerText(), { timeout: budget(10_000) })
      .toMatch(/^0:0[2-9]/);
    await recorder.getByRole('button', { name: 'Pause recording' }).click();
    await recorder.getByText('Paused').waitFor();
    await snap(pageA, 'voice-recording-light-en');
    await recorder.getByRole('button', { name: 'Resume recording' }).click();
    // A second more: the recorder's own clock says when, however slowly the page runs.
    await expect.poll(() => recorder.getByTestId('voice-timer').innerText()).toMatch(/^0:0[3-9]/);
    await recorder.getByRole('button', { name: 'Stop and listen' }).click();
    await recorder.getByRole('button', { name: 'Play voice message' }).waitFor();
    await snap(pageA, 'voice-preview-light-en');
    await recorder.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => recorder.count(), { timeout: budget(10_000) }).toBe(0);

    const player = log(pageB).getByRole('button', { name: 'Play voice message' });
    await player.waitFor({ timeout: budget(10_000) });
    const length = await log(pageB).getByTestId('voice-time').last().innerText();
    expect(length).toMatch(/0:0[3-9] \/ 0:0[3-9]/);
    await player.click();
    await log(pageB).getByRole('button', { name: 'Pause voice message' }).waitFor();
    await expect
      .poll(() =>
        log(pageB)
          .getByTestId('voice-audio')
          .last()
          .evaluate((audio: HTMLAudioElement) => audio.currentTime),
      )
      .toBeGreaterThan(0);
    await snap(pageB, 'voice-playing-dark-en');
    // The sender's own bubble: its duration reads at 4.5:1 on the bubble's colour (issue 28: 3.8:1).
    await log(pageA).getByRole('button', { name: 'Play voice message' }).last().waitFor();
    await snap(pageA, 'voice-own-light-en');

    expect(errorsA()).toEqual([]);
    expect(errorsB()).toEqual([]);
  });

  it('sends an URGENT message with SMS; the SMS link opens it after sign-in; acknowledgements reach the sender live', async () => {
    for (const name of ['amelia.broussard', 'noah.thibodeaux', 'mason.arceneaux'])
      await setPreferences(demo(name), 'en', 'light');
    const owner = await apiSession(demo('amelia.broussard'));
    const participants = [await idOf(owner, 'Noah Thibodeaux'), await idOf(owner, 'Mason Arceneaux')];
    const created = await call(server(), chatRoomRoutes.create, {
      body: { participants, type: 'group', name: 'ICU nights' },
      token: owner.token,
    });
    expect(created.status).toBe(200);
    await logout(owner);
    const noahPhone = (await apiSession(demo('noah.thibodeaux'))).phone;

    const [{ page: pageA, errors: errorsA }, { page: pageB, errors: errorsB }] = await Promise.all([open(), open()]);
    await loginUi(pageA, demo('amelia.broussard'), DEMO_PASSWORD);
    await openRoom(pageA, 'ICU nights');

    await composer(pageA).fill('Bed 7 desaturating to 84%, need a second pair of hands now.');
    await pageA.getByRole('button', { name: 'Send as important or urgent' }).click();
    const dialog = pageA.getByRole('dialog', { name: 'Priority message' });
    await dialog.getByText('Urgent', { exact: true }).click();
    await dialog.getByRole('radio', { name: 'Chosen members' }).check();
    // Several others and nobody chosen: nothing to send to.
    await expect(dialog.getByRole('button', { name: 'Send' }).isDisabled()).resolves.toBe(true);
    await dialog.getByRole('checkbox', { name: 'Noah Thibodeaux' }).check();
    await dialog.getByRole('checkbox', { name: 'Mason Arceneaux' }).check();
    await dialog.getByRole('checkbox', { name: 'Also send an SMS' }).check();
    await snap(pageA, 'urgent-dialog-light-en');
    await dialog.getByRole('button', { name: 'Send' }).click();
    const sent = bubble(pageA, 'Bed 7 desaturating');
    await sent.waitFor();
    await sent.getByText('Urgent').waitFor();
    const status = log(pageA).getByTestId('ack-status');
    await status.getByText('0 of 2 acknowledged').waitFor();

    // The SMS carries a link, never the message text.
    let link = '';
    await expect
      .poll(
        async () => {
          const [sms] = await outbox(server(), noahPhone);
          link = sms?.text.match(/https?:\/\/\S+\?rs=[0-9a-f]{24}/)?.[0] ?? '';
          return link;
        },
        { timeout: budget(10_000) },
      )
      .not.toBe('');
    expect((await outbox(server(), noahPhone))[0]!.text).not.toContain('desaturating');

    // Noah opens the link signed out: the sign-in comes first, then the conversation at that message.
    await pageB.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await pageB.waitForURL((url) => url.pathname === '/login');
    await pageB.getByLabel('Email').fill(demo('noah.thibodeaux'));
    await pageB.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await pageB.getByRole('button', { name: 'Log in', exact: true }).click();
    await roomTitle(pageB, 'ICU nights').waitFor();
    // The conversation has its own address, which keeps it across a reload; rs has left it.
    await pageB.waitForURL((url) => ROOM_PATH.test(url.pathname) && !url.searchParams.has('rs'));
    await log(pageB).locator('[data-highlighted]').filter({ hasText: 'Bed 7 desaturating' }).waitFor();
    await snap(pageB, 'urgent-linked-light-en');
    await dismissToasts(pageB);
    await log(pageB).getByRole('button', { name: 'Acknowledge' }).click();
    await log(pageB)
      .getByText(/You acknowledged at/)
      .waitFor();

    await status.getByText('1 of 2 acknowledged').waitFor();
    const messageId = await sent.getAttribute('data-message-id');
    // The contract takes a message id, never null: a bubble without one is a broken page, said as such.
    if (!messageId) throw new Error('the sent bubble carries no data-message-id');
    const mason = await apiSession(demo('mason.arceneaux'));
    const ack = await call(server(), chatRoomRoutes.acknowledge, { body: { messageId }, token: mason.token });
    expect(ack.status).toBe(200);
    await status.getByText('Acknowledged', { exact: true }).waitFor();
    await log(pageA)
      .getByRole('button', { name: /Acknowledged/ })
      .click();
    await log(pageA).getByText('Acknowledged by').waitFor();
    await log(pageA)
      .getByText(/Noah Thibodeaux ·/)
      .waitFor();
    await snap(pageA, 'urgent-acknowledged-light-en');

    // A link to a message log that does not exist is silently ignored, and leaves the address.
    await pageB.goto('/?rs=0123456789abcdef01234567');
    await pageB.waitForURL((url) => url.pathname === '/' && !url.searchParams.has('rs'));
    await expect(pageB.locator('.mantine-Notification-root').count()).resolves.toBe(0);

    expect(errorsA()).toEqual([]);
    expect(errorsB()).toEqual([]);
  });

  it('looks right in dark and light, English and French, on a desktop and a phone', async () => {
    const looks = [
      { user: 'liam.hebert', room: 'Olivia Landry', lang: 'fr', theme: 'dark', mobile: true },
      { user: 'noah.thibodeaux', room: 'ICU nights', lang: 'fr', theme: 'light', mobile: false },
      { user: 'amelia.broussard', room: 'ICU nights', lang: 'en', theme: 'dark', mobile: true },
      { user: 'olivia.landry', room: 'Liam Hebert', lang: 'en', theme: 'dark', mobile: false },
    ] as const;
    for (const look of looks) {
      const { context, page, errors } = await signIn(look.user, look);
      const list = look.lang === 'fr' ? 'Conversations' : 'Conversations';
      await page
        .getByRole('navigation', { name: list })
        .getByRole('button', { name: new RegExp(`^${look.room}`) })
        .click();
      await roomTitle(page, look.room).waitFor();
      await page.waitForTimeout(800);
      const name = `attachments-${look.room === 'ICU nights' ? 'urgent' : 'images'}-${look.theme}-${look.lang}${look.mobile ? '-mobile' : ''}`;
      await snap(page, name);
      if (look.room !== 'ICU nights') {
        await log(page).locator('ul').first().getByRole('button').first().click();
        await page.getByRole('dialog').locator('img').waitFor();
        await snap(page, `${name}-gallery`);
        await page.keyboard.press('Escape');
      } else if (look.user === 'amelia.broussard') {
        await log(page).getByTestId('ack-status').click();
        await page.waitForTimeout(400);
        await snap(page, `${name}-details`);
      }
      expect(errors()).toEqual([]);
      await context.close();
    }
  });
});
