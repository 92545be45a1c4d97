import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, snap } from '../support/browser';
import { callPage, lookAtCall } from '../support/call-pages';
import { demo } from '../support/demo';
import { directRoom } from '../support/direct-room';
import { useCallJourney } from '../support/pages/call';
import { bubble, composer, openFromRecent } from '../support/pages/room';

/**
 * The call overlay as issue 28's walk found it: an incoming call takes focus (unless someone is typing) and
 * answers to Alt+Shift+A / Alt+Shift+D, announced to screen readers; the large card and the small window hide
 * no control, the small one is dragged (mouse or arrow keys), stays inside the window and is found where it
 * was left on the next call; the tooltip of the button that started the call goes away.
 */

const { server, browser, apiSession, logout, setPreferences } = useCallJourney();

const NURSE = 'Amelia Broussard';
const DOCTOR = 'Noah Thibodeaux';

/**
 * The controls (buttons, links, fields) outside `overlay` that it covers: their middle is under it, so a click
 * there would land on the call instead.
 */
function coveredControls(overlay: Locator): Promise<string[]> {
  return overlay.evaluate((box) => {
    const selector = 'button, a[href], input, textarea, select, [role="button"], [role="link"], [role="tab"]';
    return Array.from(document.querySelectorAll<HTMLElement>(selector))
      .filter((el) => !box.contains(el) && el.checkVisibility())
      .filter((el) => {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) return false;
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return hit !== null && box.contains(hit);
      })
      .map((el) => el.getAttribute('aria-label') || el.textContent?.trim() || el.tagName);
  });
}

