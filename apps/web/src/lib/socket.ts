import { CLIENT_EVENTS } from '@rounds/contracts/events';
import { SOCKET_PATH, TIMINGS } from '@rounds/contracts/limits';
import type { Socket } from 'socket.io-client';
import { inertBidi } from './bidi';
import { readItem, writeItem } from './browser-storage';
import { useSession } from './session-store';

/**
 * The one socket of the tab (doc 2 section 7). Event handlers live with their features (and the session
 * lifecycle in app/session). socket.io-client is imported on demand so the login page does not download it.
 */

const TAB_UUID_KEY = 'rounds.tab-uuid';

/** Per-tab id: sessionStorage is per tab, so two tabs of one user are two sessions to the server. */
export function tabUuid(): string {
  const existing = readItem('session', TAB_UUID_KEY);
  if (existing) return existing;
  const created = crypto.randomUUID();
  writeItem('session', TAB_UUID_KEY, created);
  return created;
}

let socket: Socket | null = null;
let pingTimer: ReturnType<typeof setInterval> | undefined;
// Bumped on every connect/disconnect so a connect still waiting for its import cannot win a later disconnect.
let generation = 0;

export function getSocket(): Socket | null {
  return socket;
}

export async function connectSocket(token: string): Promise<Socket | null> {
  disconnectSocket();
  const mine = ++generation;
  const { io } = await import('socket.io-client');
  if (mine !== generation) return null;

  const uuid = tabUuid();
  socket = io({
    path: SOCKET_PATH,
    query: { token, uuid },
    // Read at every (re)connection: the access token is renewed every few minutes, and a reconnect must
    // present the current one, not the one the socket first opened with. The server reads auth over query.
    auth: (send) => send({ token: useSession.getState().token ?? token, uuid }),
    reconnection: true,
    reconnectionAttempts: Number.POSITIVE_INFINITY,
    reconnectionDelay: TIMINGS.reconnectDelayMinMs,
    reconnectionDelayMax: TIMINGS.reconnectDelayMaxMs,
  });
  // Registered first, so it runs before every feature's handler: user-provided text in any event arrives
  // with its bidirectional controls dropped, as in REST replies (lib/bidi.ts).
  socket.onAny((_event, ...args: unknown[]) => {
    for (const arg of args) inertBidi(arg);
  });
  const current = socket;
  pingTimer = setInterval(() => {
    if (current.connected) current.emit(CLIENT_EVENTS.Ping, { at: Date.now() });
  }, TIMINGS.socketPingMs);
  return socket;
}

export function disconnectSocket(): void {
  generation += 1;
  clearInterval(pingTimer);
  pingTimer = undefined;
  socket?.disconnect();
  socket = null;
}
