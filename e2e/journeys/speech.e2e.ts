import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { userPermissionRoutes } from '@rounds/contracts/user-permissions';
import { speechWav } from '@rounds/test-kit/speech-audio';
import { type SttStandIn, startSttStandIn } from '@rounds/test-kit/stt-stand-in';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, call, DEMO_PASSWORD } from '../support/api';
import { dismissToasts, openWatchedPage } from '../support/app';
import { launchBrowser, snap } from '../support/browser';
import { budget } from '../support/budget';
import { demo, demoApi } from '../support/demo';
import { loginUi } from '../support/login-ui';
import { bubble, composer, openDirect } from '../support/pages/room';
import { ADMIN, type RunningServer, startServer } from '../support/server';

/**
 * Dictation end to end: Chromium's fake microphone plays speech made with espeak-ng, the real server relays
 * it to the stand-in speech engine (packages/test-kit/src/stt-stand-in.ts), whose "recognised text" names
 * how much audio it heard. A nurse holds the button and sees the words arrive in the message box, edits and
 * sends; a user without the permission has no button; an Admin taking the permission away ends a dictation
 * under way. Looked at in both languages and themes.
 */

let server: RunningServer;
let browser: Browser;
let engine: SttStandIn;
let audioDir: string;
const { apiSession, logout, setPreferences } = demoApi(() => server);

