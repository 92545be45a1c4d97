import {
  CLIENT_EVENT_CONTRACTS,
  CLIENT_EVENTS,
  SERVER_EVENT_PAYLOADS,
  type TClientAck,
  type TClientEventName,
  type TClientRequest,
  type TServerEventName,
  type TServerEventPayload,
} from '@rounds/contracts/events';
import { SOCKET_PATH, TIMINGS } from '@rounds/contracts/limits';
import type { Socket } from 'socket.io-client';
import { inertBidi } from './bidi';
import { readItem, writeItem } from './browser-storage';
import { useSession } from './session-store';

/**
 * The one socket of the tab (doc 2 section 7), and the only way features use it: `subscribe(event, handler)`
 * hands the handler the payload parsed with the event's contract (a malformed one never reaches it), and
 * `request(event, payload)` sends a client event and resolves to its parsed acknowledgement. Subscriptions
 * outlive the socket object: a new connection (another login) keeps them. socket.io-client is imported on demand
 * so the login page does not download it.
 */

const TAB_UUID_KEY = 'rounds.tab-uuid';

/** How long to wait for an acknowledgement before treating the event as unanswered. */
const ACK_TIMEOUT_MS = 10_000;

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
let stopTokenWatch: (() => void) | undefined;
// Bumped on every connect/disconnect so a connect still waiting for its import cannot win a later disconnect.
let generation = 0;

type Listener = (payload: unknown) => void;
const subscribers = new Map<string, Set<Listener>>();
const connectListeners = new Set<() => void>();
// performance.now() of the latest connection; 0 before the first. Lists fetched before it may miss events.
let connectedAt = 0;
// A connection was asked for (connectSocket) and has not been dropped (disconnectSocket).
let wanted = false;

function dispatch(event: string, payload: unknown): void {
  const listeners = subscribers.get(event);
  if (!listeners?.size) return;
  const schema = SERVER_EVENT_PAYLOADS[event as TServerEventName];
  if (!schema) return;
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    if (import.meta.env?.DEV) console.warn(`socket event ${event} does not match its contract`, parsed.error);
    return;
  }
  for (const listener of [...listeners]) listener(parsed.data);
}

/** Calls `handler` with every `event` from the server, parsed with its contract. Returns the unsubscribe. */
export function subscribe<E extends TServerEventName>(
  event: E,
  handler: (payload: TServerEventPayload<E>) => void,
): () => void {
  let listeners = subscribers.get(event);
  if (!listeners) {
    listeners = new Set();
    subscribers.set(event, listeners);
  }
  const listener = handler as Listener;
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Calls `handler` on every (re)connection of the socket: what was missed meanwhile is fetched again. */
export function onSocketConnect(handler: () => void): () => void {
  connectListeners.add(handler);
  return () => {
    connectListeners.delete(handler);
  };
}

/** When the socket last (re)connected (performance.now()); 0 if it never has. */
export function lastSocketConnectAt(): number {
  return connectedAt;
}

/**
 * Resolves once the socket is connected, at once when none is on its way, and after `timeoutMs` at the latest.
 * A list fetched after the connection needs no catch-up: every later change arrives as an event.
 */
export function socketReady(timeoutMs: number): Promise<void> {
  // Signed in but not yet connected counts as on its way: a screen's first query may start before the
  // session's effect opens the socket.
  if (socket?.connected || (!wanted && !useSession.getState().token)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      off();
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    const off = onSocketConnect(done);
  });
}

export type TSocketFailure = 'offline' | 'timeout' | 'disconnected' | 'invalid';

/** The event got no usable acknowledgement; `reason` says why. A refusal is an acknowledgement, not this. */
export class SocketRequestError extends Error {
  constructor(readonly reason: TSocketFailure) {
    super(`socket request failed: ${reason}`);
    this.name = 'SocketRequestError';
  }
}

type TRequestOptions = {
  timeoutMs?: number;
  /** 'queue': sent when the socket (re)connects (socket.io buffers it); the default fails at once. */
  whenOffline?: 'fail' | 'queue';
};

/**
 * Sends a client event and resolves to its acknowledgement, parsed with the event's contract: the handler's
 * success, or `{ ok: false, message, code }` (message in the user's language). Rejects with SocketRequestError
 * when there is no answer: no socket, not connected, the connection lost while waiting, or the time-out.
 */
export function request<E extends TClientEventName>(
  event: E,
  payload: TClientRequest<E>,
  { timeoutMs = ACK_TIMEOUT_MS, whenOffline = 'fail' }: TRequestOptions = {},
): Promise<TClientAck<E>> {
  const current = socket;
  if (!current || (!current.connected && whenOffline === 'fail')) {
    return Promise.reject(new SocketRequestError('offline'));
  }
  return new Promise((resolve, reject) => {
    let settled = false;
    const wasConnected = current.connected;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      current.off('disconnect', onDisconnect);
      outcome();
    };
    // A lost connection ends the wait at once rather than after the time-out (a queued event waits for it).
    const onDisconnect = () => finish(() => reject(new SocketRequestError('disconnected')));
    if (wasConnected) current.on('disconnect', onDisconnect);
    current.timeout(timeoutMs).emit(event, payload, (error: unknown, reply: unknown) => {
      if (error) return finish(() => reject(new SocketRequestError('timeout')));
      // Acks bypass the catch-all listener below: user-provided text in them is made inert here.
      const parsed = CLIENT_EVENT_CONTRACTS[event].ack.safeParse(inertBidi(reply));
      if (!parsed.success) return finish(() => reject(new SocketRequestError('invalid')));
      finish(() => resolve(parsed.data as TClientAck<E>));
    });
  });
}

/** Whether the tab's socket is connected now. */
export function isSocketConnected(): boolean {
  return socket?.connected === true;
}

export function getSocket(): Socket | null {
  return socket;
}

export async function connectSocket(token: string): Promise<Socket | null> {
  disconnectSocket();
  wanted = true;
  const mine = ++generation;
  const { io } = await import('socket.io-client');
  if (mine !== generation) return null;

  const uuid = tabUuid();
  socket = io({
    path: SOCKET_PATH,
    query: { token, uuid },
    // WebSocket first, so no sticky sessions are needed behind a load balancer with several processes;
    // long-polling only where a WebSocket cannot be opened (docs/decisions.md "WebSocket only").
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
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
  current.onAny(dispatch);
  current.on('connect', () => {
    connectedAt = performance.now();
    for (const listener of [...connectListeners]) listener();
  });
  // The server ends a socket when the token it presented expires: each renewed token is handed to the open
  // socket (Authenticate), so a connection lives as long as the session does.
  stopTokenWatch = useSession.subscribe((state, previous) => {
    if (!state.token || state.token === previous.token || !current.connected) return;
    void request(CLIENT_EVENTS.Authenticate, { token: state.token }).catch(() => undefined);
  });
  pingTimer = setInterval(() => {
    if (current.connected) void request(CLIENT_EVENTS.Ping, { at: Date.now() }).catch(() => undefined);
  }, TIMINGS.socketPingMs);
  return socket;
}

export function disconnectSocket(): void {
  generation += 1;
  wanted = false;
  clearInterval(pingTimer);
  pingTimer = undefined;
  stopTokenWatch?.();
  stopTokenWatch = undefined;
  socket?.offAny(dispatch);
  socket?.disconnect();
  socket = null;
}
