import { randomUUID } from 'node:crypto';
import { adminUserRoutes } from '@rounds/contracts/admin-users';
import { routePath } from '@rounds/contracts/api-route';
import { authRoutes } from '@rounds/contracts/auth';
import { chatRoomRoutes, type TMessage } from '@rounds/contracts/chat';
import { API_PREFIX } from '@rounds/contracts/limits';
import { pushRoutes } from '@rounds/contracts/push';
import { CHAT_STATUS } from '@rounds/contracts/user';
import { type PushServiceStandIn, pushServiceStandIn } from '@rounds/test-kit/push-service-stand-in';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callRoute, unchecked } from '../../../test/support/call-route';
import {
  callAs,
  caller,
  collect,
  emitAck,
  type Member,
  member,
  notificationsSent,
  openSocket,
  sentMessage,
} from '../../../test/support/chat';
import { conversations } from '../../../test/support/conversations';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../../test/support/test-app';
import { login } from '../../../test/support/users';

let t: TestApp;
let push: PushServiceStandIn;
let admin: Member;
beforeAll(async () => {
  t = await createTestApp({ PUSH_ALLOW_LOOPBACK: 'true', NOTIFY_RETRY_SECONDS: '0.05' });
  await t.listen();
  push = await pushServiceStandIn({ vapidPublicKey: t.config.VAPID_PUBLIC_KEY });
  const a = await login(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
  admin = { id: a.userId, email: TEST_ADMIN.email, token: a.token, name: 'Admin' };
});
afterAll(async () => {
  await t.close();
  await push.close();
});

/** This member's browser subscribes through the stand-in; returns the stand-in's id for its pushes. */
const subscribe = async (m: Member): Promise<string> => {
  const { id, ...sub } = push.subscription();
  const res = await callAs(t, m, pushRoutes.subscribe, { body: sub });
  expect(res.status).toBe(200);
  return id;
};
const { group } = conversations(() => t);
const setLevel = (contentLevel: 'generic' | 'names' | 'text') =>
  callAs(t, admin, pushRoutes.updateSettings, { body: { contentLevel } });
const subscriptionRows = (userId: string) =>
  t.app.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId).execute();

