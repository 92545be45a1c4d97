import { accountRoutes } from '@rounds/contracts/account';
import { chatRoomRoutes, ZChatRoomReply } from '@rounds/contracts/chat';
import { decodeJwt } from 'jose';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../test/support/call-route';
import { callAs, collect, emitAck, type Member, member, openSocket, settle } from '../../test/support/chat';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { signAccessToken } from '../lib/tokens';

/**
 * Sockets never outlive their authority (issue 14): deactivation, deletion and session end, even written straight
 * into the database, close the user's sockets within 5 s, and every event is checked against the session first;
 * a socket ends when its access token expires unless the client presented a renewed one.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.listen();
});
afterAll(() => t.close());

const closed = (socket: Socket) =>
  new Promise<number>((resolve) => {
    const start = Date.now();
    if (socket.disconnected) return resolve(0);
    socket.once('disconnect', () => resolve(Date.now() - start));
  });

async function roomWith(a: Member, b: Member): Promise<string> {
  // A group: a direct chat with a deleted person is closed to everyone (docs/decisions.md).
  const room = { type: 'group' as const, name: `Ward ${crypto.randomUUID().slice(0, 8)}`, participants: [b.id] };
  return ZChatRoomReply.parse((await callAs(t, a, chatRoomRoutes.create, { body: room })).body).data.chatRoom.id;
}

/** A's two tabs in a room with B, ready to observe what reaches A. */
async function scene() {
  const [a, b] = await Promise.all([member(t, 'Ava'), member(t, 'Bea')]);
  const twId = await roomWith(b, a);
  const [tab1, tab2, bSocket] = await Promise.all([openSocket(t, a), openSocket(t, a), openSocket(t, b)]);
  expect(await emitAck(tab1, 'Typing', { twId })).toEqual({ ok: true });
  return { a, b, twId, tab1, tab2, bSocket };
}

const sendAs = (socket: Socket, twId: string, body: string) =>
  emitAck(socket, 'SendMessage', { clientId: crypto.randomUUID(), twId, body });

const UNAUTHORIZED = { ok: false, code: 'UNAUTHORIZED', message: 'Your session has expired. Please log in again.' };

describe('socket authority', () => {
  for (const [what, change] of [
    ['deactivated', { active: 0 }],
    ['deleted', { deleted: 1 }],
  ] as const) {
    it(`a user ${what} in the database gets no message text, has every event refused and loses every socket`, async () => {
      const { a, b, twId, tab1, tab2, bSocket } = await scene();
      const inbox = collect(tab2, 'NewMessage');
      const typing = collect(tab2, 'Typing');
      const told = collect(tab2, 'Unauthorized');
      await t.app.db.updateTable('users').set(change).where('id', '=', a.id).execute();

      // At once: the message is stored for the others but never sent to the user's sockets.
      expect(await sendAs(bSocket, twId, 'patient in bed 4')).toMatchObject({ ok: true });
      // At once: every event of theirs is refused, and the socket that sent it is closed.
      const tab1Closed = closed(tab1);
      expect(await emitAck(tab1, 'ReadMessage', { twId, seq: 1 })).toEqual(UNAUTHORIZED);
      await tab1Closed;
      // Within 5 s the other tab, silent meanwhile, is closed too, told why.
      expect(await closed(tab2)).toBeLessThan(5_000);
      expect(await told.next()).toEqual({ code: 'UNAUTHORIZED', message: UNAUTHORIZED.message });
      expect(await emitAck(bSocket, 'Typing', { twId })).toEqual({ ok: true });
      await settle();
      expect(inbox.seen).toEqual([]);
      expect(typing.seen).toEqual([]);
      // And a new socket is refused at the handshake.
      await expect(openSocket(t, a)).rejects.toThrow('Unauthorized');
      void b;
    });
  }

  it('refuses Typing and ChangeChatStatus of a deleted user', async () => {
    const { a, twId, tab1, tab2 } = await scene();
    await t.app.db.updateTable('users').set({ deleted: 1 }).where('id', '=', a.id).execute();
    expect(await emitAck(tab1, 'Typing', { twId })).toEqual(UNAUTHORIZED);
    expect(await emitAck(tab2, 'ChangeChatStatus', { chatStatus: 3 })).toEqual(UNAUTHORIZED);
  });

  it('closes the sockets of a session ended in the database within 5 s, and refuses their events', async () => {
    const { a, twId, tab1, tab2 } = await scene();
    const told = collect(tab2, 'Unauthorized');
    const sid = String(decodeJwt(a.token).sid);
    await t.app.db.updateTable('sessions').set({ revoked_at: Date.now() }).where('id', '=', sid).execute();
    expect(await emitAck(tab1, 'Typing', { twId })).toEqual(UNAUTHORIZED);
    expect(await closed(tab2)).toBeLessThan(5_000);
    await told.next();
  });

  it('ends a socket when the token it opened with expires, as REST refuses it; a renewed token keeps it', async () => {
    const { a, twId } = await scene();
    const claims = decodeJwt(a.token);
    const shortLived = await signAccessToken(
      t.config.JWT_SECRET,
      { sub: a.id, role: String(claims.role), sid: String(claims.sid) },
      2,
    );
    const expiring = await openSocket(t, { ...a, token: shortLived });
    const renewed = await openSocket(t, { ...a, token: shortLived });
    const told = collect(expiring, 'Unauthorized');
    expect(await emitAck(expiring, 'Typing', { twId })).toEqual({ ok: true });

    // The renewed tab presents a fresh token; a token of another user is refused and changes nothing.
    const other = await member(t, 'Cy');
    expect(await emitAck(renewed, 'Authenticate', { token: other.token })).toEqual(UNAUTHORIZED);
    expect(await emitAck(renewed, 'Authenticate', { token: a.token })).toEqual({
      ok: true,
      expiresAt: Number(claims.exp) * 1000,
    });

    expect(await closed(expiring)).toBeLessThan(4_000);
    expect(await told.next()).toMatchObject({ code: 'UNAUTHORIZED' });
    const rest = await callRoute(t.app, accountRoutes.me, { token: shortLived });
    expect(rest.statusCode).toBe(401);
    expect(renewed.connected).toBe(true);
    expect(await emitAck(renewed, 'Typing', { twId })).toEqual({ ok: true });
  });
});
