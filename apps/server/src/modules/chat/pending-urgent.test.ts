import { chatRoomRoutes, ZPendingUrgentReply } from '@rounds/contracts/chat';
import { describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/support/call-route';
import { callAs, type Member, member, openSocket, sendMessage, sentMessage } from '../../../test/support/chat';
import { conversations } from '../../../test/support/conversations';
import { type TestApp, useTestApp } from '../../../test/support/test-app';

let t: TestApp;
useTestApp((app) => {
  t = app;
});

const { group } = conversations(() => t);
const pending = async (m: Member) => {
  const res = await callAs(t, m, chatRoomRoutes.pendingUrgent, {});
  expect(res.status).toBe(200);
  return ZPendingUrgentReply.parse(res.body).data.messages;
};

describe('GET /chat-room/pending-urgent', () => {
  it('lists URGENT messages for the notified members only, until each acknowledges', async () => {
    const [sender, a, b, bystander, outsider] = await Promise.all([
      member(t, 'Grace', 'Okafor'),
      member(t),
      member(t),
      member(t),
      member(t),
    ]);
    const room = await group(sender, [a, b, bystander]);
    // Nobody is connected but the sender: a and b were offline when it came.
    const socket = await openSocket(t, sender);
    const send = (payload: Record<string, unknown>) => sentMessage(socket, { twId: room.id, ...payload });
    const urgent = await send({ body: 'Bed 7 potassium 6.8', level: 'URGENT', notify: [a.id, b.id] });
    await send({ body: 'Routine: handover at 7', level: 'IMPORTANT', notify: [a.id, b.id] });
    await send({ body: 'Nothing special' });
    socket.disconnect();

    for (const m of [a, b]) {
      const list = await pending(m);
      expect(list.map((x) => x.id)).toEqual([urgent.id]);
      expect(list[0]).toMatchObject({ twId: room.id, body: 'Bed 7 potassium 6.8', authorName: 'Grace Okafor' });
    }
    // The sender, a member not notified and someone outside the room have nothing pending.
    expect(await pending(sender)).toEqual([]);
    expect(await pending(bystander)).toEqual([]);
    expect(await pending(outsider)).toEqual([]);

    expect((await callAs(t, a, chatRoomRoutes.acknowledge, { body: { messageId: urgent.id } })).status).toBe(200);
    expect(await pending(a)).toEqual([]);
    expect((await pending(b)).map((x) => x.id)).toEqual([urgent.id]);
  });

  it('forgets the messages of a room I have left, and asks for sign-in', async () => {
    const [sender, a] = await Promise.all([member(t), member(t)]);
    const room = await group(sender, [a]);
    const socket = await openSocket(t, sender);
    const ack = await sendMessage(socket, { twId: room.id, body: 'Call me', level: 'URGENT' });
    socket.disconnect();
    expect(ack.ok).toBe(true);
    expect(await pending(a)).toHaveLength(1);
    expect((await callAs(t, a, chatRoomRoutes.leave, { query: { twId: room.id } })).status).toBe(200);
    expect(await pending(a)).toEqual([]);

    const anonymous = await callRoute(t.app, chatRoomRoutes.pendingUrgent, {});
    expect(anonymous.statusCode).toBe(401);
  });
});
