import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { snap } from '../support/browser';
import { demo, type TSession } from '../support/demo';
import { log, roomRow, roomTitle } from '../support/pages/room';
import { useDemoStaff } from '../support/pages/sign-in';

/**
 * Call events do not bury clinical messages (issue 28): after an URGENT-worthy message, a call in the room
 * writes its four lines (started, answered, left, ended). Recent still previews what the person wrote, and the
 * room shows the call as one line that opens to show its lines. The call is placed over the sockets (no media
 * is needed for its record), before the reader signs in, so nothing rings.
 */

const { server, apiSession, apiGroup, logout, signIn } = useDemoStaff();

const GROUP = 'ICU night calls';
const TEXT = 'Bed 4 BP 70/40, please come now';

function connect(session: TSession): Socket {
  return io(server().url, {
    path: '/server/socket.io',
    query: { token: session.token, uuid: randomUUID() },
    transports: ['websocket'],
  });
}

async function ack(socket: Socket, event: string, payload: unknown): Promise<void> {
  const reply = (await socket.timeout(10_000).emitWithAck(event, payload)) as { ok: boolean };
  expect(reply, event).toMatchObject({ ok: true });
}

describe('call lines', () => {
  it('previews the person’s message in Recent and folds the call into one line in the room', async () => {
    const nurse = await apiSession(demo('ava.boudreaux'));
    const doctor = await apiSession(demo('benjamin.miller'));
    const twId = await apiGroup(nurse, GROUP, ['Benjamin Miller']);
    const [nurseSocket, doctorSocket] = [connect(nurse), connect(doctor)];
    try {
      await ack(nurseSocket, 'SendMessage', { clientId: randomUUID(), twId, body: TEXT });
      // A call rings only someone connected who can answer: wait until the server counts the physician online.
      await expect
        .poll(async () => {
          const reply = (await nurseSocket.timeout(10_000).emitWithAck('CallInitialize', { twId, video: false })) as {
            ok: boolean;
          };
          return reply.ok;
        })
        .toBe(true);
      await ack(doctorSocket, 'CallAccept', { twId });
      await ack(nurseSocket, 'CallEnd', { twId });
    } finally {
      nurseSocket.close();
      doctorSocket.close();
    }
    await logout(nurse);
    await logout(doctor);

    const looks = [
      { lang: 'en', theme: 'light', mobile: false },
      { lang: 'fr', theme: 'dark', mobile: true },
      { lang: 'en', theme: 'dark', mobile: true },
      { lang: 'fr', theme: 'light', mobile: false },
    ] as const;
    for (const look of looks) {
      const suffix = `${look.theme}-${look.lang}${look.mobile ? '-mobile' : ''}`;
      const { context, page, errors } = await signIn('benjamin.miller', look);
      const row = roomRow(page, GROUP);
      // Recent: the text the nurse wrote, not 'Voice call ended · 0:00'.
      await row.getByText(TEXT, { exact: false }).waitFor();
      await expect(row.getByText(/call ended|appel vocal terminé/i).count()).resolves.toBe(0);
      await snap(page, `call-lines-recent-${suffix}`);

      await row.click();
      await roomTitle(page, GROUP).waitFor();
      // The room: one line for the call, which opens to show its four lines.
      const call = log(page).getByTestId('call-lines');
      await call.waitFor();
      await expect(call.count()).resolves.toBe(1);
      const summary = call.getByRole('button', { expanded: false });
      await summary.getByText(look.lang === 'fr' ? /4 événements/ : /4 events/).waitFor();
      await summary.click();
      await expect.poll(() => call.getByRole('listitem').count()).toBe(4);
      await snap(page, `call-lines-room-${suffix}`);
      expect(errors()).toEqual([]);
      await context.close();
    }
  });
});
