import { chatRoomRoutes, ZAckGridReply } from '@rounds/contracts/chat';
import { describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/support/call-route';
import { callAs, emitAck, type Member, member, openSocket, sendMessage } from '../../../test/support/chat';
import { conversations } from '../../../test/support/conversations';
import { type TestApp, useTestApp } from '../../../test/support/test-app';

let t: TestApp;
useTestApp((app) => {
  t = app;
});

const { group } = conversations(() => t);

const sendAs = async (m: Member, twId: string, payload: Record<string, unknown>) => {
  const socket = await openSocket(t, m);
  const ack = await sendMessage(socket, { twId, ...payload });
  socket.disconnect();
  if (!ack.ok) throw new Error('not sent');
  return ack.message;
};

const grid = async (m: Member, twId: string, messageId: string) =>
  callAs(t, m, chatRoomRoutes.ackGrid, { query: { twId, messageId } });

describe('GET /chat-room/acknowledgement-grid', () => {
  it('lists each notified member as acknowledged, read, delivered or not reached, with the counts', async () => {
    const [sender, acker, reader, fetcher, liveTab, away, bystander] = await Promise.all([
      member(t, 'Grace', 'Okafor'),
      member(t, 'Ada', 'Acker'),
      member(t, 'Rita', 'Reader'),
      member(t, 'Hugo', 'History'),
      member(t, 'Lena', 'Live'),
      member(t, 'Nora', 'Away'),
      member(t, 'Bo', 'Bystander'),
    ]);
    const room = await group(sender, [acker, reader, fetcher, liveTab, away, bystander]);
    const notify = [acker, reader, fetcher, liveTab, away].map((m) => m.id);
    const urgent = await sendAs(sender, room.id, { body: 'Bed 7 potassium 6.8', level: 'URGENT', notify });

    const before = ZAckGridReply.parse((await grid(sender, room.id, urgent.id)).body).data;
    expect(before.counts).toEqual({ acknowledged: 0, read: 0, delivered: 0, notReached: 5 });
    // The bystander was not notified: not a recipient.
    expect(before.recipients.map((r) => r.userId).sort()).toEqual([...notify].sort());

    expect((await callAs(t, acker, chatRoomRoutes.acknowledge, { body: { messageId: urgent.id } })).status).toBe(200);
    const readerSocket = await openSocket(t, reader);
    await emitAck(readerSocket, 'ReadMessage', { twId: room.id, seq: urgent.seq });
    readerSocket.disconnect();
    // Opening the room (history) brings the message to a device of theirs.
    expect((await callAs(t, fetcher, chatRoomRoutes.messages, { body: { twId: room.id } })).status).toBe(200);
    // A tab that received it live says so.
    const liveSocket = await openSocket(t, liveTab);
    expect(await emitAck(liveSocket, 'DeliveredMessage', { twId: room.id, seq: urgent.seq })).toEqual({ ok: true });
    liveSocket.disconnect();

    const after = ZAckGridReply.parse((await grid(sender, room.id, urgent.id)).body).data;
    expect(after.counts).toEqual({ acknowledged: 1, read: 1, delivered: 2, notReached: 1 });
    const byId = new Map(after.recipients.map((r) => [r.userId, r]));
    expect(byId.get(acker.id)).toMatchObject({ state: 'acknowledged', fullName: 'Ada Acker', at: expect.any(Number) });
    expect(byId.get(reader.id)).toMatchObject({ state: 'read', at: expect.any(Number) });
    expect(byId.get(fetcher.id)).toMatchObject({ state: 'delivered', at: null });
    expect(byId.get(liveTab.id)).toMatchObject({ state: 'delivered', at: null });
    expect(byId.get(away.id)).toMatchObject({ state: 'notReached', at: null });
    // Those still waiting come first.
    expect(after.recipients[0]!.userId).toBe(away.id);
    expect(after.recipients.at(-1)!.userId).toBe(acker.id);
  });

  it('is for the sender and the room owner: a member gets 403, an outsider 404, a plain message 409', async () => {
    const [owner, sender, other, outsider] = await Promise.all([member(t), member(t), member(t), member(t)]);
    const room = await group(owner, [sender, other]);
    const important = await sendAs(sender, room.id, { body: 'Family meeting at 3', level: 'IMPORTANT' });
    const plain = await sendAs(sender, room.id, { body: 'Coffee?' });

    for (const who of [sender, owner]) {
      const res = await grid(who, room.id, important.id);
      expect(res.status).toBe(200);
      // IMPORTANT without a list notifies every other member: the owner and the other member.
      expect(ZAckGridReply.parse(res.body).data.counts.notReached).toBe(2);
    }
    const member403 = await grid(other, room.id, important.id);
    expect(member403.status).toBe(403);
    expect(member403.body.code).toBe('NOT_SENDER_OR_OWNER');
    const outsider404 = await grid(outsider, room.id, important.id);
    expect(outsider404.status).toBe(404);
    expect(outsider404.body.code).toBe('CONVERSATION_UNAVAILABLE');
    const notPriority = await grid(sender, room.id, plain.id);
    expect(notPriority.status).toBe(409);
    expect(notPriority.body.code).toBe('NOT_PRIORITY');
  });

  it('answers 400 naming the field for a malformed id', async () => {
    const [owner, other] = await Promise.all([member(t), member(t)]);
    const room = await group(owner, [other]);
    const res = await callRoute(t.app, chatRoomRoutes.ackGrid, {
      query: { twId: room.id, messageId: 'not-an-id' },
      token: owner.token,
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('messageId');
  });
});
