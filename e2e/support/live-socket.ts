import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import type { RunningServer } from './server';

/** The app's socket as a tab (or a phone) signed in with `token` holds it, handed back once connected. */
export async function connectedSocket(server: RunningServer, token: string): Promise<Socket> {
  const socket = io(server.url, {
    path: '/server/socket.io',
    query: { token, uuid: randomUUID() },
    transports: ['websocket'],
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}
