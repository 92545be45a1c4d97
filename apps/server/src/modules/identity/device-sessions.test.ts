import { authRoutes } from '@rounds/contracts/auth';
import { pushRoutes } from '@rounds/contracts/push';
import { type PushServiceStandIn, pushServiceStandIn } from '@rounds/test-kit/push-service-stand-in';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/support/call-route';
import { callAs, type Member, member, openSocket } from '../../../test/support/chat';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { freshIp, TEST_PASSWORD } from '../../../test/support/users';

/**
 * Settings' signed-in devices (issue 26): the account's live sessions with their browser, place and last seen,
 * and ending one or all but this one the way logout does: sockets closed at once, push subscriptions gone,
 * the user log written. With SINGLE_SESSION=false a user may be signed in on several devices.
 */
let t: TestApp;
let push: PushServiceStandIn;
beforeAll(async () => {
  t = await createTestApp({ SINGLE_SESSION: 'false', PUSH_ALLOW_LOOPBACK: 'true' });
  await t.listen();
  push = await pushServiceStandIn({ vapidPublicKey: t.config.VAPID_PUBLIC_KEY });
});
afterAll(async () => {
  await t.close();
  await push.close();
});

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const DESK_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

type Device = Member & { cookie: string; ip: string };

/** Another sign-in of the same account, from its own browser and address. */
async function signIn(m: Pick<Member, 'id' | 'email' | 'name'>, userAgent: string): Promise<Device> {
  const ip = freshIp();
  const res = await callRoute(t.app, authRoutes.login, {
    body: { username: m.email, password: TEST_PASSWORD, remember: false },
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  });
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'rounds_refresh')!.value;
  return { ...m, token: res.json().token ?? '', cookie, ip };
}

const list = async (d: Member) => {
  const res = await callAs(t, d, authRoutes.sessions, {});
  expect(res.status).toBe(200);
  return res.body.data.sessions;
};

const closed = (socket: Socket) =>
  new Promise<number>((resolve) => {
    const start = Date.now();
    if (socket.disconnected) return resolve(0);
    socket.once('disconnect', () => resolve(Date.now() - start));
  });

const subscriptions = (userId: string) =>
  t.app.db.selectFrom('push_subscriptions').select('session_id').where('user_id', '=', userId).execute();

