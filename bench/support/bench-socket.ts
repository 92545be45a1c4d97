import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';

/**
 * A client's socket, as the web app opens it but never reconnecting (a bench counts a lost socket), and
 * patient with a server that thousands of clients are connecting to at once.
 */
export function openBenchSocket(url: string, token: string): Socket {
  return io(url, {
    path: '/server/socket.io',
    query: { token, uuid: randomUUID() },
    transports: ['websocket'],
    reconnection: false,
    timeout: 120_000,
  });
}
