import { userPermissionRoutes } from '@rounds/contracts/user-permissions';
import type { Page } from 'playwright-core';
import type { Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { apiLogin, call, DEMO_PASSWORD } from '../support/api';
import { openContext } from '../support/app';
import { snap, watchErrors } from '../support/browser';
import { demo } from '../support/demo';
import { directRoom } from '../support/direct-room';
import { connectedSocket } from '../support/live-socket';
import { loginUi } from '../support/login-ui';
import { openRoom } from '../support/pages/room';
import { useDemoStaff } from '../support/pages/sign-in';
import { ADMIN } from '../support/server';

/**
 * Calling someone who cannot answer (issue 28, spec doc 2 section 6): the call button opens 'Contact is not
 * available for this call.' instead of ringing nobody, when the contact is offline and when the contact is
 * connected without the call's permission. No media: nothing rings, so no media lane either.
 */

const { server, browser, apiSession, idOf, logout, setPreferences } = useDemoStaff();

const NURSE = 'amelia.broussard';
const DOCTOR = 'Noah Thibodeaux';
const TEXTS = {
  en: { voice: 'Start a voice call', title: 'Not available', body: 'Contact is not available for this call.' },
  fr: {
    voice: 'Lancer un appel vocal',
    title: 'Indisponible',
    body: 'Le contact n’est pas disponible pour cet appel.',
  },
};
const sockets: Socket[] = [];
afterAll(() => {
  for (const socket of sockets) socket.close();
});

async function signedIn(language: 'en' | 'fr', theme: 'light' | 'dark', mobile: boolean) {
  await setPreferences(demo(NURSE), language, theme);
  const context = await openContext(browser(), { baseURL: server().url, colorScheme: theme, mobile });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await loginUi(page, demo(NURSE), DEMO_PASSWORD);
  return { context, page, errors };
}

async function openDoctor(page: Page): Promise<void> {
  await openRoom(page, DOCTOR);
}

/** Presses the voice call button and expects the spec's modal, not a call. */
async function expectUnavailable(page: Page, language: 'en' | 'fr', shot: string): Promise<void> {
  const texts = TEXTS[language];
  await page.getByRole('button', { name: texts.voice }).click();
  const modal = page.getByRole('dialog', { name: texts.title });
  await modal.getByText(texts.body).waitFor();
  await snap(page, shot);
  await modal.getByRole('button', { name: 'OK' }).click();
  await modal.waitFor({ state: 'detached' });
  expect(await page.getByRole('region', { name: /^(Call|Appel)$/ }).count()).toBe(0);
}

type TLook = readonly ['en' | 'fr', 'light' | 'dark', boolean];

/** The nurse, signed in with each look, presses the call button in the physician's room and gets the modal. */
async function refusedIn(looks: readonly TLook[], why: string): Promise<void> {
  for (const [language, theme, mobile] of looks) {
    const { context, page, errors } = await signedIn(language, theme, mobile);
    await openDoctor(page);
    await expectUnavailable(
      page,
      language,
      `call-unavailable-${why}-${theme}-${language}-${mobile ? 'phone' : 'desktop'}`,
    );
    expect(errors()).toEqual([]);
    await context.close();
  }
}

describe('calling someone who cannot answer', () => {
  it('sets up a direct chat with a physician who is not signed in', async () => {
    const nurse = await apiSession(demo(NURSE));
    await directRoom(server(), nurse, await idOf(nurse, DOCTOR));
    await logout(nurse);
  });

  it('says the contact is not available while they are offline (en light desktop, fr dark phone)', async () => {
    await refusedIn(
      [
        ['en', 'light', false],
        ['fr', 'dark', true],
      ],
      'offline',
    );
  });

  it('says so too when the contact is connected without the voice permission', async () => {
    const adminToken = await apiLogin(server(), ADMIN.email, ADMIN.password);
    const doctor = await apiSession(demo('noah.thibodeaux'));
    const off = await call(server(), userPermissionRoutes.set, {
      body: { userId: doctor.id, permission: 'voice', value: false },
      token: adminToken,
    });
    expect(off.status).toBe(200);
    // The physician is online: his socket is connected, as a tab of his would be.
    const socket = await connectedSocket(server(), doctor.token);
    sockets.push(socket);

    // He shows as online, and still the call is refused before anyone is rung.
    await refusedIn(
      [
        ['en', 'dark', true],
        ['fr', 'light', false],
      ],
      'permission',
    );
  });
});