/** What reaches below the window (the page would scroll): empty when the screen fits it. */
const overflow = (page: Page) =>
  page.evaluate(() =>
    document.documentElement.scrollHeight <= window.innerHeight
      ? []
      : Array.from(document.querySelectorAll<HTMLElement>('body *'))
          .filter((el) => el.getBoundingClientRect().bottom > window.innerHeight + 1)
          .slice(0, 8)
          .map((el) => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().bottom)}`),
  );

const activeName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el?.getAttribute('aria-label') ?? el?.tagName ?? '';
  });

async function twoPeople() {
  await setPreferences(demo('amelia.broussard'), 'en', 'light');
  await setPreferences(demo('noah.thibodeaux'), 'fr', 'dark');
  const nurse = await apiSession(demo('amelia.broussard'));
  const doctor = await apiSession(demo('noah.thibodeaux'));
  await directRoom(server(), nurse, doctor.id);
  await logout(nurse);
  await logout(doctor);
  const nurseIn = await callPage(browser(), server().url, demo('amelia.broussard'));
  const doctorIn = await callPage(browser(), server().url, demo('noah.thibodeaux'), { colorScheme: 'dark' });
  return { nurseIn, doctorIn };
}

describe('call overlay', () => {
  it('takes focus for a ringing call unless someone types, answers to its shortcuts, and drops the caller’s tooltip', async () => {
    const { nurseIn, doctorIn } = await twoPeople();
    const [nurse, doctor] = [nurseIn.page, doctorIn.page];
    await openFromRecent(nurse, DOCTOR);

    // The physician is on Recent, nothing being typed: the ringing card takes focus, on Accept.
    const startVoice = nurse.getByRole('button', { name: 'Start a voice call' });
    await startVoice.hover();
    await nurse.getByRole('tooltip', { name: 'Start a voice call' }).waitFor();
    await startVoice.click();
    const nurseCall = nurse.getByRole('region', { name: 'Call' });
    await nurseCall.getByText('Calling…').waitFor();
    // The button that started the call is disabled during it: its tooltip goes, the pointer still resting there.
    await expect.poll(() => nurse.getByRole('tooltip').count(), { timeout: 3_000 }).toBe(0);

    const card = doctor.getByRole('dialog', { name: `Appel vocal entrant: ${NURSE}` });
    await card.waitFor();
    const accept = card.getByRole('button', { name: 'Accepter', exact: true });
    const decline = card.getByRole('button', { name: 'Refuser', exact: true });
    await expect.poll(() => activeName(doctor)).toBe('Accepter');
    await expect(accept.getAttribute('aria-keyshortcuts')).resolves.toBe('Alt+Shift+A');
    await expect(decline.getAttribute('aria-keyshortcuts')).resolves.toBe('Alt+Shift+D');
    // Told to a screen reader: in the card's description, and announced where focus stayed elsewhere.
    const description = await card.evaluate(
      (el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
    );
    expect(description).toContain('Alt+Maj+A');
    await expect
      .poll(() => doctor.locator('[data-call-announcer]').textContent())
      .toContain(`Appel vocal entrant: ${NURSE}`);
    await snap(doctor, 'call-overlay-ringing-focus-dark-fr');

    // Declined by its shortcut.
    await doctor.keyboard.press('Alt+Shift+D');
    await card.waitFor({ state: 'detached' });
    await nurseCall.waitFor({ state: 'detached' });

    // Now he is writing in the nurse's room when she calls: his words keep focus; Alt+Shift+A answers.
    await openFromRecent(doctor, NURSE);
    const field = composer(doctor, 'Écrire un message');
    await field.click();
    await doctor.keyboard.type('Vitals at 3');
    await nurse.mouse.move(1, 1);
    await startVoice.click();
    await card.waitFor();
    await doctor.keyboard.type('am');
    await expect(field.inputValue()).resolves.toBe('Vitals at 3am');
    await expect(field.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await doctor.keyboard.press('Alt+Shift+A');
    await doctor.getByRole('region', { name: 'Appel' }).waitFor();
    await card.waitFor({ state: 'detached' });
    await expect(field.inputValue()).resolves.toBe('Vitals at 3am');
    await nurseCall.getByText(/^\d\d:\d\d$/).waitFor();
    await nurseCall.getByRole('button', { name: 'Leave call' }).click();
    await nurseCall.waitFor({ state: 'detached' });

    // The ringing card on a phone, in both looks.
    await doctor.setViewportSize(PHONE);
    await doctor.getByRole('link', { name: 'Récents' }).first().click();
    await startVoice.click();
    await card.waitFor();
    await expect.poll(() => activeName(doctor)).toBe('Accepter');
    await snap(doctor, 'call-overlay-ringing-phone-dark-fr');
    await nurse.setViewportSize(PHONE);
    await nurse.getByRole('link', { name: 'Recent' }).first().click();
    await nurse.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await doctor.keyboard.press('Alt+Shift+A');
    await doctor.getByRole('region', { name: 'Appel' }).waitFor();
    await nurseCall.getByText(/^\d\d:\d\d$/).waitFor();
    await lookAtCall(nurse, 'call-overlay-large-phone-light-en');
    await nurseCall.getByRole('button', { name: 'Leave call' }).click();
    await nurseCall.waitFor({ state: 'detached' });
    await doctor.setViewportSize(DESKTOP);
    await nurse.setViewportSize(DESKTOP);
    expect([...nurseIn.errors(), ...doctorIn.errors()]).toEqual([]);
  }, 360_000);

  it('places the call where it hides no control; the small window is dragged, kept inside and remembered', async () => {
    const { nurseIn, doctorIn } = await twoPeople();
    const [nurse, doctor] = [nurseIn.page, doctorIn.page];
    const call = nurse.getByRole('region', { name: 'Call' });
    // Messages at the top of the room: a call covering them would hide them (and their buttons).
    await openFromRecent(nurse, DOCTOR);
    for (const text of ['Bed 4: fluids running', 'Bed 7: ready for discharge']) {
      await composer(nurse).fill(text);
      await nurse.keyboard.press('Enter');
      await bubble(nurse, text).waitFor();
    }
    const startCall = async () => {
      await openFromRecent(nurse, DOCTOR);
      await nurse.getByRole('button', { name: 'Start a voice call' }).click();
      await doctor
        .getByRole('dialog', { name: `Appel vocal entrant: ${NURSE}` })
        .getByRole('button', { name: 'Accepter', exact: true })
        .click();
      await call.getByText(/^\d\d:\d\d$/).waitFor();
    };
    await startCall();

    // Large in the call's room, over none of the room's controls.
    await expect.poll(() => call.getAttribute('data-call-window')).toBe('large');
    await expect(coveredControls(call)).resolves.toEqual([]);
    // The room is moved down by the call's band, not pushed past the bottom of the window.
    await expect.poll(() => overflow(nurse)).toEqual([]);
    await lookAtCall(nurse, 'call-overlay-large-light-en');
    await expect(coveredControls(doctor.getByRole('region', { name: 'Appel' }))).resolves.toEqual([]);

    // Small on Settings, clear of Logout and every other control.
    await nurse.getByRole('link', { name: /, Settings$/ }).click();
    await expect.poll(() => call.getAttribute('data-call-window')).toBe('small');
    await expect(coveredControls(call)).resolves.toEqual([]);
    await lookAtCall(nurse, 'call-overlay-small-settings-light-en');

    // Dragged by its header to the left, then moved by the keyboard.
    const handle = call.locator('[data-call-handle]');
    const grip = (await handle.boundingBox())!;
    await nurse.mouse.move(grip.x + 20, grip.y + grip.height / 2);
    await nurse.mouse.down();
    await nurse.mouse.move(grip.x - 300, grip.y - 200, { steps: 8 });
    await nurse.mouse.up();
    const dragged = (await call.boundingBox())!;
    expect(dragged.x).toBeLessThan(grip.x - 250);
    await expect(nurse.waitForURL((url) => url.pathname === '/settings')).resolves.toBeUndefined();
    await handle.focus();
    await nurse.keyboard.press('ArrowDown');
    await nurse.keyboard.press('ArrowDown');
    const moved = (await call.boundingBox())!;
    expect(moved.y).toBeGreaterThan(dragged.y + 30);
    expect(Math.round(moved.x)).toBe(Math.round(dragged.x));

    // A smaller window keeps it inside.
    await nurse.setViewportSize({ width: 900, height: 600 });
    await expect
      .poll(async () => {
        const box = (await call.boundingBox())!;
        return box.x >= 0 && box.y >= 0 && box.x + box.width <= 900 && box.y + box.height <= 600;
      })
      .toBe(true);
    await nurse.setViewportSize(DESKTOP);

    // The next call's small window comes back where it was put.
    await call.getByRole('button', { name: 'Leave call' }).click();
    await call.waitFor({ state: 'detached' });
    await startCall();
    await nurse.getByRole('link', { name: /, Settings$/ }).click();
    await expect.poll(() => call.getAttribute('data-call-window')).toBe('small');
    await expect
      .poll(async () => {
        const box = (await call.boundingBox())!;
        return [Math.round(box.x), Math.round(box.y)];
      })
      .toEqual([Math.round(moved.x), Math.round(moved.y)]);
    await lookAtCall(nurse, 'call-overlay-small-moved-light-en');

    // The physician in French and dark: small on his Settings, over none of its controls.
    const appel = doctor.getByRole('region', { name: 'Appel' });
    await doctor.getByRole('link', { name: /, Paramètres$/ }).click();
    await expect.poll(() => appel.getAttribute('data-call-window')).toBe('small');
    await expect(coveredControls(appel)).resolves.toEqual([]);
    await lookAtCall(doctor, 'call-overlay-small-settings-dark-fr');
    await openFromRecent(doctor, NURSE);
    await expect(coveredControls(appel)).resolves.toEqual([]);
    await lookAtCall(doctor, 'call-overlay-large-dark-fr');
    await call.getByRole('button', { name: 'Leave call' }).click();
    await call.waitFor({ state: 'detached' });
    expect([...nurseIn.errors(), ...doctorIn.errors()]).toEqual([]);
  }, 360_000);
});
