import { chatRoomRoutes, ZMessageReply } from '@rounds/contracts/chat';
import { outboxRoutes } from '@rounds/contracts/outbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/support/call-route';
import {
  callAs,
  collect,
  type Member,
  member,
  notificationsSent,
  openSocket,
  sendMessage,
  settle,
} from '../../../test/support/chat';
import { conversations } from '../../../test/support/conversations';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../../test/support/test-app';
import { login, phoneNumber } from '../../../test/support/users';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://rounds.example.org', URGENT_ESCALATION_SECONDS: '60' });
  await t.listen();
  adminToken = (await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password)).token;
});
afterAll(() => t.close());

const phoneOf = (m: Member) => phoneNumber(t.app, m.id);
const outbox = async (to: string) => {
  const res = await callRoute(t.app, outboxRoutes.read, { query: { to }, token: adminToken });
  return res.json().data.messages as { channel: string; text: string }[];
};
const { group } = conversations(() => t);

describe('priority messages', () => {
  it('sends an URGENT message by SMS to the chosen members: product, sender and link, never the text', async () => {
    const [sender, a, b, c, outsider] = await Promise.all([
      member(t, 'Grace', 'Okafor'),
      member(t),
      member(t),
      member(t),
      member(t),
    ]);
    const room = await group(sender, [a, b, c]);
    const socket = await openSocket(t, sender);
    const ack = await sendMessage(socket, {
      twId: room.id,
      body: 'Bed 7 potassium 6.8, repeat ECG now',
      level: 'URGENT',
      notify: [a.id, b.id],
      sms: true,
    });
    expect(ack.ok).toBe(true);
    if (!ack.ok) return;
    expect(ack.message.attributes).toMatchObject({ important: true, level: 'URGENT', notify: [a.id, b.id], sms: true });

    await notificationsSent(t);
    for (const m of [a, b]) {
      const [sms] = await outbox(await phoneOf(m));
      expect(sms!.channel).toBe('sms');
      expect(sms!.text).toMatch(
        /^Rounds: Grace Okafor sent you an URGENT message\. Open it: https:\/\/rounds\.example\.org\/\?rs=[0-9a-f]{24}$/,
      );
      expect(sms!.text).not.toContain('potassium');
    }
    expect(await outbox(await phoneOf(c))).toEqual([]);

    const logId = /rs=([0-9a-f]{24})/.exec((await outbox(await phoneOf(a)))[0]!.text)![1]!;
    const log = await callAs(t, a, chatRoomRoutes.messageLog, { query: { logId: logId } });
    expect(log.body.data.log).toEqual({ id: logId, conversationId: room.id, messageId: ack.message.id });
    expect((await callAs(t, outsider, chatRoomRoutes.messageLog, { query: { logId: logId } })).status).toBe(404);
  });

  it('counts acknowledgements of the notified only, live to the sender', async () => {
    const [sender, a, b, c] = await Promise.all([member(t), member(t), member(t), member(t)]);
    const room = await group(sender, [a, b, c]);
    const senderSocket = await openSocket(t, sender);
    const updates = collect<{ message: { attributes: { acknowledgements?: { userId: string }[] } } }>(
      senderSocket,
      'Acknowledged',
    );
    const ack = await sendMessage(senderSocket, {
      twId: room.id,
      body: 'Please confirm',
      level: 'IMPORTANT',
      notify: [a.id, b.id],
    });
    if (!ack.ok) throw new Error(ack.message);
    const id = ack.message.id;

    expect((await callAs(t, c, chatRoomRoutes.acknowledge, { body: { messageId: id } })).status).toBe(403);
    expect((await callAs(t, a, chatRoomRoutes.acknowledge, { body: { messageId: id, userId: b.id } })).status).toBe(
      403,
    );
    const first = await callAs(t, a, chatRoomRoutes.acknowledge, { body: { messageId: id, userId: a.id } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect((await updates.next()).message.attributes.acknowledgements).toEqual([
      { userId: a.id, timetoken: expect.any(Number) },
    ]);
    // Twice is once.
    await callAs(t, a, chatRoomRoutes.acknowledge, { body: { messageId: id } });
    const second = ZMessageReply.parse(
      (await callAs(t, b, chatRoomRoutes.acknowledge, { body: { messageId: id } })).body,
    );
    expect(second.data.message.attributes.acknowledgements!.map((x) => x.userId)).toEqual([a.id, b.id]);
    const stored = (
      await callAs(t, sender, chatRoomRoutes.messages, { body: { twId: room.id } })
    ).body.data.messages.at(-1);
    expect(stored!.attributes.acknowledgements).toHaveLength(2);
  });

  it('refuses an SMS without the permission and notifying someone outside the room', async () => {
    const [sender, a, outsider] = await Promise.all([member(t), member(t), member(t)]);
    const room = await group(sender, [a]);
    const socket = await openSocket(t, sender);
    expect(await sendMessage(socket, { twId: room.id, body: 'x', notify: [outsider.id] })).toMatchObject({ ok: false });
    await t.app.db.updateTable('users').set({ permissions: '{"sms":false}' }).where('id', '=', sender.id).execute();
    expect(await sendMessage(socket, { twId: room.id, body: 'x', level: 'URGENT', sms: true })).toMatchObject({
      ok: false,
      code: 'PERMISSION_DENIED',
    });
    expect(await sendMessage(socket, { twId: room.id, body: 'x', level: 'URGENT' })).toMatchObject({ ok: true });
  });

  it('marks a sent message important, by its sender only', async () => {
    const [sender, a] = await Promise.all([member(t), member(t)]);
    const room = await group(sender, [a]);
    const [senderSocket, aSocket] = await Promise.all([openSocket(t, sender), openSocket(t, a)]);
    const marked = collect<{ message: { id: string; attributes: { level?: string } } }>(aSocket, 'ImportantMarked');
    const ack = await sendMessage(senderSocket, { twId: room.id, body: 'Rounds at 7' });
    if (!ack.ok) throw new Error(ack.message);
    const payload = { twId: room.id, messageId: ack.message.id };
    expect((await callAs(t, a, chatRoomRoutes.markImportant, { body: payload })).status).toBe(403);
    const res = await callAs(t, sender, chatRoomRoutes.markImportant, { body: payload });
    expect(res.body.data.message.attributes).toMatchObject({ important: true, level: 'IMPORTANT', notify: [a.id] });
    expect((await marked.next()).message.id).toBe(ack.message.id);
  });

  it('escalates an unacknowledged URGENT message once: in the app and by SMS to those still pending', async () => {
    const [sender, a, b] = await Promise.all([member(t, 'Omar', 'Khan'), member(t), member(t)]);
    const room = await group(sender, [a, b]);
    const [senderSocket, aSocket, bSocket] = await Promise.all([
      openSocket(t, sender),
      openSocket(t, a),
      openSocket(t, b),
    ]);
    const aReminders = collect(aSocket, 'UrgentReminder');
    const bReminders = collect<{ message: { id: string } }>(bSocket, 'UrgentReminder');
    const ack = await sendMessage(senderSocket, {
      twId: room.id,
      body: 'Rapid response bed 3',
      level: 'URGENT',
      sms: true,
    });
    if (!ack.ok) throw new Error(ack.message);
    await callAs(t, a, chatRoomRoutes.acknowledge, { body: { messageId: ack.message.id } });

    expect(await t.app.chat.priority.escalate(Date.now() + 30_000)).toBe(0); // not due yet
    // Earlier tests' URGENT messages fall due too; this one is among them.
    expect(await t.app.chat.priority.escalate(Date.now() + 61_000)).toBeGreaterThanOrEqual(1);
    expect((await bReminders.next()).message.id).toBe(ack.message.id);
    await settle();
    await notificationsSent(t);
    expect(aReminders.seen).toEqual([]);
    const texts = (await outbox(await phoneOf(b))).map((m) => m.text);
    expect(texts).toHaveLength(2);
    expect(texts.some((x) => x.startsWith('Rounds: reminder, the URGENT message from Omar Khan still needs'))).toBe(
      true,
    );
    const stored = (
      await callAs(t, sender, chatRoomRoutes.messages, { body: { twId: room.id } })
    ).body.data.messages.at(-1);
    expect(stored!.attributes.escalations).toEqual([{ timetoken: expect.any(Number), userIds: [b.id], sms: true }]);
    expect(await t.app.chat.priority.escalate(Date.now() + 120_000)).toBe(0); // once only
  });
});