beforeAll(async () => {
  audioDir = mkdtempSync(join(tmpdir(), 'rounds-speech-e2e-'));
  const wav = join(audioDir, 'speech.wav');
  writeFileSync(wav, speechWav('Patient in bed four needs a blood test this afternoon, please call the lab.'));
  engine = await startSttStandIn();
  const dist = process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {};
  [server, browser] = await Promise.all([
    startServer({
      SEED_DEMO: '1',
      LOGIN_RATE_LIMIT: '500',
      RATE_LIMIT_MAX: '100000',
      STT_URL: engine.url,
      STT_PARTIAL_MS: '700',
      ...dist,
    }),
    launchBrowser([`--use-file-for-fake-audio-capture=${wav}`]),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await engine?.close();
  rmSync(audioDir, { recursive: true, force: true });
});

const HEARD = /^(Heard|Entendu) [\d.,]+ sec/;

/** The Admin changes a user's speechToText permission through the API, as the admin screen would. */
async function setSpeechPermission(userId: string, value: boolean): Promise<void> {
  const adminToken = await apiLogin(server, ADMIN.email, ADMIN.password);
  const reply = await call(server, userPermissionRoutes.set, {
    body: { userId, permission: 'speechToText', value },
    token: adminToken,
  });
  expect(reply.status).toBe(200);
}

async function signedIn(name: string, language: 'en' | 'fr', theme: 'light' | 'dark', mobile = false) {
  await setPreferences(demo(name), language, theme);
  const { page, errors } = await openWatchedPage(browser, { baseURL: server.url, colorScheme: theme, mobile });
  await loginUi(page, demo(name), DEMO_PASSWORD);
  return { page, errors };
}

/** Holds the dictation button down with the mouse, as a gloved finger would. */
async function press(page: Page, name: string): Promise<void> {
  const box = (await page.getByRole('button', { name }).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
}

describe('speech to text', () => {
  it('hold to talk: words arrive in the message box while speaking, final on release, edited and sent', async () => {
    const { page, errors } = await signedIn('olivia.landry', 'en', 'light');
    await openDirect(page, 'Liam Hebert');
    const box = composer(page);
    await box.fill('Lab:');

    await press(page, 'Dictate a message');
    const bar = page.getByTestId('dictation-bar');
    await bar.getByText('Listening… the words appear in the message box').waitFor();
    // Text appears while the button is still held: the growing windows.
    await expect.poll(() => box.inputValue(), { timeout: budget(15_000) }).toMatch(/^Lab: Heard /);
    await expect(box.getAttribute('readonly')).resolves.not.toBeNull();
    await page
      .getByTestId('dictation-timer')
      .getByText(/^0:0[1-9] \/ 2:00$/)
      .waitFor();
    await snap(page, 'speech-listening-light-en');
    const heardWhileHeld = Number(/Heard ([\d.]+)/.exec(await box.inputValue())?.[1]);
    await page.waitForTimeout(1500);
    await page.mouse.up();

    // Released: the final text for the whole audio, at the cursor, and the box editable again.
    await expect.poll(() => bar.count(), { timeout: budget(15_000) }).toBe(0);
    const final = await box.inputValue();
    expect(final.slice('Lab: '.length)).toMatch(HEARD);
    expect(Number(/Heard ([\d.]+)/.exec(final)?.[1])).toBeGreaterThan(heardWhileHeld);
    await expect(box.getAttribute('readonly')).resolves.toBeNull();
    // Never sent by itself.
    await expect(bubble(page, 'Heard').count()).resolves.toBe(0);
    // The engine got the language and WAV audio.
    expect(engine.requests.at(-1)).toMatchObject({ language: 'en', mime: 'audio/wav' });

    await box.press('End');
    await box.pressSequentially(' Thanks.');
    await box.press('Enter');
    await bubble(page, `${final.slice('Lab: '.length)} Thanks.`).waitFor();
    await expect(box.inputValue()).resolves.toBe('');
    expect(errors()).toEqual([]);
  });

  it('click to start and stop, in French and dark', async () => {
    const { page, errors } = await signedIn('noah.thibodeaux', 'fr', 'dark');
    await openDirect(page, 'Liam Hebert');
    const box = composer(page, 'Écrire un message');
    const start = page.getByRole('button', { name: 'Dicter un message' });
    await start.click();
    await page.getByText('À l’écoute… les mots s’affichent dans le message').waitFor();
    await expect.poll(() => box.inputValue(), { timeout: budget(15_000) }).toMatch(/^Entendu /);
    await snap(page, 'speech-listening-dark-fr');
    await page.getByRole('button', { name: 'Arrêter la dictée' }).click();
    await expect.poll(() => page.getByTestId('dictation-bar').count(), { timeout: budget(15_000) }).toBe(0);
    expect(await box.inputValue()).toMatch(HEARD);
    expect(engine.requests.at(-1)?.language).toBe('fr');
    await snap(page, 'speech-done-dark-fr');
    expect(errors()).toEqual([]);
  });

  it('fits a phone: the bar and the buttons beside the message box', async () => {
    const { page, errors } = await signedIn('amelia.broussard', 'en', 'light', true);
    await openDirect(page, 'Liam Hebert');
    await page.getByRole('button', { name: 'Dictate a message' }).click();
    await expect.poll(() => composer(page).inputValue(), { timeout: budget(15_000) }).toMatch(/^Heard /);
    const bar = (await page.getByTestId('dictation-bar').boundingBox())!;
    expect(bar.x + bar.width).toBeLessThanOrEqual(390);
    await snap(page, 'speech-listening-mobile-light-en');
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect.poll(() => page.getByTestId('dictation-bar').count(), { timeout: budget(15_000) }).toBe(0);
    expect(errors()).toEqual([]);
  });

  it('no button without the permission; the permission removed live ends a dictation under way', async () => {
    const emma = await apiSession(demo('emma.guidry'));
    await logout(emma);
    await setSpeechPermission(emma.id, false);
    const noButton = await signedIn('emma.guidry', 'en', 'dark');
    await openDirect(noButton.page, 'Liam Hebert');
    await composer(noButton.page).waitFor();
    await expect(noButton.page.getByRole('button', { name: 'Dictate a message' }).count()).resolves.toBe(0);
    await snap(noButton.page, 'speech-no-permission-dark-en');

    const lucas = await apiSession(demo('lucas.fontenot'));
    await logout(lucas);
    const { page } = await signedIn('lucas.fontenot', 'en', 'light');
    await openDirect(page, 'Liam Hebert');
    await page.getByRole('button', { name: 'Dictate a message' }).click();
    await expect.poll(() => composer(page).inputValue(), { timeout: budget(15_000) }).toMatch(/^Heard /);
    await setSpeechPermission(lucas.id, false);
    await page.getByText('You are not allowed to use speech to text.').waitFor();
    await expect.poll(() => page.getByTestId('dictation-bar').count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Dictate a message' }).count()).toBe(0);
    // What was recognised stays for the user to keep or delete; the box is editable.
    await expect(composer(page).getAttribute('readonly')).resolves.toBeNull();
    await snap(page, 'speech-permission-removed-light-en');
    await dismissToasts(page);
    // Given back: the button returns without a reload.
    await setSpeechPermission(lucas.id, true);
    await page.getByRole('button', { name: 'Dictate a message' }).waitFor();
  });
});
