import { decodeJwt, SignJWT } from 'jose';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { createUser, login } from '../../test/support/users';
import { newId } from '../lib/ids';
import { signAccessToken } from '../lib/tokens';

describe('realtime server', () => {
  let t: TestApp;
  let url: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.listen();
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(() => t.close());

  const open = (query: Record<string, string>) => {
    const socket = connect(url, { path: '/server/socket.io', query, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    return socket;
  };
  const connected = (socket: Socket) =>
    new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (e) => reject(e));
    });
  const refused = (socket: Socket) =>
    new Promise<string>((resolve, reject) => {
      socket.once('connect', () => reject(new Error('connected')));
      socket.once('connect_error', (e) => resolve(e.message));
    });
  const token = (userId: string) =>
    signAccessToken(t.config.JWT_SECRET, { sub: userId, role: 'Regular', sid: 's1' }, 60);
  const realUser = async () => {
    const u = await createUser(t.app);
    return { id: u.id, token: (await login(t.app, u.email)).token };
  };

  it('refuses a handshake without a valid access token', async () => {
    expect(await refused(open({ uuid: 'tab-1' }))).toBe('Unauthorized');
    expect(await refused(open({ token: 'garbage', uuid: 'tab-1' }))).toBe('Unauthorized');
    const good = (await realUser()).token;
    const tampered = `${good.slice(0, -4)}AAAA`;
    expect(await refused(open({ token: tampered, uuid: 'tab-1' }))).toBe('Unauthorized');
    const otherKey = await signAccessToken(
      'another-secret-that-is-long-enough-000',
      { sub: newId(), role: 'Regular', sid: 's' },
      60,
    );
    expect(await refused(open({ token: otherKey, uuid: 'tab-1' }))).toBe('Unauthorized');
    const expired = await signAccessToken(t.config.JWT_SECRET, { sub: newId(), role: 'Regular', sid: 's' }, -10);
    expect(await refused(open({ token: expired, uuid: 'tab-1' }))).toBe('Unauthorized');
  });

  it("refuses alg none and tokens that aren't access tokens", async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ sub: newId(), typ: 'access', exp: Date.now() / 1000 + 60 })).toString(
      'base64url',
    );
    expect(await refused(open({ token: `${header}.${body}.`, uuid: 'tab-1' }))).toBe('Unauthorized');
    const refreshLike = await new SignJWT({ typ: 'refresh' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(newId())
      .setExpirationTime('1m')
      .sign(new TextEncoder().encode(t.config.JWT_SECRET));
    expect(await refused(open({ token: refreshLike, uuid: 'tab-1' }))).toBe('Unauthorized');
  });

  it('delivers published events to every tab of the audience and no one else', async () => {
    const a = await realUser();
    const b = await realUser();
    const alice = a.id;
    const bob = b.id;
    const aliceTab1 = open({ token: a.token, uuid: 'a1' });
    const aliceTab2 = open({ token: a.token, uuid: 'a2' });
    const bobTab = open({ token: b.token, uuid: 'b1' });
    await Promise.all([connected(aliceTab1), connected(aliceTab2), connected(bobTab)]);

    // NewRegisteredContact carries one id: a marker per publish.
    const n = (i: number) => `${'0'.repeat(23)}${i}`;
    const got: string[] = [];
    aliceTab1.on('NewRegisteredContact', (p) => got.push(`a1:${Number(p.userId)}`));
    aliceTab2.on('NewRegisteredContact', (p) => got.push(`a2:${Number(p.userId)}`));
    bobTab.on('NewRegisteredContact', (p) => got.push(`b1:${Number(p.userId)}`));

    t.app.publish('NewRegisteredContact', { userId: n(1) }, { users: [alice] });
    t.app.publish('NewRegisteredContact', { userId: n(2) }, { users: [bob] });
    t.app.publish('NewRegisteredContact', { userId: n(3) }, { all: true });
    t.app.publish('NewRegisteredContact', { userId: n(4) }, { users: [] });
    // One tab of one user: the other tab of that user, and another user claiming the same tab uuid, get nothing.
    const mallory = open({ token: b.token, uuid: 'a2' });
    await connected(mallory);
    mallory.on('NewRegisteredContact', (p) => got.push(`m:${Number(p.userId)}`));
    t.app.publish('NewRegisteredContact', { userId: n(5) }, { tabs: [{ userId: alice, tabId: 'a2' }] });
    t.app.publish('NewRegisteredContact', { userId: n(6) }, { sockets: [bobTab.id!] });
    await new Promise((r) => setTimeout(r, 300));
    expect(got.sort()).toEqual(['a1:1', 'a1:3', 'a2:1', 'a2:3', 'a2:5', 'b1:2', 'b1:3', 'b1:6']);
  });

  it('refuses a well-signed token whose session does not exist', async () => {
    expect(await refused(open({ token: await token(newId()), uuid: 'tab-1' }))).toBe('Unauthorized');
  });

  it('checks each socket of a crowd connecting at once against its own session', async () => {
    // A restart brings sockets back in bursts whose sessions are read together (one query per turn).
    const crowd = await Promise.all(Array.from({ length: 8 }, () => realUser()));
    const revoked = await realUser();
    await t.app.db
      .updateTable('sessions')
      .set({ revoked_at: Date.now() - 1_000 })
      .where('user_id', '=', revoked.id)
      .execute();
    const deactivated = await realUser();
    await t.app.db.updateTable('users').set({ active: 0 }).where('id', '=', deactivated.id).execute();
    // Well signed, but naming a live session of another user.
    const borrowed = await signAccessToken(
      t.config.JWT_SECRET,
      { sub: revoked.id, role: 'Regular', sid: String(decodeJwt(crowd[0]!.token).sid) },
      60,
    );
    const good = crowd.map((u, i) => open({ token: u.token, uuid: `crowd-${i}` }));
    const bad = [revoked.token, deactivated.token, borrowed].map((token, i) => open({ token, uuid: `bad-${i}` }));
    const [, refusals] = await Promise.all([Promise.all(good.map(connected)), Promise.all(bad.map(refused))]);
    expect(refusals).toEqual(['Unauthorized', 'Unauthorized', 'Unauthorized']);

    // Each socket is its own user's: what is published to one user reaches that socket alone.
    const got: string[] = [];
    for (const [i, s] of good.entries()) {
      s.on('NewRegisteredContact', (p) => got.push(`${i}:${Number(p.userId)}`));
    }
    for (const [i, u] of crowd.entries()) {
      t.app.publish('NewRegisteredContact', { userId: `${'0'.repeat(23)}${i}` }, { users: [u.id] });
    }
    await Promise.all(good.map((s) => s.timeout(2_000).emitWithAck('Ping', {})));
    expect(got.sort()).toEqual(crowd.map((_, i) => `${i}:${i}`));
  });

  it('answers the Ping the client sends every 25 s', async () => {
    const s = open({ token: (await realUser()).token, uuid: 'p1' });
    await connected(s);
    const reply = await s.timeout(2000).emitWithAck('Ping', {});
    expect(reply.at).toBeTypeOf('number');
  });

  it('closes sockets when the server shuts down', async () => {
    const t2 = await createTestApp();
    const u2 = await t2.listen();
    const s = connect(u2, {
      path: '/server/socket.io',
      query: {
        token: (await login(t2.app, (await createUser(t2.app)).email)).token,
        uuid: 'x',
      },
      transports: ['websocket'],
      reconnection: false,
    });
    await connected(s);
    const closed = new Promise<string>((resolve) => s.once('disconnect', (reason) => resolve(reason)));
    await t2.close();
    expect(await closed).toBeTruthy();
  });
});

