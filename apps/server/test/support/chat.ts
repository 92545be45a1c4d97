import { randomUUID } from 'node:crypto';
import type { TApiRoute, TReplyOf } from '@rounds/contracts/api-route';
import { chatRoomRoutes, type TChatRoom, type TMessage, ZChatRoomReply, ZSendMessageAck } from '@rounds/contracts/chat';
import { io as connect, type Socket } from 'socket.io-client';
import { onTestFinished, vi } from 'vitest';
import { callRoute, type TErrorBody, type TRouteInput } from './call-route';
import type { TestApp } from './test-app';
import { createUser, login } from './users';

export type Member = { id: string; email: string; token: string; name: string };

/** A user who has signed in (only they can be put in groups), with a token. */
export async function member(t: TestApp, firstName = 'Test', lastName?: string): Promise<Member> {
  const u = await createUser(t.app, { firstName, ...(lastName ? { lastName } : {}) });
  const { token } = await login(t.app, u.email);
  const row = await t.app.db
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('id', '=', u.id)
    .executeTakeFirstOrThrow();
  return { id: u.id, email: u.email, token, name: `${row.first_name} ${row.last_name}` };
}

/** A member allowed voice and video calls (both off unless granted, doc 2 section 4), or the permissions given. */
export async function caller(
  t: TestApp,
  name: string,
  permissions: { voice?: boolean; video?: boolean } = { voice: true, video: true },
): Promise<Member> {
  const m = await member(t, name);
  await t.app.db
    .updateTable('users')
    .set({ permissions: JSON.stringify(permissions) })
    .where('id', '=', m.id)
    .execute();
  return m;
}

/** A socket of the session whose access token is given, closed when the test ends; answers once connected. */
export async function connectAs(t: TestApp, token: string, tab = randomUUID()): Promise<Socket> {
  const socket = connect(t.url(), {
    path: '/server/socket.io',
    query: { token, uuid: tab },
    transports: ['websocket'],
    reconnection: false,
  });
  onTestFinished(() => {
    socket.disconnect();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/**
 * A connected socket of that user (a tab), closed when the test ends. It returns once the server counts the
 * user connected (presence is written a moment after the handshake), as a tab the user sees open is.
 */
export async function openSocket(t: TestApp, m: Member, tab = randomUUID()): Promise<Socket> {
  const socket = await connectAs(t, m.token, tab);
  await vi.waitFor(
    async () => {
      if (!(await t.app.presence.connectedUsers([m.id])).has(m.id)) throw new Error(`${m.name} not connected yet`);
    },
    { timeout: 5_000, interval: 5 },
  );
  return socket;
}

/** Emits and waits for the acknowledgement. */
export function emitAck<T = Record<string, unknown>>(socket: Socket, event: string, payload: unknown): Promise<T> {
  return socket.timeout(5_000).emitWithAck(event, payload) as Promise<T>;
}

/** Sends a message from this socket (a fresh clientId unless the payload names one): its acknowledgement. */
export async function sendMessage(socket: Socket, payload: Record<string, unknown>) {
  return ZSendMessageAck.parse(await emitAck(socket, 'SendMessage', { clientId: randomUUID(), ...payload }));
}

/** Sends a message the test needs sent: the stored message; a refusal throws. */
export async function sentMessage(socket: Socket, payload: Record<string, unknown>): Promise<TMessage> {
  const ack = await sendMessage(socket, payload);
  if (!ack.ok) throw new Error(ack.message);
  return ack.message;
}

/** Records every payload of `event` on the socket, to assert on later. */
export function collect<T = Record<string, unknown>>(socket: Socket, event: string) {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return {
    seen,
    /** The first payload (seen or to come) matching `match`, within 5 s. */
    next: (match: (p: T) => boolean = () => true) =>
      new Promise<T>((resolve, reject) => {
        const found = seen.find(match);
        if (found) return resolve(found);
        const timer = setTimeout(() => reject(new Error(`no ${event} arrived`)), 5_000);
        const listener = (p: T) => {
          if (!match(p)) return;
          clearTimeout(timer);
          socket.off(event, listener);
          resolve(p);
        };
        socket.on(event, listener);
      }),
  };
}

/**
 * Waits until this app's notification worker has sent every SMS and email due (jobs/notification-worker.ts):
 * they go after the commit, not with the acknowledgement.
 */
export const notificationsSent = (t: TestApp) => t.app.jobs.notifications.drain();

/** Lets events already on the wire arrive, so a test can assert that one did not. */
export const settle = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Calls a route of the contracts as this member (call-route.ts with the member's token). The body is
 * the reply typed by the contract, or a refusal's `{ message, code }`.
 */
export async function callAs<R extends TApiRoute>(
  t: TestApp,
  m: Member,
  route: R,
  input: Omit<TRouteInput<R>, 'token'>,
): Promise<{ status: number; body: TReplyOf<R> & Partial<TErrorBody> }> {
  const res = await callRoute(t.app, route, { ...input, token: m.token } as TRouteInput<R>);
  return { status: res.statusCode, body: res.json() as TReplyOf<R> & Partial<TErrorBody> };
}

/** The direct chat of `a` with `b` (opened by `a`, or the one they already share), as the reply gives it. */
export async function directRoom(t: TestApp, a: Member, b: Member): Promise<TChatRoom> {
  const res = await callAs(t, a, chatRoomRoutes.create, { body: { type: 'direct', participants: [b.id] } });
  return ZChatRoomReply.parse(res.body).data.chatRoom;
}

export type PresenceHeard = { event: string; userId: string; chatStatus: number; connected: boolean };

/**
 * Calls `listener` for every presence change the socket is told, in order: the spec's single events and each
 * change of a PresenceBatch (which names its event), as the web reads them.
 */
export function onPresence(socket: Socket, listener: (change: PresenceHeard) => void): void {
  for (const event of ['UserOnline', 'UserOffline', 'ChatStatusChanged']) {
    socket.on(event, (p: Omit<PresenceHeard, 'event'>) => listener({ event, ...p }));
  }
  socket.on('PresenceBatch', (b: { changes: PresenceHeard[] }) => {
    for (const c of b.changes) listener(c);
  });
}
