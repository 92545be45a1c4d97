import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TCall } from '@rounds/contracts/calls';
import { SOCKET_PATH } from '@rounds/contracts/limits';
import { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSession } from '../../lib/session-store';
import { connectSocket, disconnectSocket } from '../../lib/socket';
import { callAction } from './call-actions';
import { useCalls } from './call-store';

/**
 * A call rings from the first read of live calls, which can come before the socket of a tab just signed in is
 * connected: Accept pressed then waits for the socket instead of failing (the "lost Accept").
 */
const id = (n: string) => n.padStart(24, '0');
const accepted: TCall = {
  id: id('9'),
  twId: id('8'),
  type: 'voice',
  status: 'started',
  initializerId: id('1'),
  transport: 'mesh',
  createdAt: 0,
  startedAt: 1,
  endedAt: null,
  version: 2,
  participants: ['1', '2'].map((p) => ({
    id: id(p),
    fullName: `Person ${p}`,
    status: 'accepted' as const,
    tabId: `tab-${p}`,
    voice: true,
    video: false,
    screenShare: false,
    voiceDuringScreenShare: true,
    ringingSince: null,
  })),
};

let io: Server;
beforeAll(async () => {
  const http = createServer();
  io = new Server(http, { path: SOCKET_PATH });
  io.on('connection', (socket) => {
    socket.on('CallAccept', (_p, ack: (a: unknown) => void) => ack({ ok: true, call: accepted }));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  Object.defineProperty(globalThis, 'location', { value: new URL(`http://127.0.0.1:${port}/`), configurable: true });
});
afterAll(async () => {
  disconnectSocket();
  useSession.setState({ token: null });
  await new Promise((resolve) => io.close(resolve));
});

describe('call actions', () => {
  it('wait for a socket still connecting instead of failing', async () => {
    // Signed in, socket not yet opened: the session effect opens it a moment later.
    useSession.setState({ token: 'token-1' });
    const pending = callAction('CallAccept', { twId: accepted.twId, audioOnly: false });
    await new Promise((r) => setTimeout(r, 100));
    await connectSocket('token-1');
    await expect(pending).resolves.toMatchObject({ id: accepted.id, status: 'started' });
    expect(useCalls.getState().calls[accepted.twId]?.version).toBe(2);
  });
});