describe('push subscriptions', () => {
  it('gives the VAPID public key, generated once into DATA_DIR/secrets.json', async () => {
    const m = await member(t);
    const res = await callAs(t, m, pushRoutes.vapidPublicKey, {});
    expect(res.status).toBe(200);
    expect(Buffer.from(res.body.data.publicKey, 'base64url')).toHaveLength(65);
    expect(res.body.data.publicKey).toBe(t.config.VAPID_PUBLIC_KEY);
  });

  it.each([
    ['http, not https', 'http://fcm.googleapis.com/fcm/send/abc'],
    ['a host that is no push service', 'https://evil.example.com/push/abc'],
    ['a push service name inside another host', 'https://fcm.googleapis.com.evil.example.com/x'],
    ['credentials in the URL', 'https://user:secret@fcm.googleapis.com/fcm/send/abc'],
    ['another port', 'https://fcm.googleapis.com:8443/fcm/send/abc'],
    ['a private address', 'https://10.0.0.1/push'],
    ['the cloud metadata address', 'https://169.254.169.254/latest/meta-data'],
    ['localhost by name', 'https://localhost/push'],
    ['IPv6 loopback', 'https://[::1]/push'],
    ['the wildcard domain itself', 'https://notify.windows.com/w/abc'],
  ])('refuses an endpoint with %s: 400 naming endpoint', async (_, endpoint) => {
    const m = await member(t);
    const { id: _id, ...sub } = push.subscription();
    const res = await callAs(t, m, pushRoutes.subscribe, { body: { ...sub, endpoint } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('PUSH_ENDPOINT_NOT_ALLOWED');
    expect(res.body.message).toMatch(/^endpoint: /);
    expect(await subscriptionRows(m.id)).toHaveLength(0);
  });

  it('accepts the browsers push services and lists the devices, this session marked', async () => {
    const m = await member(t);
    const { id: _id, ...sub } = push.subscription();
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
    ]) {
      const res = await callRoute(t.app, pushRoutes.subscribe, {
        token: m.token,
        body: { ...sub, endpoint },
        headers: {
          'user-agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/129.0 Mobile Safari/537.36',
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ label: 'Chrome · Android', current: true });
    }
    const devices = await callAs(t, m, pushRoutes.devices, {});
    expect(devices.body.data.devices).toHaveLength(4);
    const other = await member(t);
    const id = devices.body.data.devices[0]!.id;
    expect((await callAs(t, other, pushRoutes.removeDevice, { params: { id } })).status).toBe(404);
    expect((await callAs(t, m, pushRoutes.removeDevice, { params: { id } })).status).toBe(200);
    // A NUL byte reached PostgreSQL, which refuses it in text: a 500 before the id was checked.
    for (const bad of ['\u0000', 'not-an-id']) {
      const res = await callAs(t, m, pushRoutes.removeDevice, { params: { id: bad } });
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toMatch(/^id\b/);
    }
    await callAs(t, m, pushRoutes.unsubscribe, { body: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc' } });
    expect((await callAs(t, m, pushRoutes.devices, {})).body.data.devices.length).toBeLessThanOrEqual(2);
  });

  it('caps the devices of one account', async () => {
    const m = await member(t);
    for (let i = 0; i < 10; i += 1) await subscribe(m);
    const { id: _id, ...sub } = push.subscription();
    const res = await callAs(t, m, pushRoutes.subscribe, { body: sub });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('PUSH_TOO_MANY_DEVICES');
  });

  it('caps the devices of one account when its browsers subscribe at once', async () => {
    const m = await member(t);
    const tries = await Promise.allSettled(
      Array.from({ length: 16 }, () => {
        const { id: _id, ...sub } = push.subscription();
        return t.app.push.subscribe({ userId: m.id, sessionId: randomUUID().slice(0, 24) }, sub, null);
      }),
    );
    expect(tries.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(tries.flatMap((r) => (r.status === 'rejected' ? [r.reason.code] : []))).toEqual(
      Array(6).fill('PUSH_TOO_MANY_DEVICES'),
    );
    expect(await subscriptionRows(m.id)).toHaveLength(10);
  });

  it.each([
    ['a public key that is no P-256 point', { p256dh: `B${'A'.repeat(86)}` }, 'keys.p256dh'],
    ['a public key of the wrong length', { p256dh: 'B'.repeat(80) }, 'keys.p256dh'],
    ['a huge public key', { p256dh: 'B'.repeat(100_000) }, 'keys.p256dh'],
    ['a secret of 12 bytes', { auth: 'A'.repeat(16) }, 'keys.auth'],
    ['a key that is a number', { p256dh: 42 }, 'keys.p256dh'],
  ])('refuses a subscription with %s: 400 naming the field, nothing stored', async (_, keys, field) => {
    const m = await member(t);
    const { id: _id, ...sub } = push.subscription();
    const res = await callAs(t, m, pushRoutes.subscribe, {
      body: unchecked({ ...sub, keys: { ...sub.keys, ...keys } }),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(new RegExp(`^${field.replace('.', '\\.')}: `));
    expect(await subscriptionRows(m.id)).toHaveLength(0);
  });

  it('refuses a subscription body of the wrong shape or not JSON: 400', async () => {
    const m = await member(t);
    const { id: _id, ...sub } = push.subscription();
    for (const body of [[sub], 'subscription', { ...sub, keys: 'keys' }, { ...sub, endpoint: 7 }, null]) {
      expect((await callAs(t, m, pushRoutes.subscribe, { body: unchecked(body) })).status).toBe(400);
    }
    const raw = await t.app.inject({
      method: pushRoutes.subscribe.method,
      url: `${API_PREFIX}${routePath(pushRoutes.subscribe, {})}`,
      headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json' },
      payload: '{"endpoint": "https://fcm.googleapis.com/x", "keys": {',
    });
    expect(raw.statusCode).toBe(400);
    expect(await subscriptionRows(m.id)).toHaveLength(0);
  });

  it('sends a test notification to this device, 409 when it has none', async () => {
    const m = await member(t);
    expect((await callAs(t, m, pushRoutes.test, {})).status).toBe(409);
    const sub = await subscribe(m);
    expect((await callAs(t, m, pushRoutes.test, {})).status).toBe(200);
    await push.until(() => push.pushesTo(sub).length === 1);
    expect(push.pushesTo(sub)[0]!.payload).toMatchObject({ kind: 'test', tag: 'test' });
  });

  it('lets only an Admin read and choose what a notification says', async () => {
    const m = await member(t);
    expect((await callAs(t, m, pushRoutes.settings, {})).status).toBe(403);
    expect((await callAs(t, m, pushRoutes.updateSettings, { body: { contentLevel: 'text' } })).status).toBe(403);
    expect((await callAs(t, admin, pushRoutes.settings, {})).body.data.contentLevel).toBe('names');
  });
});

describe('who is pushed', () => {
  it('pushes a new message to members with no visible tab, not muted, not in Do not disturb; never its text by default', async () => {
    const [sender, away, looking, hidden, muted, dnd, unsubscribed] = await Promise.all([
      member(t, 'Grace', 'Okafor'),
      member(t, 'Away'),
      member(t, 'Looking'),
      member(t, 'Hidden'),
      member(t, 'Muted'),
      member(t, 'Busy'),
      member(t, 'Plain'),
    ]);
    const room = await group(sender, [away, looking, hidden, muted, dnd, unsubscribed], 'Ward 7 night');
    const subs = {
      away: await subscribe(away),
      looking: await subscribe(looking),
      hidden: await subscribe(hidden),
      muted: await subscribe(muted),
      dnd: await subscribe(dnd),
    };
    await callAs(t, muted, chatRoomRoutes.mute, { body: { twId: room.id } });
    await t.app.db
      .updateTable('users')
      .set({ chat_status: CHAT_STATUS.DoNotDisturb })
      .where('id', '=', dnd.id)
      .execute();
    await openSocket(t, looking);
    const hiddenTab = await openSocket(t, hidden);
    expect(await emitAck(hiddenTab, 'TabVisibility', { visible: false })).toEqual({ ok: true });
    const socket = await openSocket(t, sender);

    const m = await sentMessage(socket, { twId: room.id, body: 'Bed 12 potassium 6.8' });
    await notificationsSent(t);
    expect(push.pushesTo(subs.looking)).toHaveLength(0);
    expect(push.pushesTo(subs.muted)).toHaveLength(0);
    expect(push.pushesTo(subs.dnd)).toHaveLength(0);
    for (const sub of [subs.away, subs.hidden]) {
      const [p] = push.pushesTo(sub);
      expect(p).toMatchObject({ urgency: 'normal', ttl: 12 * 3600, topic: `room${room.id}` });
      expect(p!.payload).toMatchObject({
        kind: 'message',
        tag: `room:${room.id}`,
        roomId: room.id,
        messageId: m.id,
        title: 'Grace Okafor',
        body: 'In Ward 7 night',
        badge: 1,
      });
      expect(JSON.stringify(p!.payload)).not.toContain('potassium');
    }

    // URGENT and important reach the notified through mute and Do not disturb, with high urgency.
    const urgent = await sentMessage(socket, {
      twId: room.id,
      body: 'Bed 12 arrest',
      level: 'URGENT',
      notify: [away.id, looking.id, muted.id, dnd.id],
    });
    await notificationsSent(t);
    for (const sub of [subs.away, subs.muted, subs.dnd]) {
      const p = push.pushesTo(sub).find((r) => r.payload.messageId === urgent.id);
      expect(p).toMatchObject({ urgency: 'high', ttl: 3600 });
      expect(p!.payload).toMatchObject({ kind: 'urgent', tag: `urgent:${urgent.id}`, title: 'URGENT: Grace Okafor' });
      expect(JSON.stringify(p!.payload)).not.toContain('arrest');
    }
    expect(push.pushesTo(subs.looking)).toHaveLength(0);
    // Not notified by the URGENT message, the hidden tab's owner is pushed as for any message.
    expect(push.pushesTo(subs.hidden).find((r) => r.payload.messageId === urgent.id)?.payload.kind).toBe('message');
    expect(push.refused).toEqual([]);
  });

  it('fans out a batch of several rooms messages in one job, each leaving out only its own author', async () => {
    const [ann, ben, cat, dan] = await Promise.all([
      member(t, 'Ann'),
      member(t, 'Ben'),
      member(t, 'Cat'),
      member(t, 'Dan'),
    ]);
    const ward = await group(ann, [ben, cat]);
    const theatre = await group(ann, [dan]);
    // Sent before anyone subscribes, so no job is queued for them: the one job below carries the three.
    const sent: { m: TMessage; room: { id: string } }[] = [];
    for (const [author, room] of [
      [ann, ward],
      [ben, ward],
      [dan, theatre],
    ] as const) {
      const socket = await openSocket(t, author);
      sent.push({ m: await sentMessage(socket, { twId: room.id, body: 'Rounds at 7' }), room });
      expect(await emitAck(socket, 'TabVisibility', { visible: false })).toEqual({ ok: true });
    }
    const subs = {
      ann: await subscribe(ann),
      ben: await subscribe(ben),
      cat: await subscribe(cat),
      dan: await subscribe(dan),
    };
    const [byAnn, byBen, byDan] = sent.map((s) => s.m.id);
    expect(
      await t.app.db.transaction().execute((trx) =>
        t.app.push.queueMessages(
          trx,
          sent.map((s) => ({ id: s.m.id, twId: s.room.id })),
          Date.now(),
        ),
      ),
    ).toBe(true);
    await notificationsSent(t);
    const pushedFor = (sub: string) =>
      push
        .pushesTo(sub)
        .map((p) => p.payload.messageId)
        .sort();
    expect(pushedFor(subs.ann)).toEqual([byBen, byDan].sort());
    expect(pushedFor(subs.ben)).toEqual([byAnn]);
    expect(pushedFor(subs.cat)).toEqual([byAnn, byBen].sort());
    expect(pushedFor(subs.dan)).toEqual([]);
    // Each recipient's badge counts their rooms with unread messages.
    expect(push.pushesTo(subs.ann).map((p) => p.payload.badge)).toEqual([2, 2]);
    expect(push.pushesTo(subs.cat).map((p) => p.payload.badge)).toEqual([1, 1]);
  });

  it('says what the Admin allows, in the recipient language', async () => {
    const [sender, nurse] = await Promise.all([member(t, 'Ana', 'Silva'), member(t, 'Nurse')]);
    await t.app.db.updateTable('users').set({ language: 'fr' }).where('id', '=', nurse.id).execute();
    const room = await group(sender, [nurse], 'Cardio');
    const sub = await subscribe(nurse);
    const socket = await openSocket(t, sender);
    try {
      await setLevel('generic');
      await sentMessage(socket, { twId: room.id, body: 'Check the drain' });
      await notificationsSent(t);
      expect(push.pushesTo(sub).at(-1)!.payload).toMatchObject({
        title: 'Nouveau message',
        body: 'Ouvrez Rounds pour le lire.',
      });
      await setLevel('text');
      await sentMessage(socket, { twId: room.id, body: 'Check the drain' });
      await notificationsSent(t);
      expect(push.pushesTo(sub).at(-1)!.payload).toMatchObject({
        title: 'Ana Silva',
        body: 'Dans Cardio: Check the drain',
      });
    } finally {
      await setLevel('names');
    }
  });

  it('rings a call by push, and closes the ringing when it is answered elsewhere or ended', async () => {
    const [nurse, doctor, surgeon] = await Promise.all([caller(t, 'Nina'), caller(t, 'Omar'), caller(t, 'Sam')]);
    const room = await group(nurse, [doctor, surgeon]);
    const doctorPhone = await subscribe(doctor);
    const surgeonPhone = await subscribe(surgeon);
    const doctorTab = await openSocket(t, doctor);
    const nurseTab = await openSocket(t, nurse);
    const init = await emitAck<{ ok: boolean; call: { id: string } }>(nurseTab, 'CallInitialize', {
      twId: room.id,
      video: false,
    });
    expect(init.ok).toBe(true);
    await notificationsSent(t);
    for (const sub of [doctorPhone, surgeonPhone]) {
      expect(push.pushesTo(sub)).toEqual([
        expect.objectContaining({
          urgency: 'high',
          ttl: 60,
          payload: expect.objectContaining({
            kind: 'call',
            tag: `call:${init.call.id}`,
            title: `${nurse.name} is calling`,
          }),
        }),
      ]);
    }
    // The doctor answers on the desktop: the phone's ringing notification is closed.
    expect((await emitAck<{ ok: boolean }>(doctorTab, 'CallAccept', { twId: room.id })).ok).toBe(true);
    await notificationsSent(t);
    expect(push.pushesTo(doctorPhone).at(-1)).toMatchObject({
      ttl: 60,
      payload: { kind: 'call-ended', tag: `call:${init.call.id}`, close: true },
    });
    expect(push.pushesTo(surgeonPhone)).toHaveLength(1);
    expect((await emitAck<{ ok: boolean }>(nurseTab, 'CallEndForAll', { twId: room.id })).ok).toBe(true);
    await notificationsSent(t);
    expect(push.pushesTo(surgeonPhone).at(-1)!.payload).toMatchObject({ kind: 'call-ended', close: true });
  });
});

describe('delivery', () => {
  const pushTo = async (recipient: Member) => {
    const sender = await member(t, 'Sender');
    const room = await group(sender, [recipient]);
    const socket = await openSocket(t, sender);
    return () => sentMessage(socket, { twId: room.id, body: 'hello' });
  };
  /** The one push job of this member's devices: how often it was tried, when next, when it went. */
  const pushJobOf = async (recipient: Member) =>
    t.app.db
      .selectFrom('notification_jobs')
      .select(['attempts', 'next_attempt_at', 'sent_at'])
      .where('kind', '=', 'push')
      .where(
        'recipient',
        'in',
        (await subscriptionRows(recipient.id)).map((r) => r.id),
      )
      .executeTakeFirstOrThrow();

  it('tries again after a 500, with backoff', async () => {
    const nurse = await member(t);
    const sub = await subscribe(nurse);
    const again = await pushTo(nurse);
    push.answer(sub, { status: 500 });
    await again();
    await push.until(() => push.pushesTo(sub).length === 1);
    await vi.waitFor(async () => {
      const row = await pushJobOf(nurse);
      expect(row.sent_at).not.toBeNull();
      expect(row.attempts).toBe(2);
    });
  });

  it('waits as long as a 429 Retry-After says', async () => {
    const nurse = await member(t);
    const sub = await subscribe(nurse);
    const again = await pushTo(nurse);
    push.answer(sub, { status: 429, headers: { 'retry-after': '30' } });
    const before = Date.now();
    await again();
    await notificationsSent(t);
    const row = await pushJobOf(nurse);
    expect(row).toMatchObject({ attempts: 1, sent_at: null });
    expect(Number(row.next_attempt_at)).toBeGreaterThanOrEqual(before + 30_000);
  });

  it('deletes a subscription the push service says is gone (410)', async () => {
    const nurse = await member(t);
    const sub = await subscribe(nurse);
    const again = await pushTo(nurse);
    push.answer(sub, { status: 410 });
    await again();
    await notificationsSent(t);
    expect(await subscriptionRows(nurse.id)).toHaveLength(0);
  });

  it('removes the subscriptions on logout and on deactivation', async () => {
    const nurse = await member(t);
    await subscribe(nurse);
    const res = await callAs(t, nurse, authRoutes.logout, {});
    expect(res.status).toBe(200);
    expect(await subscriptionRows(nurse.id)).toHaveLength(0);

    const doctor = await member(t);
    await subscribe(doctor);
    const off = await callAs(t, admin, adminUserRoutes.deactivate, { body: { userId: doctor.id } });
    expect(off.status).toBe(200);
    expect(await subscriptionRows(doctor.id)).toHaveLength(0);
  });
});

describe('repeat until acknowledged', () => {
  it('alerts every 2 minutes up to 10 times, stops at once on acknowledgement, tells the sender who is still alerted', async () => {
    const [sender, away, desk] = await Promise.all([member(t, 'Lee'), member(t, 'Away'), member(t, 'Desk')]);
    const room = await group(sender, [away, desk]);
    const awayPhone = await subscribe(away);
    const deskPhone = await subscribe(desk);
    const senderTab = await openSocket(t, sender);
    const deskTab = await openSocket(t, desk);
    const alerting = collect<{ messageId: string; alerting: { userId: string; count: number }[] }>(
      senderTab,
      'UrgentAlerting',
    );
    const repeats = collect<{ messageId: string; count: number; max: number }>(deskTab, 'UrgentRepeat');
    const sent = Date.now();
    const m = await sentMessage(senderTab, {
      twId: room.id,
      body: 'Code blue',
      level: 'URGENT',
      notify: [away.id, desk.id],
    });
    await notificationsSent(t);
    expect((await alerting.next((e) => e.messageId === m.id)).alerting.map((a) => a.userId).sort()).toEqual(
      [away.id, desk.id].sort(),
    );

    // Nothing is due before two minutes (other tests' messages may be: only this one's count here).
    const repeatsAt = async (at: number) =>
      (await t.app.push.repeatDue(at)).filter((r) => r.messageId === m.id).map((r) => r.userId);
    expect(await repeatsAt(sent + 110_000)).toEqual([]);
    const minute = 60_000;
    const first = Date.now() + 2 * minute + 1_000;
    expect((await repeatsAt(first)).sort()).toEqual([away.id, desk.id].sort());
    await notificationsSent(t);
    expect(await repeats.next((r) => r.messageId === m.id)).toMatchObject({ count: 1, max: 10 });
    expect(push.pushesTo(awayPhone).at(-1)).toMatchObject({
      urgency: 'high',
      payload: {
        kind: 'reminder',
        tag: `urgent:${m.id}`,
        body: `${sender.name} is still waiting for your acknowledgement (1 of 10)`,
      },
    });
    // A visible tab does not hold back a repeat: two minutes without acknowledgement say nobody is looking.
    expect(push.pushesTo(deskPhone).at(-1)!.payload.kind).toBe('reminder');

    // The desk acknowledges: its alert closes on every device, the sender sees only the other still alerted.
    expect((await callAs(t, desk, chatRoomRoutes.acknowledge, { body: { messageId: m.id } })).status).toBe(200);
    await notificationsSent(t);
    expect(push.pushesTo(deskPhone).at(-1)!.payload).toMatchObject({ tag: `urgent:${m.id}`, close: true });
    await vi.waitFor(() => expect(alerting.seen.at(-1)?.alerting.map((a) => a.userId)).toEqual([away.id]));

    for (let k = 2; k <= 10; k += 1) {
      // One interval after the last is not due yet; at the interval it is.
      expect(await repeatsAt(first + 2 * (k - 1) * minute - 1_000)).toEqual([]);
      expect(await repeatsAt(first + 2 * (k - 1) * minute + 1_000)).toEqual([away.id]);
      // Two minutes apart in life: each repeat has gone before the next.
      await notificationsSent(t);
    }
    expect(await repeatsAt(first + 2 * 11 * minute)).toEqual([]);
    await notificationsSent(t);
    const reminders = push.pushesTo(awayPhone).filter((p) => p.payload.kind === 'reminder');
    expect(reminders).toHaveLength(10);
    expect(reminders.map((p) => /\((\d+) of 10\)/.exec(p.payload.body)?.[1])).toEqual(
      Array.from({ length: 10 }, (_, i) => String(i + 1)),
    );
    expect(push.pushesTo(deskPhone).filter((p) => p.payload.kind === 'reminder')).toHaveLength(1);
    expect(alerting.seen.at(-1)?.alerting).toEqual([]);
  });
});
