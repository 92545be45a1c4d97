import { chatRoomRoutes, ZChatRoomReply } from '@rounds/contracts/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, emitAck, type Member, member, openSocket, sentMessage } from '../../../test/support/chat';
import { conversations } from '../../../test/support/conversations';
import { createTestApp, type TestApp } from '../../../test/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.listen();
});
afterAll(() => t.close());
const { group } = conversations(() => t);

describe('read ticks: readByOthersSeq', () => {
  it('is the lowest read position among the other members, for the reader list and the details', async () => {
    const [a, b, c] = await Promise.all([member(t), member(t), member(t)]);
    const room = await group(a, [b, c], 'Ticks');
    const [aSocket, bSocket, cSocket] = await Promise.all([openSocket(t, a), openSocket(t, b), openSocket(t, c)]);
    const sent = (body: string) => sentMessage(aSocket, { twId: room.id, body });
    const m1 = await sent('one');
    const m2 = await sent('two');
    const seen = async (m: Member) =>
      ZChatRoomReply.parse((await callAs(t, m, chatRoomRoutes.details, { query: { twId: room.id } })).body).data
        .chatRoom.readByOthersSeq;
    expect(await seen(a)).toBe(0);

    await emitAck(bSocket, 'ReadMessage', { twId: room.id, seq: m2.seq });
    expect(await seen(a)).toBe(0);
    await emitAck(cSocket, 'ReadMessage', { twId: room.id, seq: m1.seq });
    expect(await seen(a)).toBe(m1.seq);
    await emitAck(cSocket, 'ReadMessage', { twId: room.id, seq: m2.seq });
    expect(await seen(a)).toBe(m2.seq);
    // b's view counts a (the sender, who has read everything) and c.
    expect(await seen(b)).toBe(m2.seq);
    const list = (await callAs(t, a, chatRoomRoutes.list, { query: {} })).body.data.chatRooms as {
      twId: string;
      readByOthersSeq: number;
    }[];
    expect(list.find((r) => r.twId === room.id)?.readByOthersSeq).toBe(m2.seq);
    for (const s of [aSocket, bSocket, cSocket]) s.disconnect();
  });
});
