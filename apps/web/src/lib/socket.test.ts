import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SOCKET_PATH } from '@rounds/contracts/limits';
import { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useSession } from './session-store';
import { connectSocket, disconnectSocket, onSocketConnect, request, SocketRequestError, subscribe } from './socket';

/**
 * lib/socket against a real socket.io server playing Rounds: subscribe() hands handlers only payloads that
 * match the event's contract, request() resolves to the parsed acknowledgement and rejects when there is none.
 */
const ID = 'a'.repeat(24);
let io: Server;
const seen: { event: string; payload: unknown }[] = [];

beforeAll(async () => {
  const http = createServer();
  io = new Server(http, { path: SOCKET_PATH });
  io.on('connection', (socket) => {
    socket.onAny((event: string, payload: unknown) => seen.push({ event, payload }));
    socket.on('Typing', (_p, ack: (a: unknown) => void) => ack({ ok: true }));
    socket.on('SendMessage', (_p, ack: (a: unknown) => void) =>
      ack({ ok: false, code: 'RATE_LIMITED', message: 'Too many requests, please try again in 9 seconds.' }),
    );
    socket.on('ChangeChatStatus', (_p, ack: (a: unknown) => void) => ack({ nonsense: true }));
    socket.on('Authenticate', (_p, ack: (a: unknown) => void) => ack({ ok: true, expiresAt: 1 }));
    // Ping is never answered here.
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  // socket.io-client connects to the page's own origin, as the app does.
  Object.defineProperty(globalThis, 'location', { value: new URL(`http://127.0.0.1:${port}/`), configurable: true });
});
afterAll(async () => {
  disconnectSocket();
  await new Promise((resolve) => io.close(resolve));
});

describe('lib/socket', () => {
  it('subscribes with parsed payloads, requests with parsed acknowledgements', async () => {
    const connects: number[] = [];
    const offConnect = onSocketConnect(() => connects.push(Date.now()));
    const got: string[] = [];
    // Subscriptions made before the socket exists are kept for it.
    const off = subscribe('NewRegisteredContact', ({ userId }) => got.push(userId));
    const socket = await connectSocket('token-1');
    await new Promise<void>((resolve) => socket!.once('connect', () => resolve()));
    expect(connects).toHaveLength(1);

    io.emit('NewRegisteredContact', { userId: ID });
    io.emit('NewRegisteredContact', { userId: 42 });
    io.emit('NewRegisteredContact', { userId: ID.replace(/a/g, 'b') });
    await new Promise((r) => setTimeout(r, 200));
    // The malformed one never reached the handler.
    expect(got).toEqual([ID, 'b'.repeat(24)]);
    off();
    io.emit('NewRegisteredContact', { userId: ID });
    await new Promise((r) => setTimeout(r, 100));
    expect(got).toHaveLength(2);

    expect(await request('Typing', { twId: ID })).toEqual({ ok: true });
    expect(await request('SendMessage', { clientId: 'client-0001', twId: ID, body: 'hi' })).toEqual({
      ok: false,
      code: 'RATE_LIMITED',
      message: 'Too many requests, please try again in 9 seconds.',
    });
    await expect(request('ChangeChatStatus', { chatStatus: 3, manual: true })).rejects.toMatchObject({
      reason: 'invalid',
    });
    await expect(request('Ping', { at: 1 }, { timeoutMs: 200 })).rejects.toBeInstanceOf(SocketRequestError);

    // A renewed token is handed to the open socket.
    useSession.setState({ token: 'token-2' });
    await new Promise((r) => setTimeout(r, 200));
    expect(seen.filter((s) => s.event === 'Authenticate').map((s) => s.payload)).toEqual([{ token: 'token-2' }]);

    disconnectSocket();
    await expect(request('Typing', { twId: ID })).rejects.toMatchObject({ reason: 'offline' });
    offConnect();
  });
});
