import { accountRoutes } from '@rounds/contracts/account';
import { chatRoomRoutes, ZSendMessageAck } from '@rounds/contracts/chat';
import { outboxRoutes } from '@rounds/contracts/outbox';
import { smsRoutes, ZSmsUsageReply } from '@rounds/contracts/sms';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callRoute } from '../../../test/support/call-route';
import { callAs, type Member, member, notificationsSent, openSocket, settle } from '../../../test/support/chat';
import { conversations } from '../../../test/support/conversations';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../../test/support/test-app';
import { login, phoneNumber } from '../../../test/support/users';

// Small caps, so each can be reached with a handful of messages; each test uses fresh people.
let t: TestApp;
let adminToken: string;
const HOUR = 3_600_000;
beforeAll(async () => {
  // The caps count in fixed clock hours, and the reminders below run minutes ahead: a run started a few minutes
  // before the hour put them in the next hour's fresh window (CI at 08:58: the per-hour sender texted 16, not 8).
  // The clock starts one minute into an hour and runs on from there.
  vi.useFakeTimers({ toFake: ['Date'], now: Math.ceil(Date.now() / HOUR) * HOUR + 60_000, shouldAdvanceTime: true });
  t = await createTestApp({
    PUBLIC_URL: 'https://rounds.example.org',
    URGENT_ESCALATION_SECONDS: '60',
    SMS_MAX_PER_MESSAGE: '3',
    SMS_MAX_PER_RECIPIENT_HOUR: '4',
    SMS_MAX_PER_SENDER_HOUR: '8',
    SMS_MAX_PER_SENDER_DAY: '100',
    SMS_MAX_PER_DAY: '1000',
  });
  await t.listen();
  adminToken = (await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password)).token;
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

const phoneOf = (m: Member) => phoneNumber(t.app, m.id);
/** SMS the outbox holds for this member. */
const smsCount = async (m: Member) => {
  const res = await callRoute(t.app, outboxRoutes.read, { query: { to: await phoneOf(m) }, token: adminToken });
  return (res.json().data.messages as { channel: string }[]).filter((x) => x.channel === 'sms').length;
};
const { group } = conversations(() => t);
const urgent = async (socket: Socket, twId: string, extra: Record<string, unknown> = {}) => {
  const ack = ZSendMessageAck.parse(
    await socket.timeout(5_000).emitWithAck('SendMessage', {
      clientId: crypto.randomUUID(),
      twId,
      body: 'Rapid response',
      level: 'URGENT',
      sms: true,
      ...extra,
    }),
  );
  if (!ack.ok) throw new Error(ack.message);
  return ack.message;
};
const refusals = (reason: string, senderId: string) =>
  t.app.db
    .selectFrom('sms_sends')
    .select('recipient_id')
    .where('sender_id', '=', senderId)
    .where('status', '=', 'refused')
    .where('reason', '=', reason)
    .execute();

describe('SMS caps of priority messages', () => {
  it('caps the SMS one person receives: a flood of URGENT messages texts them 4 times, every message still goes', async () => {
    const [sender, a] = await Promise.all([member(t), member(t)]);
    const room = await group(sender, [a]);
    const socket = await openSocket(t, sender);
    const sent = [];
    for (let i = 0; i < 10; i++) sent.push(await urgent(socket, room.id));
    await settle();
    await notificationsSent(t);
    expect(await smsCount(a)).toBe(4);
    // The sender's ack says whose SMS a cap withheld; the message and its in-app notice went all the same.
    expect(sent.slice(0, 4).every((m) => m.attributes.smsWithheld === undefined)).toBe(true);
    expect(sent.slice(4).every((m) => m.attributes.smsWithheld?.[0] === a.id)).toBe(true);
    const history = (await callAs(t, a, chatRoomRoutes.messages, { body: { twId: room.id } })).body.data.messages;
    expect(history.filter((m) => m.attributes.level === 'URGENT')).toHaveLength(10);
    expect(await refusals('recipient-hour', sender.id)).toHaveLength(6);
  });

  it('counts the per-person cap by phone number: two accounts on one phone share it', async () => {
    const [sender, a, b] = await Promise.all([member(t), member(t), member(t)]);
    const phone = await t.app.db
      .selectFrom('users')
      .select(['phone', 'phone_country_code'])
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    await t.app.db.updateTable('users').set(phone).where('id', '=', b.id).execute();
    const room = await group(sender, [a, b]);
    const socket = await openSocket(t, sender);
    for (let i = 0; i < 3; i++) await urgent(socket, room.id);
    await settle();
    await notificationsSent(t);
    expect(await smsCount(a)).toBe(4);
    expect(await refusals('recipient-hour', sender.id)).toHaveLength(2);
  });

  it('caps the people one message texts', async () => {
    const [sender, ...others] = await Promise.all([member(t), member(t), member(t), member(t), member(t), member(t)]);
    const room = await group(sender, others);
    const socket = await openSocket(t, sender);
    const m = await urgent(socket, room.id);
    await settle();
    await notificationsSent(t);
    const counts = await Promise.all(others.map(smsCount));
    expect(counts.reduce((x, y) => x + y, 0)).toBe(3);
    expect(m.attributes.smsWithheld).toHaveLength(2);
    expect(await refusals('message', sender.id)).toHaveLength(2);
  });

  it('caps the SMS one sender causes per hour', async () => {
    const sender = await member(t, 'Test', 'Sender');
    const people = await Promise.all(Array.from({ length: 12 }, () => member(t)));
    const socket = await openSocket(t, sender);
    for (const p of people) await urgent(socket, (await group(sender, [p])).id);
    await settle();
    await notificationsSent(t);
    const counts = await Promise.all(people.map(smsCount));
    expect(counts).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0]);
    expect(await refusals('sender-hour', sender.id)).toHaveLength(4);
  });

  it('never texts again when a message is marked important again, and reminds once', async () => {
    const [sender, a] = await Promise.all([member(t), member(t)]);
    const room = await group(sender, [a]);
    const socket = await openSocket(t, sender);
    const m = await urgent(socket, room.id);
    await settle();
    await notificationsSent(t);
    expect(await smsCount(a)).toBe(1);
    for (let i = 0; i < 3; i++) {
      const res = await callAs(t, sender, chatRoomRoutes.markImportant, {
        body: {
          twId: room.id,
          messageId: m.id,
          level: 'URGENT',
          sms: true,
        },
      });
      expect(res.status).toBe(200);
    }
    await settle();
    await notificationsSent(t);
    expect(await smsCount(a)).toBe(1);
    await t.app.chat.priority.escalate(Date.now() + 61_000);
    await t.app.chat.priority.escalate(Date.now() + 200_000);
    await settle();
    await notificationsSent(t);
    expect(await smsCount(a)).toBe(2);
    // A re-mark after the reminder neither texts nor reminds again.
    await callAs(t, sender, chatRoomRoutes.markImportant, {
      body: {
        twId: room.id,
        messageId: m.id,
        level: 'URGENT',
        sms: true,
      },
    });
    await t.app.chat.priority.escalate(Date.now() + 400_000);
    await settle();
    await notificationsSent(t);
    expect(await smsCount(a)).toBe(2);
  });

  it('shows an Admin the SMS spend: sent, refused by caps, top senders; nobody else', async () => {
    const [someone] = await Promise.all([member(t)]);
    expect((await callAs(t, someone, smsRoutes.usage, {})).status).toBe(403);
    // A verification code to a new number is spend too.
    const change = await callAs(t, someone, accountRoutes.requestContactChange, {
      body: {
        email: someone.email,
        phone: '5559876',
        phoneCountryCode: '+1',
        phoneCountryName: 'United States',
      },
    });
    expect(change.status, JSON.stringify(change.body)).toBe(200);
    const res = await callRoute(t.app, smsRoutes.usage, { token: adminToken });
    expect(res.statusCode).toBe(200);
    const usage = ZSmsUsageReply.parse(res.json()).data;
    const rows = await t.app.db.selectFrom('sms_sends').select('status').execute();
    const sent = rows.filter((r) => r.status === 'sent').length;
    expect(sent).toBeGreaterThanOrEqual(4 + 3 + 8 + 2);
    expect(usage.today).toEqual({ sent, priority: sent - 1, codes: 1, refused: rows.length - sent });
    expect(usage.month).toEqual(usage.today);
    expect(usage.today.refused).toBeGreaterThanOrEqual(6 + 2 + 4);
    // The per-hour sender of 12 people leads: 8 sent, the rest (and its reminders) refused.
    expect(usage.topSenders[0]).toMatchObject({ sent: 8, fullName: 'Test Sender' });
    expect(usage.caps).toEqual({
      perMessage: 3,
      perRecipientHour: 4,
      perSenderHour: 8,
      perSenderDay: 100,
      perDay: 1000,
    });
  });
});