const events = async (userId: string) =>
  (
    await t.app.db
      .selectFrom('audit_logs')
      .select(['event', 'details'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute()
  ).map((r) => ({ event: r.event, details: r.details ? JSON.parse(r.details) : null }));

describe('signed-in devices', () => {
  it('lists each live session with its browser, place, last seen and sign-in, this one marked current', async () => {
    const m = await member(t, 'Nadia');
    const phone = await signIn(m, PHONE_UA);
    const desk = await signIn(m, DESK_UA);
    const seen = await list(desk);
    const byId = new Map(seen.map((s) => [s.label, s]));
    expect(byId.get('Chrome · Android')).toMatchObject({ ip: phone.ip, current: false });
    expect(byId.get('Firefox · Windows')).toMatchObject({ ip: desk.ip, current: true });
    // The member's own first sign-in is there too; every entry has its times.
    expect(seen).toHaveLength(3);
    for (const s of seen) expect(s.lastSeenAt).toBeGreaterThanOrEqual(s.createdAt);

    // A token renewal is the session being seen: from a new address, later.
    const before = byId.get('Chrome · Android')!;
    const roaming = freshIp();
    const renewed = await callRoute(t.app, authRoutes.refreshToken, {
      body: {},
      cookies: { rounds_refresh: phone.cookie },
      remoteAddress: roaming,
    });
    expect(renewed.statusCode).toBe(200);
    const after = (await list(desk)).find((s) => s.id === before.id)!;
    expect(after.ip).toBe(roaming);
    expect(after.lastSeenAt).toBeGreaterThanOrEqual(before.lastSeenAt);
    expect(after.createdAt).toBe(before.createdAt);
    // This device first, then the others, the most recently seen first.
    const order = await list(desk);
    expect(order[0]!.current).toBe(true);
    expect(order[1]!.id).toBe(before.id);
  });

  it('ends another device: its socket closes at once, its push subscription goes, the user log says so', async () => {
    const m = await member(t, 'Omar');
    const phone = await signIn(m, PHONE_UA);
    const desk = await signIn(m, DESK_UA);
    const { id: _id, ...sub } = push.subscription();
    expect((await callAs(t, phone, pushRoutes.subscribe, { body: sub })).status).toBe(200);
    const phoneSocket = await openSocket(t, phone);
    const deskSocket = await openSocket(t, desk);
    const phoneSession = (await list(desk)).find((s) => s.label === 'Chrome · Android')!;

    const gone = closed(phoneSocket);
    const res = await callAs(t, desk, authRoutes.endSession, { params: { id: phoneSession.id } });
    expect(res.status).toBe(200);
    expect(await gone).toBeLessThan(2_000);
    expect(await subscriptions(m.id)).toEqual([]);
    // Its token and its refresh cookie are refused; this device carries on.
    expect((await callAs(t, phone, authRoutes.sessions, {})).status).toBe(401);
    const renew = await callRoute(t.app, authRoutes.refreshToken, {
      body: {},
      cookies: { rounds_refresh: phone.cookie },
    });
    expect(renew.statusCode).toBe(401);
    expect(deskSocket.connected).toBe(true);
    expect((await list(desk)).map((s) => s.id)).not.toContain(phoneSession.id);
    expect(await events(m.id)).toContainEqual({
      event: 'session ended',
      details: { sessionId: phoneSession.id, label: 'Chrome · Android', current: false },
    });
    // Ending it again: it is no longer there.
    expect((await callAs(t, desk, authRoutes.endSession, { params: { id: phoneSession.id } })).status).toBe(404);
  });

  it("answers 404 for another account's session and 400 naming the id for a bad one", async () => {
    const [a, b] = await Promise.all([member(t, 'Ana'), member(t, 'Ben')]);
    const theirs = (await list(b)).find((s) => s.current)!;
    const res = await callAs(t, a, authRoutes.endSession, { params: { id: theirs.id } });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
    // Ben is still signed in.
    expect((await callAs(t, b, authRoutes.sessions, {})).status).toBe(200);
    for (const bad of ['not-an-id', 'A'.repeat(24), '\u0000']) {
      const refused = await callAs(t, a, authRoutes.endSession, { params: { id: bad } });
      expect(refused.status, bad).toBe(400);
      expect(refused.body.message).toMatch(/^id\b/);
    }
    expect((await callRoute(t.app, authRoutes.sessions, {})).statusCode).toBe(401);
  });

  it('ends this session too when asked: its own socket closes and the token stops working', async () => {
    const m = await member(t, 'Ida');
    const current = (await list(m)).find((s) => s.current)!;
    const socket = await openSocket(t, m);
    const gone = closed(socket);
    expect((await callAs(t, m, authRoutes.endSession, { params: { id: current.id } })).status).toBe(200);
    expect(await gone).toBeLessThan(2_000);
    expect((await callAs(t, m, authRoutes.sessions, {})).status).toBe(401);
    expect((await events(m.id)).at(-1)).toMatchObject({ event: 'session ended', details: { current: true } });
  });

  it('signs out every other device and keeps this one', async () => {
    const m = await member(t, 'Rosa');
    const phone = await signIn(m, PHONE_UA);
    const tablet = await signIn(m, PHONE_UA);
    const desk = await signIn(m, DESK_UA);
    const { id: _id, ...sub } = push.subscription();
    expect((await callAs(t, tablet, pushRoutes.subscribe, { body: sub })).status).toBe(200);
    const sockets = await Promise.all([openSocket(t, phone), openSocket(t, tablet), openSocket(t, m)]);
    const deskSocket = await openSocket(t, desk);
    const gone = Promise.all(sockets.map(closed));

    const res = await callAs(t, desk, authRoutes.endOtherSessions, {});
    expect(res.status).toBe(200);
    expect(res.body.data.ended).toBe(3);
    expect(Math.max(...(await gone))).toBeLessThan(2_000);
    expect(deskSocket.connected).toBe(true);
    expect(await subscriptions(m.id)).toEqual([]);
    expect(await list(desk)).toEqual([expect.objectContaining({ current: true, label: 'Firefox · Windows' })]);
    for (const d of [phone, tablet, m]) expect((await callAs(t, d, authRoutes.sessions, {})).status).toBe(401);
    expect((await events(m.id)).at(-1)).toEqual({ event: 'other sessions ended', details: { count: 3 } });
    // Nothing left to end.
    expect((await callAs(t, desk, authRoutes.endOtherSessions, {})).body.data.ended).toBe(0);
  });
});