/** Issue 28: sockets were not capped (1,000 for one user were accepted); now per user and per address. */
describe('socket caps', () => {
  let t: TestApp;
  let url: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp({ SOCKETS_PER_USER: '3', SOCKETS_PER_ADDRESS: '4', TRUST_PROXY: 'true' });
    url = await t.listen();
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(() => t.close());

  type Outcome = { connected: true } | { message: string; data?: unknown };
  // How each socket's handshake ended, listened for from the moment it opens: a tab that connects while the
  // test awaits another one's outcome must not be missed.
  const outcomes = new WeakMap<Socket, Promise<Outcome>>();
  const open = (query: Record<string, string>, headers: Record<string, string> = {}) => {
    const socket = connect(url, {
      path: '/server/socket.io',
      query,
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: headers,
    });
    outcomes.set(
      socket,
      new Promise<Outcome>((resolve) => {
        socket.once('connect', () => resolve({ connected: true }));
        socket.once('connect_error', (e: Error & { data?: unknown }) => resolve({ message: e.message, data: e.data }));
      }),
    );
    sockets.push(socket);
    return socket;
  };
  const outcome = (socket: Socket) => outcomes.get(socket)!;
  const closed = (socket: Socket) =>
    new Promise<void>((resolve) => {
      socket.once('disconnect', () => resolve());
      socket.disconnect();
    });

  it('refuses a user a socket over their cap with a clear message in their language, and admits one when a tab closes', async () => {
    const u = await createUser(t.app, { language: 'fr' });
    const { token } = await login(t.app, u.email);
    const tabs = [1, 2, 3].map((n) => open({ token, uuid: `tab-${n}` }));
    for (const tab of tabs) expect(await outcome(tab)).toEqual({ connected: true });
    const fourth = await outcome(open({ token, uuid: 'tab-4' }));
    expect(fourth).toEqual({
      message: expect.stringContaining('trop d’onglets'),
      data: { code: 'TOO_MANY_CONNECTIONS', message: expect.stringContaining('trop d’onglets') },
    });
    // Someone else is not held by this user's cap.
    const other = await createUser(t.app);
    expect(await outcome(open({ token: (await login(t.app, other.email)).token, uuid: 'tab-1' }))).toEqual({
      connected: true,
    });
    await closed(tabs[0]!);
    await expect.poll(async () => outcome(open({ token, uuid: 'tab-5' }))).toEqual({ connected: true });
  });

  it('caps sockets per client address, unauthenticated handshakes included; loopback is not counted', async () => {
    const users = await Promise.all([1, 2, 3, 4, 5].map(() => createUser(t.app)));
    const tokens = await Promise.all(users.map(async (u) => (await login(t.app, u.email)).token));
    const nat = { 'x-forwarded-for': '203.0.113.7' };
    const held = tokens.slice(0, 4).map((token) => open({ token, uuid: 'tab' }, nat));
    for (const s of held) expect(await outcome(s)).toEqual({ connected: true });
    const over = await outcome(open({ token: tokens[4]!, uuid: 'tab' }, { ...nat, 'accept-language': 'en' }));
    expect(over).toEqual({
      message: 'Too many connections from your network. Please try again in a moment.',
      data: {
        code: 'TOO_MANY_CONNECTIONS',
        message: 'Too many connections from your network. Please try again in a moment.',
      },
    });
    expect(await outcome(open({ token: 'garbage', uuid: 'tab' }, nat))).toMatchObject({
      message: expect.stringContaining('Too many connections'),
    });
    // Another address, and this machine itself, are not held by it.
    expect(await outcome(open({ token: tokens[4]!, uuid: 'tab' }, { 'x-forwarded-for': '203.0.113.8' }))).toEqual({
      connected: true,
    });
    expect(await outcome(open({ token: tokens[4]!, uuid: 'tab-2' }))).toEqual({ connected: true });
    // A refused handshake leaves nothing counted: once one closes, the address has room again.
    await closed(held[0]!);
    await expect
      .poll(async () => outcome(open({ token: tokens[0]!, uuid: 'tab-2' }, nat)))
      .toEqual({ connected: true });
    // Failed handshakes do not eat the address's room either.
    for (let i = 0; i < 5; i++)
      await outcome(open({ token: 'garbage', uuid: 'x' }, { 'x-forwarded-for': '203.0.113.9' }));
    expect(await outcome(open({ token: tokens[1]!, uuid: 'tab-3' }, { 'x-forwarded-for': '203.0.113.9' }))).toEqual({
      connected: true,
    });
  });
});
