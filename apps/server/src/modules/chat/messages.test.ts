import { chatRoomRoutes, type TMessagesRequest, ZMessage, ZMessagesReply } from '@rounds/contracts/chat';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callAs,
  collect,
  emitAck,
  type Member,
  member,
  openSocket,
  sendMessage,
  sentMessage,
  settle,
} from '../../../test/support/chat';
import { conversations } from '../../../test/support/conversations';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.listen();
});
afterAll(() => t.close());

const send = (socket: Socket, twId: string, body: string, clientId: string = crypto.randomUUID()) =>
  sendMessage(socket, { clientId, twId, body });
const sent = (socket: Socket, twId: string, body: string, clientId: string = crypto.randomUUID()) =>
  sentMessage(socket, { clientId, twId, body });
const { group, direct } = conversations(() => t);
const history = async (m: Member, body: TMessagesRequest) => {
  const res = await callAs(t, m, chatRoomRoutes.messages, { body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ZMessagesReply.parse(res.body).data;
};

describe('messages', () => {
  it('acknowledges after storing, with id, seq and timetoken, and delivers to every member tab', async () => {
    const [a, b] = await Promise.all([member(t, 'Ann'), member(t)]);
    const room = await direct(a, b);
    const [aTab1, aTab2, bTab] = await Promise.all([openSocket(t, a), openSocket(t, a), openSocket(t, b)]);
    const inbox = [aTab1, aTab2, bTab].map((s) => collect(s, 'NewMessage'));
    const message = await sent(aTab1, room.id, 'BP 90/60, please review');
    expect(message).toMatchObject({ seq: 1, author: a.id, authorName: a.name, twId: room.id });
    expect(message.timetoken).toBeGreaterThan(Date.now() - 5_000);
    for (const box of inbox) expect(ZMessage.parse(await box.next())).toEqual(message);

    const second = await sent(bTab, room.id, 'On my way');
    expect(second.seq).toBe(2);
    const list = (await callAs(t, a, chatRoomRoutes.list, { query: {} })).body.data.chatRooms;
    expect(list[0]).toMatchObject({ id: room.id, lastSeq: 2, unreadCount: 1, lastMessage: { body: 'On my way' } });
  });

  it('stores a resend with the same client id once and answers it with the stored message', async () => {
    const [a, b] = await Promise.all([member(t), member(t)]);
    const room = await direct(a, b);
    const [aSocket, bSocket] = await Promise.all([openSocket(t, a), openSocket(t, b)]);
    const inbox = collect(bSocket, 'NewMessage');
    const clientId = crypto.randomUUID();
    const [first, again] = await Promise.all([
      sent(aSocket, room.id, 'Once', clientId),
      sent(aSocket, room.id, 'Once', clientId),
    ]);
    const third = await sent(aSocket, room.id, 'Once', clientId);
    expect(again).toEqual(first);
    expect(third).toEqual(first);
    await settle();
    expect(inbox.seen).toHaveLength(1);
    const rows = await t.app.db.selectFrom('messages').select('id').where('room_id', '=', room.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('encrypts bodies at rest', async () => {
    const [a, b] = await Promise.all([member(t), member(t)]);
    const room = await direct(a, b);
    const socket = await openSocket(t, a);
    const message = await sent(socket, room.id, 'Patient in bed 12 allergic to penicillin');
    const row = await t.app.db
      .selectFrom('messages')
      .selectAll()
      .where('id', '=', message.id)
      .executeTakeFirstOrThrow();
    expect(row.body).not.toContain('penicillin');
    expect(Buffer.from(row.body, 'base64url').toString('utf8')).not.toContain('penicillin');
    expect((await history(b, { twId: room.id })).messages[0]!.body).toBe('Patient in bed 12 allergic to penicillin');
  });

  it('pages history before a seq, after a seq (catch-up) and up to a message, oldest first', async () => {
    const [a, b] = await Promise.all([member(t), member(t)]);
    const room = await direct(a, b);
    const socket = await openSocket(t, a);
    const all = [];
    for (let i = 1; i <= 25; i += 1) all.push(await sent(socket, room.id, `m${i}`));
    const latest = await history(b, { twId: room.id, limit: 10 });
    expect(latest.messages.map((m) => m.seq)).toEqual([16, 17, 18, 19, 20, 21, 22, 23, 24, 25]);
    expect(latest.hasMore).toBe(true);
    const older = await history(b, { twId: room.id, before: 16, limit: 10 });
    expect(older.messages.map((m) => m.seq)).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    const oldest = await history(b, { twId: room.id, before: 6, limit: 10 });
    expect(oldest).toMatchObject({ hasMore: false });
    expect(oldest.messages.map((m) => m.body)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    const missed = await history(b, { twId: room.id, after: 20 });
    expect(missed.messages.map((m) => m.seq)).toEqual([21, 22, 23, 24, 25]);
    expect(missed.hasMore).toBe(false);
    const around = await history(b, { twId: room.id, msgId: all[9]!.id, limit: 3 });
    expect(around.messages.map((m) => m.seq)).toEqual([8, 9, 10]);
    expect((await callAs(t, b, chatRoomRoutes.messages, { body: { twId: room.id, limit: 500 } })).status).toBe(400);
  });

  it('counts unread, moves the read position forward only, and shows the sender who has seen it', async () => {
    const [a, b, c] = await Promise.all([member(t), member(t, 'Bea', 'Reader'), member(t)]);
    const room = await group(a, [b, c], 'Seen by');
    const [aSocket, bSocket, bTab2] = await Promise.all([openSocket(t, a), openSocket(t, b), openSocket(t, b)]);
    const m1 = await sent(aSocket, room.id, 'one');
    const m2 = await sent(aSocket, room.id, 'two');
    const unread = async (m: Member) =>
      (await callAs(t, m, chatRoomRoutes.details, { query: { twId: room.id } })).body.data.chatRoom;
    expect(await unread(b)).toMatchObject({ unreadCount: 2, lastReadSeq: 0 });
    expect(await unread(a)).toMatchObject({ unreadCount: 0, lastReadSeq: m2.seq });

    const aRead = collect<{ userId: string; seq: number; unreadCount?: number }>(aSocket, 'Read');
    const bRead = collect<{ userId: string; seq: number; unreadCount?: number }>(bTab2, 'Read');
    expect(await emitAck(bSocket, 'ReadMessage', { twId: room.id, seq: m1.seq })).toEqual({ ok: true });
    expect(await aRead.next()).toMatchObject({ userId: b.id, seq: m1.seq });
    expect(aRead.seen[0]!.unreadCount).toBeUndefined();
    expect(await bRead.next()).toMatchObject({ userId: b.id, seq: m1.seq, unreadCount: 1 });
    expect(await unread(b)).toMatchObject({ unreadCount: 1, lastReadSeq: m1.seq });

    const seen = await callAs(t, a, chatRoomRoutes.seenBy, { query: { twId: room.id, messageId: m1.id } });
    expect(seen.body.data.seen).toEqual([{ userId: b.id, fullName: 'Bea Reader', timetoken: expect.any(Number) }]);
    expect(
      (await callAs(t, a, chatRoomRoutes.seenBy, { query: { twId: room.id, messageId: m2.id } })).body.data.seen,
    ).toEqual([]);
    expect((await callAs(t, b, chatRoomRoutes.seenBy, { query: { twId: room.id, messageId: m1.id } })).status).toBe(
      403,
    );

    // Backwards does nothing; past the end is clamped to the last message.
    await emitAck(bSocket, 'ReadMessage', { twId: room.id, seq: 0 });
    expect(await unread(b)).toMatchObject({ lastReadSeq: m1.seq });
    await emitAck(bSocket, 'ReadMessage', { twId: room.id, seq: 999 });
    expect(await unread(b)).toMatchObject({ unreadCount: 0, lastReadSeq: m2.seq });
  });

  it('lets only the sender delete a message, with delSms not false, and it vanishes for everyone', async () => {
    const [a, b] = await Promise.all([member(t), member(t)]);
    const room = await direct(a, b);
    const [aSocket, bSocket] = await Promise.all([openSocket(t, a), openSocket(t, b)]);
    const first = await sent(aSocket, room.id, 'keep');
    const wrong = await sent(aSocket, room.id, 'wrong patient');
    const removed = collect<{ messageId: string }>(bSocket, 'MessageRemoved');

    const notSender = await callAs(t, b, chatRoomRoutes.removeMessage, {
      body: { twId: room.id, messageId: wrong.id },
    });
    expect(notSender.status).toBe(403);
    const ok = await callAs(t, a, chatRoomRoutes.removeMessage, { body: { twId: room.id, messageId: wrong.id } });
    expect(ok.status).toBe(200);
    expect((await removed.next()).messageId).toBe(wrong.id);
    expect((await history(b, { twId: room.id })).messages.map((m) => m.id)).toEqual([first.id]);
    const view = (await callAs(t, b, chatRoomRoutes.details, { query: { twId: room.id } })).body.data.chatRoom;
    expect(view).toMatchObject({ unreadCount: 1, lastMessage: { id: first.id } });
    expect(
      (await callAs(t, a, chatRoomRoutes.removeMessage, { body: { twId: room.id, messageId: wrong.id } })).status,
    ).toBe(404);

    await t.app.db.updateTable('users').set({ permissions: '{"delSms":false}' }).where('id', '=', a.id).execute();
    const denied = await callAs(t, a, chatRoomRoutes.removeMessage, { body: { twId: room.id, messageId: first.id } });
    expect(denied.status).toBe(403);
  });

  it('relays typing to the other members only', async () => {
    const [a, b] = await Promise.all([member(t, 'Tia', 'Typist'), member(t)]);
    const room = await direct(a, b);
    const [aSocket, bSocket] = await Promise.all([openSocket(t, a), openSocket(t, b)]);
    const mine = collect(aSocket, 'Typing');
    const theirs = collect(bSocket, 'Typing');
    expect(await emitAck(aSocket, 'Typing', { twId: room.id })).toEqual({ ok: true });
    expect(await theirs.next()).toEqual({ twId: room.id, userId: a.id, fullName: 'Tia Typist' });
    await settle();
    expect(mine.seen).toEqual([]);
  });

  it('misses nothing across a reconnect: the gap is fetched by seq, exactly once', async () => {
    const [a, b] = await Promise.all([member(t), member(t)]);
    const room = await direct(a, b);
    const aSocket = await openSocket(t, a);
    let bSocket = await openSocket(t, b);
    const before = collect<{ seq: number }>(bSocket, 'NewMessage');
    await sent(aSocket, room.id, 'before 1');
    await sent(aSocket, room.id, 'before 2');
    await before.next((m) => m.seq === 2);
    bSocket.disconnect();
    for (let i = 1; i <= 5; i += 1) await sent(aSocket, room.id, `while away ${i}`);
    bSocket = await openSocket(t, b);
    const after = collect<{ seq: number }>(bSocket, 'NewMessage');
    const lastSeen = Math.max(...before.seen.map((m) => m.seq));
    const missed = await history(b, { twId: room.id, after: lastSeen });
    await sent(aSocket, room.id, 'back');
    const live = await after.next();
    const shown = [...before.seen.map((m) => m.seq), ...missed.messages.map((m) => m.seq), live.seq];
    expect(shown).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('keeps seqs and unread counts exact when sends to several rooms share one commit', async () => {
    const [a, b, c] = await Promise.all([member(t), member(t), member(t)]);
    const rooms = await Promise.all([direct(a, b), direct(a, c), direct(b, c)]);
    const [aSocket, bSocket, cSocket] = await Promise.all([openSocket(t, a), openSocket(t, b), openSocket(t, c)]);
    // Sent without waiting for each other, so the writer batches them.
    const sends = [
      send(aSocket, rooms[0]!.id, '1'),
      send(bSocket, rooms[0]!.id, '2'),
      send(aSocket, rooms[0]!.id, '3'),
      send(aSocket, rooms[1]!.id, '4'),
      send(cSocket, rooms[1]!.id, '5'),
      send(bSocket, rooms[2]!.id, '6'),
      send(cSocket, rooms[2]!.id, '7'),
      send(cSocket, rooms[2]!.id, '8'),
    ];
    const acks = await Promise.all(sends);
    expect(acks.every((x) => x.ok)).toBe(true);
    for (const [i, reader] of [a, a, b].entries()) {
      const seqs = (await history(reader, { twId: rooms[i]!.id })).messages.map((m) => m.seq);
      expect(seqs).toEqual(seqs.map((_, n) => n + 1));
    }
    const state = async (m: Member, twId: string) => {
      const room = (await callAs(t, m, chatRoomRoutes.details, { query: { twId: twId } })).body.data.chatRoom;
      const messages = (await history(m, { twId })).messages;
      const mine = messages.filter((x) => x.author === m.id).map((x) => x.seq);
      const lastMine = mine.length ? Math.max(...mine) : 0;
      const expected = messages.filter((x) => x.author !== m.id && x.seq > lastMine).length;
      return { unread: room.unreadCount, expected, lastReadSeq: room.lastReadSeq, lastMine };
    };
    for (const [m, twId] of [
      [a, rooms[0]!.id],
      [b, rooms[0]!.id],
      [a, rooms[1]!.id],
      [c, rooms[1]!.id],
      [b, rooms[2]!.id],
      [c, rooms[2]!.id],
    ] as const) {
      const s = await state(m, twId);
      expect(s.unread).toBe(s.expected);
      expect(s.lastReadSeq).toBe(s.lastMine);
    }
  });

  it('stores a burst larger than one statement can carry, every send acknowledged in order', async () => {
    const [a, b] = await Promise.all([member(t), member(t)]);
    const room = await direct(a, b);
    // 3,500 sends queued before the writer runs: one insert of them all would pass SQLite's 32,766 parameters.
    const acks = await Promise.all(
      Array.from({ length: 3_500 }, (_, i) =>
        t.app.chat.writer.send({ userId: a.id, clientId: crypto.randomUUID(), twId: room.id, body: `burst ${i}` }),
      ),
    );
    expect(acks.filter((x) => !x.ok)).toEqual([]);
    expect(acks.map((x) => (x.ok ? x.message.seq : 0))).toEqual(acks.map((_, i) => i + 1));
  }, 60_000);

  it('rejects empty and oversized bodies', async () => {
    const [a, b] = await Promise.all([member(t), member(t)]);
    const room = await direct(a, b);
    const socket = await openSocket(t, a);
    expect(await send(socket, room.id, '   ')).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    expect(await send(socket, room.id, 'x'.repeat(10_001))).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    expect(await emitAck(socket, 'SendMessage', 'nonsense')).toMatchObject({ ok: false });
  });
});
